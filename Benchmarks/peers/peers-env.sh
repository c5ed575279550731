#!/usr/bin/env bash
# Creates or updates the virtual environment Benchmarks/peers/.venv/ that holds the benchmark's peers
# (PyTorch, onnxruntime; see Benchmarks/peers/requirements.txt), for `make bench` and Benchmarks/peers/peers.py,
# with the project's own environment script. Quick and silent when it is up to date.
#
# Kept apart from the project's .venv on purpose: PyTorch is a download of hundreds of MB
# (several GB for PyPI's CUDA build), which the test suite and the interop checks must not
# pay for. Its wheels are large and only ever installed here, so pip keeps no cached copy.
set -euo pipefail

peers="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PIP_NO_CACHE_DIR=1 exec bash "$peers/../../scripts/python-env.sh" \
  "$peers/.venv" "$peers/requirements.txt" "torch, onnxruntime, onnx, numpy"
