#!/usr/bin/env python3
"""The fetch benchmark's feed server: serves the files of FOLDER on 127.0.0.1 (a free port, printed
on the first line) from memory, one thread per connection, HTTP/1.1 keep-alive, each answer in one
write with TCP_NODELAY, with an ETag and a Last-Modified on every answer. `GET /__mode/200` makes
every feed answer 200 whatever the request says; `GET /__mode/304` answers 304 to a request whose
If-None-Match or If-Modified-Since matches.
`GET /__counts` says how many 200s and 304s it sent to each client (by User-Agent product).

usage: fetch_server.py FOLDER
"""
import hashlib
import http.server
import pathlib
import sys
import threading

FOLDER = pathlib.Path(sys.argv[1])
FILES = {"/" + p.name: p.read_bytes() for p in FOLDER.iterdir()}
TAGS = {path: '"' + hashlib.sha1(data).hexdigest()[:16] + '"' for path, data in FILES.items()}
MODIFIED = "Mon, 30 Nov 2026 10:00:00 GMT"
STATE = {"mode": "200"}
COUNTS = {}
LOCK = threading.Lock()


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True

    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", headers=()):
        # Status line, headers and body in one write on a TCP_NODELAY socket, as nginx sends them (writev,
        # tcp_nodelay on). Written apart on a socket with Nagle's algorithm, the body waited for the
        # client's delayed ACK of the headers: about 40 ms an answer on a reused connection, which was
        # nearly all of feedsite's 200 round (1,000 answers over 4 connections) and hid the clients' own cost.
        lines = [f"HTTP/1.1 {status} {self.responses[status][0]}", f"Date: {self.date_time_string()}"]
        lines += [f"{name}: {value}" for name, value in headers] + [f"Content-Length: {len(body)}", "", ""]
        self.wfile.write("\r\n".join(lines).encode("latin-1") + body)

    def do_GET(self):
        if self.path.startswith("/__mode/"):
            STATE["mode"] = self.path.rsplit("/", 1)[1]
            return self.answer(200, b"ok")
        if self.path == "/__reset":
            COUNTS.clear()
            return self.answer(200, b"ok")
        if self.path == "/__counts":
            text = ", ".join(f"{agent} {number} x {status}" for (agent, status), number in sorted(COUNTS.items()))
            return self.answer(200, text.encode())
        data = FILES.get(self.path)
        if data is None:
            return self.answer(404, b"not found")
        tag = TAGS[self.path]
        headers = [("ETag", tag), ("Last-Modified", MODIFIED), ("Content-Type", "application/rss+xml")]
        conditional = self.headers.get("If-None-Match") == tag or self.headers.get("If-Modified-Since") == MODIFIED
        status = 304 if STATE["mode"] == "304" and conditional else 200
        agent = (self.headers.get("User-Agent") or "?").split("/")[0]
        with LOCK:
            COUNTS[(agent, status)] = COUNTS.get((agent, status), 0) + 1
        self.answer(status, b"" if status == 304 else data, headers)


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
server.daemon_threads = True
print(server.server_address[1], flush=True)
server.serve_forever()
