#!/usr/bin/env python3
"""feedsite's build benchmark: generated sites of 1,000, 10,000 and 100,000 accounts, timed as whole
processes (median of RUNS runs): clean build, no-op rebuild, rebuild after changing one account,
and `feedsite check`, next to the floor (a C program that only writes, or only reads and compares,
the same files) and, when Hugo is installed, Hugo building the equivalent site, runs alternating.

usage: Benchmarks/run.py [SIZES...]   (default 1000 10000 100000; RUNS=5 in the environment to change runs)
Previous outputs are moved aside, not deleted, before timed runs (deleting slows file creation).
"""
import os
import pathlib
import shutil
import statistics
import subprocess
import sys
import time

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent
WORK = ROOT / ".build" / "bench"
TRASH = WORK / "trash"
FEEDSITE = ROOT / ".build" / "release" / "feedsite"
FLOOR = WORK / "floor"
RUNS = int(os.environ.get("RUNS", "5"))


def timed(argv, cwd):
    """Runs argv; returns (wall seconds, peak RSS in MB)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    error = process.stderr.read().decode()
    process.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(map(str, argv))} failed ({code}): {error}")
    return wall, usage.ru_maxrss / 1024


def aside(path):
    if path.exists():
        TRASH.mkdir(parents=True, exist_ok=True)
        path.rename(TRASH / f"{path.name}-{time.monotonic_ns()}")


def html_bytes(folder):
    return sum(p.stat().st_size for p in folder.rglob("*.html"))


def median_run(name, prepare, argv, cwd):
    walls, rss = [], []
    for _ in range(RUNS):
        prepare()
        wall, peak = timed(argv, cwd)
        walls.append(wall)
        rss.append(peak)
    return {"name": name, "wall": statistics.median(walls), "rss": max(rss)}


def hugo_site(site, count):
    """The equivalent Hugo site: one content file per account, one layout for the same page."""
    folder = site.parent / (site.name + "-hugo")
    if folder.exists():
        return folder
    (folder / "content" / "accounts").mkdir(parents=True)
    (folder / "layouts" / "_default").mkdir(parents=True)
    sys.path.insert(0, str(HERE))
    import generate_site
    lines = generate_site.site(count).splitlines()
    (folder / "hugo.toml").write_text('baseURL = "/"\ndisableKinds = ["RSS", "sitemap", "taxonomy", "term", "section"]\n'
                                      'uglyURLs = false\n[outputs]\nhome = ["HTML"]\npage = ["HTML"]\n')
    accounts, current = [], None
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("- handle: "):
            current = {"handle": stripped[len("- handle: "):]}
            accounts.append(current)
        elif current is not None and stripped.startswith("name: "):
            current["name"] = stripped[len("name: "):]
        elif current is not None and stripped.startswith("text: "):
            current["text"] = stripped[len("text: "):]
    for account in accounts:
        (folder / "content" / "accounts" / f"{account['handle']}.md").write_text(
            f"---\ntitle: {account['name']}\nhandle: {account['handle']}\ncompose: {account['text']}\n---\n")
    (folder / "layouts" / "_default" / "single.html").write_text("""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{{ .Title }} (@{{ .Params.handle }})</title>
<link rel="stylesheet" href="../../assets/site.css"></head><body><main id="main"><h1>{{ .Title }}</h1>
<a class="button compose" href="https://twitter.com/intent/tweet?text={{ .Params.compose | urlquery }}" target="_blank" rel="noopener noreferrer">Post to @{{ .Params.handle }}</a>
<section class="timeline" aria-busy="true" data-feedsite-timeline data-timeout-ms="10000">
<a class="twitter-timeline" href="https://twitter.com/{{ .Params.handle }}" data-theme="auto" data-height="600" data-dnt="true">Posts by @{{ .Params.handle }}</a>
<div class="timeline-overlay" role="status"><span class="spinner" aria-hidden="true"></span><span>Loading @{{ .Params.handle }}'s posts…</span></div>
<div class="timeline-fallback" role="alert" hidden><p>@{{ .Params.handle }}'s posts could not be shown here.</p><a class="button" href="https://twitter.com/{{ .Params.handle }}">See @{{ .Params.handle }} on X</a> <button type="button">Try again</button></div>
<noscript><a href="https://twitter.com/{{ .Params.handle }}">See posts on X</a></noscript></section></main>
<script async src="https://platform.twitter.com/widgets.js"></script></body></html>
""")
    (folder / "layouts" / "index.html").write_text("""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Accounts</title></head><body><ul>
{{ range where .Site.RegularPages "Section" "accounts" }}<li><a href="{{ .RelPermalink }}">{{ .Title }} @{{ .Params.handle }}</a></li>
{{ end }}</ul></body></html>
""")
    return folder


def bench(count):
    site = WORK / f"site-{count}"
    if not (site / "site.yml").exists():
        subprocess.run([sys.executable, HERE / "generate_site.py", str(count), site], check=True)
    output = site / "output"
    timed([FEEDSITE, "build", "-q"], site)  # warm the file cache
    pages = sum(1 for _ in output.rglob("*.html"))
    megabytes = html_bytes(output) / 1e6
    results = [median_run("feedsite clean build", lambda: aside(output), [FEEDSITE, "build", "-q"], site)]
    results.append(median_run("feedsite no-op rebuild", lambda: None, [FEEDSITE, "build", "-q"], site))
    toggle = {"on": False}

    def change_one():
        toggle["on"] = not toggle["on"]
        argv = [sys.executable, HERE / "generate_site.py", str(count), site] + (["--touch", str(count // 2)] if toggle["on"] else [])
        subprocess.run(argv, check=True)

    results.append(median_run("feedsite one account changed", change_one, [FEEDSITE, "build", "-q"], site))
    subprocess.run([sys.executable, HERE / "generate_site.py", str(count), site], check=True)
    timed([FEEDSITE, "build", "-q"], site)
    results.append(median_run("feedsite check", lambda: None, [FEEDSITE, "check", "output"], site))

    pack = site / "floor.pack"
    subprocess.run([sys.executable, HERE / "pack.py", output, pack], check=True)
    floor_out = site / "floor-out"
    results.append(median_run("floor: write the files (C)", lambda: aside(floor_out), [FLOOR, "write", pack, floor_out], site))
    results.append(median_run("floor: read and compare (C)", lambda: None, [FLOOR, "compare", pack, floor_out], site))

    hugo = shutil.which("hugo")
    if hugo:
        hsite = hugo_site(site, count)
        public = hsite / "public"
        feedsite_walls, hugo_walls, hugo_rss = [], [], []
        for _ in range(RUNS):  # alternate, so both see the same machine
            aside(output)
            feedsite_walls.append(timed([FEEDSITE, "build", "-q"], site)[0])
            aside(public)
            wall, rss = timed([hugo, "--quiet", "-d", str(public)], hsite)
            hugo_walls.append(wall)
            hugo_rss.append(rss)
        results.append({"name": "hugo clean build", "wall": statistics.median(hugo_walls), "rss": max(hugo_rss)})
        noop = [timed([hugo, "--quiet", "-d", str(public)], hsite) for _ in range(RUNS)]
        results.append({"name": "hugo no-op rebuild", "wall": statistics.median(w for w, _ in noop), "rss": max(r for _, r in noop)})
        ratio = statistics.median(feedsite_walls) / statistics.median(hugo_walls)
    print(f"\n{count} accounts: {pages} pages, {megabytes:.1f} MB of HTML, median of {RUNS} runs")
    print(f"  {'what':34} {'wall':>9} {'pages/s':>10} {'MB/s':>8} {'peak RSS':>10}")
    for row in results:
        print(f"  {row['name']:34} {row['wall'] * 1000:7.0f} ms {pages / row['wall']:10.0f} {megabytes / row['wall']:8.1f} {row['rss']:7.0f} MB")
    if hugo:
        print(f"  feedsite clean build / hugo clean build: {ratio:.2f} (alternating runs)")
    sys.stdout.flush()


def main():
    sizes = [int(a) for a in sys.argv[1:]] or [1000, 10000, 100000]
    WORK.mkdir(parents=True, exist_ok=True)
    subprocess.run(["gcc", "-O2", "-o", FLOOR, HERE / "floor.c"], check=True)
    print(f"machine: {os.cpu_count()} cores; {open('/proc/cpuinfo').read().split('model name')[1].split(':')[1].splitlines()[0].strip()}")
    for count in sizes:
        bench(count)
    shutil.rmtree(TRASH, ignore_errors=True)


if __name__ == "__main__":
    main()
