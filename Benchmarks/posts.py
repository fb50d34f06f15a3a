#!/usr/bin/env python3
"""feedsite's build benchmark with posts: N accounts x POSTS posts (generate_site.py --posts), timed as
whole processes next to the C floor writing the same bytes (floor.c, from a pack of feedsite's own
output), the two-thread floor, and Hugo building the same pages from the same snapshots (hugo_posts.py).

Every run writes its outputs side by side into one new folder (.build/bench/runs/N-RUN/{feedsite,floor,
floor2,hugo}), in an order that rotates run by run, so that all contenders of a run see the same disk
(this disk slows in bursts: writeback, discards after deletions); each ratio is taken within a run,
then the median over runs is printed. Finished run folders are moved aside and deleted at the end.

Then: the no-op rebuild against the floor that reads and compares the same files (alternating, ratio
per run); one snapshot changed (a new newest post for the middle account), with the files the build
wrote by kind (that account's, the index, river pages, anything else); peak RSS of each contender
(getrusage of the child); and how close Hugo's pages are to feedsite's.

usage: Benchmarks/posts.py [N ...]     default 10000; a second size prints time per page against the first
environment: RUNS (default 5), POSTS (default 20), HUGO (first: Hugo only at the first size, the default;
all: at every size; none), FEEDSITE (the binary, default .build/release/feedsite)
Inputs are generated once under .build/bench/posts-N/ (and posts-N-hugo/) and reused by later runs.
"""
import difflib
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
FEEDSITE = pathlib.Path(os.environ.get("FEEDSITE", ROOT / ".build" / "release" / "feedsite"))  # FEEDSITE=.build/debug/feedsite for a smoke run
FLOOR = WORK / "floor"
RUNS = int(os.environ.get("RUNS", "5"))
POSTS = int(os.environ.get("POSTS", "20"))
# Hugo at 100,000 accounts with posts takes minutes a build and gigabytes; the issue compares it at 10,000.
HUGO = os.environ.get("HUGO", "first")
if HUGO not in ("first", "all", "none"):
    sys.exit(f"HUGO must be first, all or none, not {HUGO!r}")

sys.path.insert(0, str(HERE))
import generate_site  # noqa: E402


def timed(argv, cwd, capture=False):
    """Runs argv; returns (wall seconds, peak RSS in MB, stderr)."""
    start = time.perf_counter()
    process = subprocess.Popen(argv, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    error = process.stderr.read()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code != 0:
        sys.exit(f"{' '.join(map(str, argv))} failed ({code}): {error.decode()}")
    return wall, usage.ru_maxrss / 1024, error.decode()


def aside(path):
    if path.exists():
        TRASH.mkdir(parents=True, exist_ok=True)
        path.rename(TRASH / f"{path.name}-{time.monotonic_ns()}")


def generate(count, folder, *extra):
    subprocess.run([sys.executable, HERE / "generate_site.py", str(count), folder, "--posts", str(POSTS), *extra], check=True)


def run_config(site, run):
    """A site.yml beside the site's (its templates and snapshots), writing into the run folder."""
    text = (site / "site.yml").read_text(encoding="utf-8")
    config = site / f"run-{run.name}.yml"
    config.write_text(f"output: {run / 'feedsite'}\n" + text, encoding="utf-8")
    return config


def closeness(feedsite_out, hugo_out, sample=50):
    """The share of lines Hugo's pages have in common with feedsite's (difflib), over the index, the
    river's first page and `sample` account pages; the share of feedsite's pages Hugo writes at all."""
    pages = sorted(p.relative_to(feedsite_out) for p in feedsite_out.rglob("*.html"))
    accounts = [p for p in pages if p.parts[0].startswith("user")]
    chosen = [pathlib.Path("index.html"), pathlib.Path("latest/index.html")] + accounts[:: max(1, len(accounts) // sample)][:sample]
    same = total = 0
    for page in chosen:
        ours = (feedsite_out / page).read_text(encoding="utf-8").splitlines()
        theirs = (hugo_out / page).read_text(encoding="utf-8").splitlines() if (hugo_out / page).exists() else []
        matcher = difflib.SequenceMatcher(None, ours, theirs, autojunk=False)
        same += sum(block.size for block in matcher.get_matching_blocks())
        total += len(ours)
    present = sum(1 for page in pages if (hugo_out / page).exists())
    return same / total, present, len(pages)


def clean_builds(count, site, pack, hugo_site, hugo):
    contenders = [("feedsite", lambda run: ([FEEDSITE, "build", "-q", "--config", run_config(site, run)], run)),
                  ("floor", lambda run: ([FLOOR, "write", pack, run / "floor"], run)),
                  ("floor2", lambda run: ([FLOOR, "write2", pack, run / "floor2"], run))]
    if hugo:
        contenders.append(("hugo", lambda run: ([hugo, "--quiet", "-d", str(run / "hugo")], hugo_site)))
    walls = {name: [] for name, _ in contenders}
    rss = {name: [] for name, _ in contenders}
    ratios = {key: [] for key in ["feedsite/floor", "feedsite/floor2", "feedsite/hugo", "floor/hugo"]}
    last = None
    for number in range(RUNS):
        run = WORK / "runs" / f"{count}-{number}-{time.monotonic_ns()}"
        run.mkdir(parents=True)
        shift = number % len(contenders)
        wall = {}
        for name, command in contenders[shift:] + contenders[:shift]:
            argv, cwd = command(run)
            wall[name], peak, _ = timed(argv, cwd)
            walls[name].append(wall[name])
            rss[name].append(peak)
        ratios["feedsite/floor"].append(wall["feedsite"] / wall["floor"])
        ratios["feedsite/floor2"].append(wall["feedsite"] / wall["floor2"])
        if hugo:
            ratios["feedsite/hugo"].append(wall["feedsite"] / wall["hugo"])
            ratios["floor/hugo"].append(wall["floor"] / wall["hugo"])
        if last is not None:
            aside(last)
        last = run
    return walls, rss, ratios, last


def noop(site, run, pack):
    """No-op rebuild of the last run's output against the compare floor on its floor output, alternating."""
    walls, ratios, rss = {"feedsite": [], "compare": []}, [], []
    for number in range(RUNS):
        order = ["feedsite", "compare"] if number % 2 == 0 else ["compare", "feedsite"]
        wall = {}
        for name in order:
            argv = [FEEDSITE, "build", "-q", "--config", run_config(site, run)] if name == "feedsite" else [FLOOR, "compare", pack, run / "floor"]
            wall[name], peak, _ = timed(argv, run)
            walls[name].append(wall[name])
            if name == "feedsite":
                rss.append(peak)
        ratios.append(wall["feedsite"] / wall["compare"])
    return walls, ratios, max(rss)


def one_change(count, site):
    """A new newest post in one snapshot, and back: wall time and the files written, by kind."""
    touched = count // 2
    handle = f"user{touched:06d}"
    walls, kinds, rss = [], {}, []
    snapshot = site / "snapshots" / f"{handle}.json"
    for number in range(RUNS * 2):
        # Only the one file changes, as `generate_site.py --touch-snapshot` would write it (and back).
        generate_site.write_if_changed(snapshot, generate_site.snapshot(touched, handle, POSTS, touched=number % 2 == 0))
        wall, peak, err = timed([FEEDSITE, "build", "--verbose"], site)
        walls.append(wall)
        rss.append(peak)
        for line in err.splitlines():
            if not line.startswith("wrote "):
                continue
            path = line[len("wrote "):].split("/", 1)[-1]
            kind = ("the account's files" if path.startswith(handle + "/") else "index.html" if path == "index.html"
                    else "river pages" if path.startswith("latest/") else "other: " + path)
            kinds[kind] = kinds.get(kind, 0) + 1
    return walls, {kind: number / (RUNS * 2) for kind, number in kinds.items()}, max(rss)


def inputs(count, with_hugo):
    """The generated site (and Hugo's) for `count` accounts, made once and reused: a folder is complete
    once its stamp file is written."""
    site = WORK / f"posts-{count}"
    stamp = site / f".generated-{POSTS}"
    if not stamp.exists():
        generate(count, site)
        stamp.touch()
    # What an interrupted run (or live_reload.py) left changed is put back: the middle account's
    # snapshot, site.yml, the templates (the repository's, which may have changed since).
    generate_site.write_if_changed(site / "snapshots" / f"user{count // 2:06d}.json",
                                   generate_site.snapshot(count // 2, f"user{count // 2:06d}", POSTS))
    generate_site.write_if_changed(site / "site.yml", generate_site.site(count, posts=POSTS))
    put_back_templates(site)
    hugo_site = WORK / f"posts-{count}-hugo"
    hugo_stamp = hugo_site / f".generated-{POSTS}"
    if with_hugo:
        if not hugo_stamp.exists():
            aside(hugo_site)  # interrupted, or made for another POSTS
        # Run when the data is there too: it rewrites the content and layouts that changed since.
        subprocess.run([sys.executable, HERE / "hugo_posts.py", site, hugo_site], check=True)
        hugo_stamp.touch()
    return site, hugo_site


def put_back_templates(site):
    """The site's templates made the repository's again: a change a run or live_reload.py made, and
    the default templates' changes since the site was generated (its copy is made once)."""
    ours = ROOT / "templates"
    theirs = site / "templates"
    for path in theirs.rglob("*"):
        if path.is_file() and not (ours / path.relative_to(theirs)).is_file():
            path.unlink()
    for path in ours.rglob("*"):
        if path.is_file():
            copy = theirs / path.relative_to(ours)
            if not copy.is_file() or copy.read_bytes() != path.read_bytes():
                copy.parent.mkdir(parents=True, exist_ok=True)
                copy.write_bytes(path.read_bytes())


def bench(count, with_hugo):
    site, hugo_site = inputs(count, with_hugo)
    timed([FEEDSITE, "build", "-q"], site)  # warm the file cache; the reference output
    output = site / "output"
    pages = sum(1 for _ in output.rglob("*.html"))
    megabytes = sum(p.stat().st_size for p in output.rglob("*") if p.is_file()) / 1e6
    pack = site / "floor.pack"
    subprocess.run([sys.executable, HERE / "pack.py", output, pack], check=True)
    hugo = shutil.which("hugo") if with_hugo else None
    if hugo:
        timed([hugo, "--quiet", "-d", str(hugo_site / "public")], hugo_site)  # warm

    walls, rss, ratios, last = clean_builds(count, site, pack, hugo_site, hugo)
    noop_walls, noop_ratios, noop_rss = noop(site, last, pack)
    change_walls, written, change_rss = one_change(count, site)

    print(f"\n{count} accounts x {POSTS} posts: {pages} pages, {megabytes:.1f} MB written, median of {RUNS} runs, "
          "outputs side by side in one folder per run")
    print(f"  {'what':38} {'wall':>9} {'per page':>9} {'MB/s':>7} {'peak RSS':>9}")
    names = {"feedsite": "feedsite clean build", "floor": "floor: write the files (C)", "floor2": "floor: write on 2 threads (C)",
             "hugo": "hugo clean build"}
    for name, label in names.items():
        if name in walls:
            wall = statistics.median(walls[name])
            print(f"  {label:38} {wall * 1000:7.0f} ms {wall * 1e6 / pages:6.1f} µs {megabytes / wall:7.1f} {max(rss[name]):6.0f} MB")
    for label, values, peak in [("feedsite no-op rebuild", noop_walls["feedsite"], noop_rss),
                                ("floor: read and compare (C)", noop_walls["compare"], None),
                                ("feedsite one snapshot changed", change_walls, change_rss)]:
        wall = statistics.median(values)
        print(f"  {label:38} {wall * 1000:7.0f} ms {'':>9} {'':>7} " + (f"{peak:6.0f} MB" if peak else ""))
    print("  ratios, each taken within a run, then the median (range):")
    for key, values in ratios.items():
        if values:
            print(f"    clean {key:16} {statistics.median(values):5.2f} ({min(values):.2f}-{max(values):.2f})")
    print(f"    no-op feedsite/compare  {statistics.median(noop_ratios):5.2f} ({min(noop_ratios):.2f}-{max(noop_ratios):.2f})")
    print("  one snapshot changed, files written per build: " + ", ".join(f"{kind} {number:g}" for kind, number in sorted(written.items())))
    if hugo:
        share, present, total = closeness(last / "feedsite", last / "hugo")
        print(f"  hugo's pages: {present} of feedsite's {total}; {share:.1%} of the sampled pages' lines identical")
    aside(last)
    for config in site.glob("run-*.yml"):
        config.unlink()
    sys.stdout.flush()
    return statistics.median(walls["feedsite"]) / pages


def main():
    sizes = [int(a) for a in sys.argv[1:]] or [10000]
    WORK.mkdir(parents=True, exist_ok=True)
    subprocess.run(["gcc", "-O2", "-pthread", "-o", FLOOR, HERE / "floor.c"], check=True)
    print(f"machine: {os.cpu_count()} cores; {open('/proc/cpuinfo').read().split('model name')[1].split(':')[1].splitlines()[0].strip()}")
    hugo = shutil.which("hugo") is not None and HUGO != "none"
    if HUGO != "none" and not hugo:
        print("hugo is not installed (scripts/install-deps --bench): feedsite is timed without it")
    per_page = [bench(count, hugo and (HUGO == "all" or index == 0)) for index, count in enumerate(sizes)]
    for count, value in zip(sizes[1:], per_page[1:]):
        print(f"\nclean build per page: {value * 1e6:.1f} µs at {count} accounts, {per_page[0] * 1e6:.1f} µs at {sizes[0]}: "
              f"{value / per_page[0]:.2f}x")
    shutil.rmtree(TRASH, ignore_errors=True)


if __name__ == "__main__":
    main()
