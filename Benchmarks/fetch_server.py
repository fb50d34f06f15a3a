#!/usr/bin/env python3
"""The fetch benchmark's feed server: serves the files of FOLDER on 127.0.0.1 (a free port, printed
on the first line) from memory, one thread per connection, HTTP/1.1 keep-alive, with an ETag and a
Last-Modified on every answer. `GET /__mode/200` makes every feed answer 200 whatever the request
says; `GET /__mode/304` answers 304 to a request whose If-None-Match or If-Modified-Since matches.
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

    def log_message(self, *args):
        pass

    def answer(self, status, body=b"", headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        if body:
            self.wfile.write(body)

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
