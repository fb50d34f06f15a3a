#!/usr/bin/env python3
"""feedsite's fetch benchmark: FEEDS feeds of about 50 KB (RSS 2.0, 25 items each), served on
127.0.0.1 by a threaded Python server (fetch_server.py, in a process of its own) with ETag and
Last-Modified, fetched by `feedsite fetch` and by `newsboat -x reload` (reload-threads 16) from
the same URL list, alternating run by run:

  200 round: every feed answers 200 (fresh snapshots / an empty newsboat cache each run; the old
             ones are moved aside and deleted at the end, not before the run)
  304 round: every feed answers 304 (the clients send what the last 200 round stored)

Prints the median wall time of each next to the other, their ratio (taken within a run), peak
RSS, the answers each client got (newsboat 2.21 sends no If-None-Match or If-Modified-Since,
so in the 304 round it downloads every feed again: its 304 figure is a second full reload), and
the server's CPU time per round (if it is near the round's wall time, the server is the
bottleneck and the figures say nothing about the clients).

usage: Benchmarks/fetch.py [FEEDS]      default 1000; RUNS (default 5) in the environment
"""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import time
import urllib.request

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = ROOT / ".build" / "bench" / "fetch"
FEEDSITE = pathlib.Path(os.environ.get("FEEDSITE", ROOT / ".build" / "release" / "feedsite"))  # FEEDSITE=.build/debug/feedsite for a smoke run
RUNS = int(os.environ.get("RUNS", "5"))
WORDS = "feeds café naïve parsers résumé static sites river notes on the web releases build fast links and more über déjà vu".split()


def feed(number):
    """An RSS 2.0 feed of about 50 KB: 25 items with HTML descriptions (escaped), links and dates."""
    items = []
    for item in range(25):
        words = [WORDS[(number + item * 5 + k) % len(WORDS)] for k in range(260)]
        text = " ".join(words)
        html = (f"&lt;p&gt;{text[:900]} &lt;a href=&quot;https://example.com/{number}/{item}?a=1&amp;amp;b=2&quot;&gt;link&lt;/a&gt;&lt;/p&gt;"
                f"&lt;p&gt;{text[900:]}&lt;/p&gt;")
        day = 28 - item % 28
        items.append(f"""<item><title>Post {item} of feed {number}: {' '.join(words[:6])}</title>
<link>https://example.com/{number}/posts/{item}</link><guid>https://example.com/{number}/posts/{item}</guid>
<pubDate>Mon, {day:02d} Nov 2026 {item % 24:02d}:00:00 GMT</pubDate><description>{html}</description></item>""")
    return (f"""<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel><title>Feed {number}</title><link>https://example.com/{number}/</link>
<description>Benchmark feed {number}</description>
{chr(10).join(items)}
</channel></rss>
""").encode("utf-8")


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def timed(argv, cwd, env=None):
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    error = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(map(str, argv))} failed ({code}): {error.decode()[-2000:]}")
    return wall, usage.ru_maxrss / 1024


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    newsboat = shutil.which("newsboat")
    if not newsboat:
        sys.exit("newsboat is not installed: scripts/install-deps --bench")
    feeds = WORK / f"feeds-{count}"
    if not (feeds / f"feed-{count - 1:04d}.xml").exists():
        feeds.mkdir(parents=True, exist_ok=True)
        for number in range(count):
            (feeds / f"feed-{number:04d}.xml").write_bytes(feed(number))
    size = sum(p.stat().st_size for p in feeds.iterdir()) / count / 1000
    server = subprocess.Popen([sys.executable, HERE / "fetch_server.py", feeds], stdout=subprocess.PIPE, text=True)
    port = int(server.stdout.readline())
    base = f"http://127.0.0.1:{port}"
    try:
        urls = [f"{base}/feed-{number:04d}.xml" for number in range(count)]
        site = WORK / f"site-{count}"
        # Nothing is deleted until the end: on a file system without a journal (this machine's ext4), a
        # file created within a minute or more of deleting many others passes over each of their inode
        # numbers first, so removing 1,000 snapshots before a run slowed the file-per-feed client (and the
        # more, the more runs came before) and not the one-file client. What a run leaves goes to trash/.
        trash = WORK / f"trash-{count}"
        shutil.rmtree(trash, ignore_errors=True)
        trash.mkdir(parents=True)
        if site.exists():
            site.rename(trash / "site")
        site.mkdir(parents=True)
        shutil.copytree(ROOT / "templates", site / "templates")
        (site / "site.yml").write_text("title: Fetch benchmark\naccounts:\n" + "".join(
            f"  - handle: feed{number:04d}\n    feed: {url}\n" for number, url in enumerate(urls)))
        home = site / "newsboat"
        home.mkdir()
        (home / "urls").write_text("\n".join(urls) + "\n")
        (home / "config").write_text("reload-threads 16\n")
        env = dict(os.environ, HOME=str(home))
        feedsite_argv = [FEEDSITE, "fetch", "-q"]
        newsboat_argv = [newsboat, "-x", "reload", "-u", home / "urls", "-c", home / "cache.db", "-C", home / "config"]

        def mode(name):
            urllib.request.urlopen(f"{base}/__mode/{name}").read()

        def fresh():
            for path in [site / "snapshots", home / "cache.db", home / "cache.db.lock"]:
                if path.exists():
                    path.rename(trash / f"{len(list(trash.iterdir()))}-{path.name}")

        results = {}
        for round_name in ["200", "304"]:
            walls = {"feedsite": [], "newsboat": []}
            rss = {"feedsite": [], "newsboat": []}
            ratios, server_cpu = [], []
            for number in range(RUNS):
                order = ["feedsite", "newsboat"] if number % 2 == 0 else ["newsboat", "feedsite"]
                wall = {}
                if round_name == "304":
                    # The state a 200 round leaves, untimed: both clients then hold each feed's ETag.
                    fresh()
                    mode("200")
                    timed(feedsite_argv, site)
                    timed(newsboat_argv, site, env)
                    mode("304")
                else:
                    mode("200")
                for name in order:
                    if round_name == "200":
                        fresh()
                    before = cpu_seconds(server.pid)
                    wall[name], peak = timed(feedsite_argv if name == "feedsite" else newsboat_argv, site, env if name == "newsboat" else None)
                    server_cpu.append(cpu_seconds(server.pid) - before)
                    walls[name].append(wall[name])
                    rss[name].append(peak)
                ratios.append(wall["feedsite"] / wall["newsboat"])
            results[round_name] = (walls, rss, ratios, server_cpu)
            results[round_name] += (urllib.request.urlopen(f"{base}/__counts").read().decode(),)
            urllib.request.urlopen(f"{base}/__reset").read()
    finally:
        server.terminate()
        server.wait()
        shutil.rmtree(WORK / f"trash-{count}", ignore_errors=True)

    print(f"{count} feeds of {size:.0f} KB on 127.0.0.1, median of {RUNS} runs (alternating)")
    print(f"  {'round':6} {'feedsite fetch':>16} {'newsboat -x reload':>20} {'feedsite / newsboat':>20} {'server CPU':>11}")
    for round_name, (walls, rss, ratios, server_cpu, _) in results.items():
        feedsite, news = statistics.median(walls["feedsite"]), statistics.median(walls["newsboat"])
        print(f"  {round_name:6} {feedsite * 1000:8.0f} ms {max(rss['feedsite']):3.0f} MB {news * 1000:10.0f} ms {max(rss['newsboat']):3.0f} MB "
              f"{statistics.median(ratios):12.2f} ({min(ratios):.2f}-{max(ratios):.2f}) {statistics.median(server_cpu) * 1000:6.0f} ms")
    for round_name, result in results.items():
        print(f"  answers in the {round_name} round (untimed set-up included): {result[4]}")


if __name__ == "__main__":
    main()

