#!/usr/bin/env python3
"""Parsing and sanitizing on one core (every process pinned with taskset -c 0), on the same inputs:
FEEDS generated RSS feeds of about 50 KB (fetch.py's), and the HTML of their items (one file per
feed, the descriptions unescaped and joined). Prints MB/s of input for

  feedsite-bench parse       feedsite's FeedReader (libxml2 SAX underneath, posts assembled)
  python3-feedparser         feedparser.parse on the same bytes (Debian python3-feedparser)
  xmllint --stream --noout   libxml2 reading the files and nothing else: the floor
  feedsite-bench sanitize    feedsite's HTMLSanitizer
  nh3.clean                  Ammonia, through nh3 (PyPI, in a venv this script makes)

usage: Benchmarks/parse.py [FEEDS]     default 200 (10 MB)
"""
import html
import os
import pathlib
import re
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = ROOT / ".build" / "bench" / "parse"
BENCH = pathlib.Path(os.environ.get("FEEDSITE_BENCH", ROOT / ".build" / "release" / "feedsite-bench"))
PIN = ["taskset", "-c", "0"]
SECONDS = float(os.environ.get("SECONDS_PER_TOOL", "2"))

LOOP = """
import sys, time
paths = sys.argv[2:]
inputs = [open(p, "rb").read() for p in paths]
size = sum(map(len, inputs))
if sys.argv[1] == "feedparser":
    import feedparser
    work = lambda data: feedparser.parse(data)
else:
    import nh3
    inputs = [data.decode("utf-8") for data in inputs]
    work = lambda data: nh3.clean(data)
for data in inputs:
    work(data)
start, rounds = time.perf_counter(), 0
while True:
    for data in inputs:
        work(data)
    rounds += 1
    if time.perf_counter() - start >= %s:
        break
elapsed = time.perf_counter() - start
print(f"{size * rounds / elapsed / 1e6:.1f}")
"""


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    sys.path.insert(0, str(HERE))
    import fetch
    feeds, fragments = WORK / f"feeds-{count}", WORK / f"html-{count}"
    if not (fragments / f"feed-{count - 1:04d}.html").exists():
        feeds.mkdir(parents=True, exist_ok=True)
        fragments.mkdir(parents=True, exist_ok=True)
        for number in range(count):
            data = fetch.feed(number)
            (feeds / f"feed-{number:04d}.xml").write_bytes(data)
            descriptions = re.findall(r"<description>(.*?)</description>", data.decode("utf-8"), re.S)[1:]
            (fragments / f"feed-{number:04d}.html").write_text("\n".join(html.unescape(d) for d in descriptions), encoding="utf-8")
    feed_files = sorted(map(str, feeds.iterdir()))
    html_files = sorted(map(str, fragments.iterdir()))
    feed_mb = sum(os.path.getsize(p) for p in feed_files) / 1e6
    html_mb = sum(os.path.getsize(p) for p in html_files) / 1e6

    venv = WORK / "venv"
    if not (venv / "bin" / "python").exists():
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
        subprocess.run([venv / "bin" / "pip", "install", "-q", "nh3"], check=True)

    rows = []
    out = subprocess.run(PIN + [BENCH, "parse"] + feed_files, check=True, capture_output=True, text=True).stdout
    rows.append(("feedsite-bench parse", re.search(r"([\d.]+) MB/s", out).group(1), out.strip()))
    out = subprocess.run(PIN + ["/usr/bin/python3", "-c", LOOP % SECONDS, "feedparser"] + feed_files, check=True, capture_output=True, text=True).stdout
    rows.append(("python3-feedparser", out.strip(), "feedparser.parse of each file's bytes"))
    runs, start = 0, time.perf_counter()
    while time.perf_counter() - start < SECONDS:
        subprocess.run(PIN + ["xmllint", "--stream", "--noout"] + feed_files, check=True)
        runs += 1
    rows.append(("xmllint --stream --noout", f"{feed_mb * runs / (time.perf_counter() - start):.1f}", "one process for all files, start included"))
    out = subprocess.run(PIN + [BENCH, "sanitize"] + html_files, check=True, capture_output=True, text=True).stdout
    rows.append(("feedsite-bench sanitize", re.search(r"([\d.]+) MB/s", out).group(1), out.strip()))
    out = subprocess.run(PIN + [venv / "bin" / "python", "-c", LOOP % SECONDS, "nh3"] + html_files, check=True, capture_output=True, text=True).stdout
    rows.append(("nh3.clean (Ammonia)", out.strip(), "nh3.clean of each file's text, default settings"))

    print(f"{count} feeds, {feed_mb:.1f} MB of RSS; their items' HTML, {html_mb:.1f} MB; one core (taskset -c 0)")
    for name, rate, note in rows:
        print(f"  {name:26} {float(rate):8.1f} MB/s   {note}")


if __name__ == "__main__":
    main()
