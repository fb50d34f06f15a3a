#!/usr/bin/env bash
# Compares what two builds of feedsite-bench read from the same files (`feedsite-bench dump`: each file
# as a feed, and as a post's HTML, cleaned and as plain text), for changes to the readers that must not
# change what they read. Exits 1 at the first file whose dump differs, showing the difference.
#
# usage: Benchmarks/compare_readers.sh OLD_BENCH NEW_BENCH FILE...
set -euo pipefail
old=$1 new=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '%s\0' "$@" | xargs -0 -n 100 "$old" dump > "$work/old"
printf '%s\0' "$@" | xargs -0 -n 100 "$new" dump > "$work/new"
if cmp -s "$work/old" "$work/new"; then
  echo "same: $# files, $(wc -c < "$work/new") bytes of dump"
  exit 0
fi
diff "$work/old" "$work/new" | head -40
exit 1
