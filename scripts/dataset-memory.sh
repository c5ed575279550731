#!/usr/bin/env bash
# Peak memory of loading a PNG dataset: writes N 28×28 PNGs (default 100000, made by libpng)
# into a temporary folder, loads them with DatasetLoader alone in a test process, and prints
# how far the process's peak RSS rose (and fails if it rose well beyond N × 784 bytes).
#   scripts/dataset-memory.sh [N]
# SCRATCH picks the build folder (default .build).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
images="${1:-100000}"
scratch="${SCRATCH:-.build}"
cd "$root"
swift build --build-tests --scratch-path "$scratch" >&2
STROKES_MEMORY_IMAGES="$images" swift test --skip-build --scratch-path "$scratch" \
  --filter 'DatasetMemoryTests/loadingPeaksNearTheImageBytes' 2>&1 | grep -E 'loaded|passed|failed|issue'
