#!/usr/bin/env bash
# Creates or updates the virtual environment bench/.venv/ that holds the benchmark's peers
# (PyTorch, onnxruntime; see bench/requirements.txt), for `make bench` and bench/peers.py.
# Quick and silent when it is up to date; callers then use bench/.venv/bin/python. Stdout
# stays empty; progress lines and any error go to stderr. PYTHON picks the interpreter
# (default: python3 on PATH).
#
# Kept apart from the project's .venv (scripts/python-env.sh) on purpose: PyTorch is a
# download of hundreds of MB (several GB for PyPI's CUDA build), which the test suite and
# the interop checks must not pay for.
set -euo pipefail

bench="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
venv="$bench/.venv"
requirements="$bench/requirements.txt"
stamp="$venv/.requirements.sha256"
python="${PYTHON:-python3}"

fail() {
  echo "peers-env: $1" >&2
  shift
  # The tool's own last words, indented, so the cause is visible without a re-run.
  for detail in "$@"; do [ -n "$detail" ] && sed 's/^/  | /' <<<"$detail" >&2; done
  exit 1
}

sha256() {
  if command -v sha256sum >/dev/null 2>&1; then sha256sum "$1"; else shasum -a 256 "$1"; fi | cut -d' ' -f1
}

[ -f "$requirements" ] || fail "$requirements is missing"
wanted="$(sha256 "$requirements")"

venv_works() { [ -x "$venv/bin/python" ] && "$venv/bin/python" -c '' >/dev/null 2>&1; }
up_to_date() { venv_works && [ "$(cat "$stamp" 2>/dev/null)" = "$wanted" ]; }

up_to_date && exit 0

# Two `make bench` runs may start at once: one creates, the others wait. The lock lives
# outside .venv because creating the venv may clear that folder.
if command -v flock >/dev/null 2>&1; then
  lock="${TMPDIR:-/tmp}/strokes-peers-env-$(printf '%s' "$bench" | cksum | cut -d' ' -f1).lock"
  exec 9>"$lock"
  flock 9
  up_to_date && exit 0
fi

if ! venv_works; then
  echo "peers-env: creating $venv with the packages in $requirements (PyTorch is a large download: this takes a few minutes once)" >&2
  if ! output="$("$python" -m venv --clear "$venv" 2>&1)"; then
    rm -rf "$venv"
    fail "could not create the virtual environment with '$python -m venv' (on Debian: install python3-venv, e.g. 'make deps' or 'apt-get install python3-venv')" "$output"
  fi
  if ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
    rm -rf "$venv"
    fail "the virtual environment has no pip (on Debian: install python3-venv, e.g. 'make deps' or 'apt-get install python3-venv')"
  fi
elif [ -f "$stamp" ]; then
  echo "peers-env: $requirements changed: updating $venv" >&2
else
  echo "peers-env: installing the packages in $requirements into $venv" >&2
fi

rm -f "$stamp"
# --no-cache-dir: the wheels are large and only ever installed here, so keeping a second
# copy in pip's cache would only take disk space.
if ! output="$("$venv/bin/python" -m pip install --quiet --disable-pip-version-check --no-cache-dir \
    --requirement "$requirements" 2>&1)"; then
  fail "pip could not install $requirements into $venv (it needs network access to PyPI, https://pypi.org, or a mirror set with PIP_INDEX_URL, and a few GB of disk space if pip picks PyPI's CUDA build of torch); last lines from pip:" \
    "$(tail -n 15 <<<"$output")"
fi
# A wheel that installs but does not import (wrong CPU, missing system library) would
# otherwise only show up in the middle of a benchmark.
if ! output="$("$venv/bin/python" -c 'import torch, onnxruntime, onnx, numpy' 2>&1)"; then
  fail "the packages installed into $venv but do not import; last lines from Python:" \
    "$(tail -n 15 <<<"$output")"
fi
echo "$wanted" > "$stamp"
