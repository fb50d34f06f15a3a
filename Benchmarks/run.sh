#!/usr/bin/env bash
# Builds feedsite in release mode and runs the benchmark (see Benchmarks/run.py); arguments: site sizes.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps
swift build -c release --static-swift-stdlib --product feedsite >&2
exec python3 Benchmarks/run.py "$@"
