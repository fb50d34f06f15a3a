#!/usr/bin/env python3
"""Live preview latency: `feedsite serve` on a generated site of N accounts with posts; a client
holds the live-reload event stream (/__feedsite/events) open, as the page's script does; each round
writes one change (site.yml's title, one account's name in site.yml, a template, a snapshot, in turn) and times how long until the `reload`
event reaches the client: noticing the change (inotify, or polling where it falls back), rebuilding,
and sending the event.

usage: Benchmarks/live_reload.py [N]     default 10000 accounts; ROUNDS (default 9 per kind)
"""
import os
import pathlib
import re
import socket
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = ROOT / ".build" / "bench"
FEEDSITE = pathlib.Path(os.environ.get("FEEDSITE", ROOT / ".build" / "release" / "feedsite"))  # FEEDSITE=.build/debug/feedsite for a smoke run
ROUNDS = int(os.environ.get("ROUNDS", "9"))


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    site = WORK / f"posts-{count}"
    # The inputs posts.py makes and reuses (its stamp says they are complete).
    stamp = site / ".generated-20"
    if not stamp.exists():
        subprocess.run([sys.executable, HERE / "generate_site.py", str(count), site, "--posts", "20"], check=True)
        stamp.touch()
    serve = subprocess.Popen([FEEDSITE, "serve", "--port", "0"], cwd=site, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        line = serve.stdout.readline()
        port = int(re.search(r"127\.0\.0\.1:(\d+)/", line).group(1))
        stream = socket.create_connection(("127.0.0.1", port))
        stream.sendall(b"GET /__feedsite/events HTTP/1.1\r\nHost: x\r\n\r\n")
        buffer = b""

        def wait_for(marker):
            nonlocal buffer
            while marker not in buffer:
                chunk = stream.recv(65536)
                if not chunk:
                    sys.exit("the event stream closed")
                buffer += chunk
            buffer = buffer.split(marker, 1)[1]

        wait_for(b": connected\n\n")
        config = (site / "site.yml").read_text(encoding="utf-8")
        template = (site / "templates" / "account.html").read_text(encoding="utf-8")
        snapshot = site / "snapshots" / f"user{count // 2:06d}.json"
        original = snapshot.read_text(encoding="utf-8")
        middle = f"  - handle: user{count // 2:06d}\n    name: \""
        if middle not in config:
            sys.exit(f"site.yml has no account user{count // 2:06d} with a name to edit")
        changes = {
            "site.yml": lambda n: (site / "site.yml").write_text(config.replace("title: Benchmark site", f"title: Benchmark site {n}"), encoding="utf-8"),
            # An edit inside `accounts:` (the middle account's name), which the title change does not exercise.
            "an account": lambda n: (site / "site.yml").write_text(config.replace(f"  - handle: user{count // 2:06d}\n    name: \"", f"  - handle: user{count // 2:06d}\n    name: \"{n} ", 1), encoding="utf-8"),
            "a template": lambda n: (site / "templates" / "account.html").write_text(template + f"<!-- {n} -->\n", encoding="utf-8"),
            "a snapshot": lambda n: snapshot.write_text(original.replace('"text": "', f'"text": "{n} ', 1).replace("<p>", f"<p>{n} ", 1), encoding="utf-8"),
        }
        results = {kind: [] for kind in changes}
        for number in range(ROUNDS):
            for kind, change in changes.items():
                start = time.perf_counter()
                change(number)
                wait_for(b"event: reload\n")
                results[kind].append(time.perf_counter() - start)
        (site / "site.yml").write_text(config, encoding="utf-8")
        (site / "templates" / "account.html").write_text(template, encoding="utf-8")
        snapshot.write_text(original, encoding="utf-8")
        stream.close()
    finally:
        serve.terminate()
        serve.wait()
    print(f"feedsite serve on {count} accounts: from a file written to the reload event at a client, median of {ROUNDS} (range)")
    for kind, walls in results.items():
        print(f"  {kind:12} {statistics.median(walls) * 1000:7.0f} ms ({min(walls) * 1000:.0f}-{max(walls) * 1000:.0f})")


if __name__ == "__main__":
    main()
