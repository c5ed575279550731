#!/usr/bin/env bash
# Creates or updates a Python virtual environment with the packages a requirements file
# lists: by default the project's .venv/ in the package root from
# scripts/python-requirements.txt; `python-env.sh VENV REQUIREMENTS [IMPORTS]` makes
# another (Benchmarks/peers/peers-env.sh does), and IMPORTS ("torch, onnx") must import afterwards.
# Quick and silent when it is up to date; callers then use VENV/bin/python. Stdout stays
# empty; the one progress line and any error go to stderr. PYTHON picks the interpreter
# (default: python3 on PATH).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
venv="${1:-$root/.venv}"
requirements="${2:-$root/scripts/python-requirements.txt}"
imports="${3:-}"
stamp="$venv/.requirements.sha256"
python="${PYTHON:-python3}"

fail() {
  echo "python-env: $1" >&2
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

# Test processes and make may run this at the same time: one creates, the others wait.
# The lock lives outside .venv because creating the venv may clear that folder.
if command -v flock >/dev/null 2>&1; then
  lock="${TMPDIR:-/tmp}/strokes-python-env-$(printf '%s' "$venv" | cksum | cut -d' ' -f1).lock"
  exec 9>"$lock"
  flock 9
  up_to_date && exit 0
fi

if ! venv_works; then
  echo "python-env: creating $venv with the packages in $requirements" >&2
  if ! output="$("$python" -m venv --clear "$venv" 2>&1)"; then
    rm -rf "$venv"
    fail "could not create the virtual environment with '$python -m venv' (on Debian: install python3-venv, e.g. 'make deps' or 'apt-get install python3-venv')" "$output"
  fi
  if ! "$venv/bin/python" -m pip --version >/dev/null 2>&1; then
    rm -rf "$venv"
    fail "the virtual environment has no pip (on Debian: install python3-venv, e.g. 'make deps' or 'apt-get install python3-venv')"
  fi
elif [ -f "$stamp" ]; then
  echo "python-env: $requirements changed: updating $venv" >&2
else
  echo "python-env: installing the packages in $requirements into $venv" >&2
fi

rm -f "$stamp"
if ! output="$("$venv/bin/python" -m pip install --quiet --disable-pip-version-check \
    --requirement "$requirements" 2>&1)"; then
  fail "pip could not install $requirements into $venv (it needs network access to PyPI, https://pypi.org, or a mirror set with PIP_INDEX_URL, and the disk space for the wheels); last lines from pip:" \
    "$(tail -n 15 <<<"$output")"
fi
# A wheel that installs but does not import (wrong CPU, missing system library) would
# otherwise only show up in the middle of a run.
if [ -n "$imports" ] && ! output="$("$venv/bin/python" -c "import $imports" 2>&1)"; then
  fail "the packages installed into $venv but do not import; last lines from Python:" \
    "$(tail -n 15 <<<"$output")"
fi
echo "$wanted" > "$stamp"
