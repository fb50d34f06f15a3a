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
    if (folder / "hugo.toml").exists():
        return folder
    (folder / "content" / "accounts").mkdir(parents=True)
    (folder / "layouts" / "_default").mkdir(parents=True)
    sys.path.insert(0, str(HERE))
    import generate_site
    lines = generate_site.site(count).splitlines()
    import hugo_posts
    (folder / "hugo.toml").write_text('baseURL = "/"\ntitle = "Benchmark site"\n'
                                      'disableKinds = ["RSS", "sitemap", "taxonomy", "term", "section"]\n'
                                      'uglyURLs = false\n[outputs]\nhome = ["HTML"]\npage = ["HTML"]\n'
                                      '[params]\ndescription = "Generated accounts for the feedsite benchmark"\n'
                                      f'csp_timeline = "{hugo_posts.CSP_TIMELINE}"\n')
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
    # The same page feedsite's default templates produce (layout, overlay, fallback, compose link).
    (folder / "layouts" / "_default" / "single.html").write_text(hugo_posts.page_top(
        "{{ .Title }} (@{{ .Params.handle }}) · Benchmark site", "../../", timeline=True) + """<article class="account">
  <header class="account-header">
    <p class="back"><a href="../../index.html">← All accounts</a></p>
    <h1>{{ .Title }} <span class="handle">@{{ .Params.handle }}</span></h1>
    <p class="actions">
      <a class="button compose" href="https://twitter.com/intent/tweet?text={{ .Params.compose | urlquery }}" target="_blank" rel="noopener noreferrer">Post to @{{ .Params.handle }}</a>
      <a class="button secondary" href="https://twitter.com/{{ .Params.handle }}" target="_blank" rel="noopener noreferrer">Open profile on X</a>
    </p>
  </header>
  <section class="timeline" aria-label="Posts by @{{ .Params.handle }}" aria-busy="true" data-feedsite-timeline data-load="auto" data-timeout-ms="10000" style="min-height: 600px">
    <a class="twitter-timeline" href="https://twitter.com/{{ .Params.handle }}" data-theme="auto" data-height="600" data-dnt="true">Posts by @{{ .Params.handle }}</a>
    <script>(function(a){if(a.getAttribute("data-theme")==="auto")a.setAttribute("data-theme",matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light")})(document.currentScript.previousElementSibling)</script>
    <div class="timeline-overlay" role="status">
      <span class="spinner" aria-hidden="true"></span>
      <span>Loading @{{ .Params.handle }}'s posts…</span>
    </div>
""" + hugo_posts.timeline_end("Showing posts here needs JavaScript.") + """</main>
<footer class="site-footer">
  <p>Built with Hugo. Posts are shown by X and stay on X.</p>
</footer>
<script src="../../assets/feedsite.js" defer></script>
<script async src="https://platform.twitter.com/widgets.js"></script>
</body>
</html>
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
    pack = site / "floor.pack"
    subprocess.run([sys.executable, HERE / "pack.py", output, pack], check=True)
    floor_out = site / "floor-out"
    floor2_out = site / "floor2-out"
    hugo = shutil.which("hugo")
    hsite = hugo_site(site, count) if hugo else None
    public = hsite / "public" if hsite else None

    # Clean builds alternate with the floor and Hugo, so that all see the same disk and machine.
    clean = {"feedsite": [], "floor": [], "floor2": [], "hugo": []}
    rss = {"feedsite": [], "floor": [], "floor2": [], "hugo": []}
    for _ in range(RUNS):
        contenders = [("feedsite", output, [FEEDSITE, "build", "-q"], site), ("floor", floor_out, [FLOOR, "write", pack, floor_out], site),
                      ("floor2", floor2_out, [FLOOR, "write2", pack, floor2_out], site)]
        if hugo:
            contenders.append(("hugo", public, [hugo, "--quiet", "-d", str(public)], hsite))
        for name, folder, argv, cwd in contenders:
            aside(folder)
            wall, peak = timed(argv, cwd)
            clean[name].append(wall)
            rss[name].append(peak)
    results = [{"name": "feedsite clean build", "wall": statistics.median(clean["feedsite"]), "rss": max(rss["feedsite"])}]
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
    results.append({"name": "floor: write the files (C)", "wall": statistics.median(clean["floor"]), "rss": max(rss["floor"])})
    results.append({"name": "floor: write them on 2 threads (C)", "wall": statistics.median(clean["floor2"]), "rss": max(rss["floor2"])})
    results.append(median_run("floor: read and compare (C)", lambda: None, [FLOOR, "compare", pack, floor_out], site))
    if hugo:
        results.append({"name": "hugo clean build", "wall": statistics.median(clean["hugo"]), "rss": max(rss["hugo"])})
        noop = [timed([hugo, "--quiet", "-d", str(public)], hsite) for _ in range(RUNS)]
        results.append({"name": "hugo no-op rebuild", "wall": statistics.median(w for w, _ in noop), "rss": max(r for _, r in noop)})
    print(f"\n{count} accounts: {pages} pages, {megabytes:.1f} MB of HTML, median of {RUNS} runs")
    print(f"  {'what':34} {'wall':>9} {'pages/s':>10} {'MB/s':>8} {'peak RSS':>10}")
    for row in results:
        print(f"  {row['name']:34} {row['wall'] * 1000:7.0f} ms {pages / row['wall']:10.0f} {megabytes / row['wall']:8.1f} {row['rss']:7.0f} MB")
    feedsite_clean = statistics.median(clean["feedsite"])
    print(f"  clean build: feedsite / floor = {feedsite_clean / statistics.median(clean['floor']):.2f}"
          + (f", feedsite / hugo = {feedsite_clean / statistics.median(clean['hugo']):.2f}" if hugo else "")
          + (f"; floor / hugo = {statistics.median(clean['floor']) / statistics.median(clean['hugo']):.2f}, 2-thread floor / hugo = "
             f"{statistics.median(clean['floor2']) / statistics.median(clean['hugo']):.2f}" if hugo else "")
          + f"; no-op: feedsite / compare floor = {results[1]['wall'] / results[6]['wall']:.2f}"
          + (f", feedsite / hugo = {results[1]['wall'] / results[8]['wall']:.3f}" if hugo else "") + " (alternating runs)")
    sys.stdout.flush()


def main():
    sizes = [int(a) for a in sys.argv[1:]] or [1000, 10000, 100000]
    WORK.mkdir(parents=True, exist_ok=True)
    subprocess.run(["gcc", "-O2", "-pthread", "-o", FLOOR, HERE / "floor.c"], check=True)
    print(f"machine: {os.cpu_count()} cores; {open('/proc/cpuinfo').read().split('model name')[1].split(':')[1].splitlines()[0].strip()}")
    for count in sizes:
        bench(count)
    shutil.rmtree(TRASH, ignore_errors=True)


if __name__ == "__main__":
    main()
