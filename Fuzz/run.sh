#!/usr/bin/env bash
# Fuzzes one of feedsite's parsers with libFuzzer and AddressSanitizer.
#   Fuzz/run.sh TARGET [SECONDS] [extra libFuzzer flags]    TARGET: see Fuzz/README.md; `all` runs each in turn
# Builds .build/fuzz/feedsite-fuzz (FeedsiteKit's sources + Fuzz/*.swift), then runs it on
# Fuzz/corpus/TARGET (the seeds, kept in the repository) with new inputs going to .build/fuzz/corpus-TARGET.
# Crashes land in .build/fuzz/; turn each into a regression test before fixing it.
set -euo pipefail
cd "$(dirname "$0")/.."
targets=(yaml mustache html http xmlfeed jsonfeed sanitizer snapshot fetch)
target=${1:?usage: Fuzz/run.sh all|${targets[*]// /|} [SECONDS] [libFuzzer flags]}
seconds=${2:-600}
shift $(( $# >= 2 ? 2 : 1 ))
if [[ $target == all ]]; then
  for each in "${targets[@]}"; do "$0" "$each" "$seconds" "$@" || exit; done
  exit
fi
[[ " ${targets[*]} " == *" $target "* ]] || { echo "Fuzz/run.sh: unknown target '$target' (${targets[*]})" >&2; exit 2; }
scripts/install-deps
mkdir -p .build/fuzz ".build/fuzz/corpus-$target"
binary=.build/fuzz/feedsite-fuzz
sources=$(find Sources/FeedsiteKit -name '*.swift' | sort)
if [[ ! -x $binary || -n $(find Sources/FeedsiteKit Fuzz -newer "$binary" -name '*.swift' | head -1) ]]; then
  echo "building $binary" >&2
  swiftc -O -g -sanitize=fuzzer,address -parse-as-library -module-name FeedsiteKit -package-name feedsite \
    -I Sources/CYAML -I Sources/CLibXML2 -I Sources/CCurl $(pkg-config --cflags libxml-2.0 libcurl | sed 's/-I/-Xcc -I/g') \
    $sources Fuzz/*.swift -lyaml -lxml2 -lcurl -o "$binary"
fi
cd .build/fuzz
FEEDSITE_FUZZ=$target exec ./feedsite-fuzz "corpus-$target" "../../Fuzz/corpus/$target" \
  -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1 "$@"
