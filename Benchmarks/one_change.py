#!/usr/bin/env python3
"""Only the one-snapshot-changed case of posts.py, for iterating on it: the middle account's snapshot gets
a new newest post and back, RUNS * 2 builds (`feedsite build --verbose`), each timed as a whole process;
prints the median and range of the wall times and the files written per build, by kind.

usage: Benchmarks/one_change.py [N]     default 10000 (the site posts.py generates under .build/bench/posts-N/)
environment: RUNS (default 5), POSTS (default 20), FEEDSITE (the binary, default .build/release/feedsite),
WRAP (a command put before each timed build, e.g. "strace -c -f -o /tmp/trace": its overhead is timed too)
"""
import os
import shlex
import statistics
import sys

import posts


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    site, _ = posts.inputs(count, with_hugo=False)
    posts.timed([posts.FEEDSITE, "build", "-q"], site)  # the reference output and the cache, for this binary
    wrap = shlex.split(os.environ.get("WRAP", ""))
    if wrap:
        original = posts.timed
        posts.timed = lambda argv, cwd, capture=False: original(wrap + [str(a) for a in argv], cwd, capture)
    walls, written, rss = posts.one_change(count, site)
    print(f"{count} accounts x {posts.POSTS} posts, one snapshot changed, {len(walls)} builds: median {statistics.median(walls) * 1000:.0f} ms "
          f"({min(walls) * 1000:.0f}-{max(walls) * 1000:.0f}), peak RSS {rss:.0f} MB")
    print("files written per build: " + ", ".join(f"{kind} {number:g}" for kind, number in sorted(written.items())))


if __name__ == "__main__":
    main()
