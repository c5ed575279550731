#!/usr/bin/env python3
"""The peers' side of `make bench`: PyTorch and onnxruntime on the reference network.

    python Benchmarks/peers/peers.py --list
    python Benchmarks/peers/peers.py --only NAME [NAME ...] [--seconds S] [--model FILE.onnx]
                                     [--classes C]

--list prints the figure names, one per line. --only measures the named figures and
prints ONE JSON object on stdout, nothing else:

    {"NAME": {"value": 5200.3, "unit": "images/s", "peer_name": "PyTorch 2.13.0",
              "detail": {...}}, ...}

Units are "images/s" (higher is better) and "µs" (lower is better). Progress goes to
stderr, and only when stderr is a terminal; an error is one line on stderr and exit
status 1, or 3 when a peer a figure needs is not installed in this Python (e.g. PyTorch
in the test environment, which has onnxruntime only): `strokes bench suite --smoke`
skips those figures' peer side on status 3, every other run fails. Each figure takes about 1.25 × S seconds (S timed, a quarter of that warming
up; S defaults to 3), plus a second or two to load PyTorch, so that the Swift side can
run ours and theirs alternately on a noisy machine.

The network is the reference network of DESIGN.md: conv 5×5×16 pad 2 → ReLU → maxpool 2
→ conv 5×5×32 pad 2 → ReLU → maxpool 2 → flatten → dense 128 → ReLU → dense C, input
1×28×28 float. C is the model's class count, for training and inference alike: --classes
(`strokes bench suite` passes its model's), by default the one the ONNX export scores (its
output's shape); an export that scores another count than --classes is an error (an
export older than its model). What is measured mirrors `strokes bench`: a training step is forward, loss,
backward and optimizer step on one fixed batch of random images (no data loading, no
augmentation); inference runs on models/automata-classifier.onnx (onnxruntime) and on
the same weights loaded into PyTorch (checked to give the same probabilities).

Each peer runs as its users would run it, and every choice is recorded in the figure's
"detail":

- PyTorch's training figures are taken twice: as a user writes the network first (NCHW
  tensors, torch.optim.AdamW's default implementation; the issue's reference figures were
  taken this way), which the train_* figures compare against, and tuned (channels-last, 1.5–2×
  faster here, with the fused AdamW), which the train_*_vs_tuned_pytorch figures compare
  against. onnxruntime gets all graph optimizations and binds its input and output once
  (I/O binding), so a call does not allocate.
- glibc malloc is told to keep freed memory (MALLOC_ENV below).
- Waiting threads. Both peers' thread pools spin while they wait for work, which is best
  on idle cores and a disaster on a shared machine. Measured here, PyTorch's two-thread
  training step at batch 64: ~8,500 images/s spinning and ~5,200 blocking on idle
  cores, but ~220 spinning and ~2,300–4,900 blocking while another process kept one of
  the two cores busy (each of its many parallel regions waits for a thread that is not
  running). Ours blocks. So every two-thread figure is measured both ways, spinning (the
  default) and blocking, and the better one is the figure, the other under
  "alternatives". onnxruntime switches per session, so its two are interleaved run by
  run in one process; OpenMP (PyTorch) reads its policy once at start, so PyTorch's
  two-thread figures are measured in two processes, each given half the time.

Measurement happens in worker processes (this script with --worker) started with the
environment it needs: glibc reads MALLOC_* and OpenMP reads OMP_* only when a process
starts, so setting them from inside would be too late.
"""

import argparse
import gc
import json
import math
import os
import platform
import resource
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # Benchmarks/peers/peers.py → the package root
DEFAULT_MODEL = ROOT / "models" / "automata-classifier.onnx"

# glibc malloc hands large blocks back to the kernel as soon as they are freed: blocks of
# 128 KiB and more are mmap'd and unmapped one by one, and the heap's top is trimmed once
# 128 KiB are free. PyTorch frees and reallocates every activation and gradient each
# step, so with the defaults a training step at batch 64 took ~3,000 page faults on
# fresh pages and ran ~20% slower here (0 page faults with these). 32 MiB is the largest
# mmap threshold glibc accepts on 64-bit (it silently ignores larger values); it is above
# every tensor here (the largest, batch 256's first conv output, is 12.8 MB).
MALLOC_ENV = {
    "MALLOC_MMAP_THRESHOLD_": str(32 * 1024 * 1024),
    "MALLOC_TRIM_THRESHOLD_": str(1024 * 1024 * 1024),
}

# How a worker's OpenMP threads wait for work (see the module's docstring).
OMP_WAIT = {
    "spin": {},  # libgomp's default: spin a while, then sleep
    "block": {"OMP_WAIT_POLICY": "PASSIVE"},
}

INPUT_SHAPE = (1, 28, 28)

# The Python modules each peer's figures import (PyTorch's inference figures check their
# network against onnxruntime on the exported weights), with the names users know them by.
PEER_MODULES = {
    "torch": ["torch", "onnx", "onnxruntime", "numpy"],
    "onnxruntime": ["onnxruntime", "onnx", "numpy"],
}
MODULE_NAMES = {"torch": "PyTorch"}

# Exit status when a figure's peer is not installed in this Python (see the docstring).
MISSING_PEER_STATUS = 3


@dataclass(frozen=True)
class Figure:
    name: str
    peer: str  # "torch" or "onnxruntime"
    threads: int
    unit: str
    measurement: tuple  # key of the measurement it reads; figures may share one
    pick: str  # which number of that measurement is the figure's value
    note: str = ""

    @property
    def omp_waits(self):
        """The OpenMP wait policies (worker processes) this figure is measured under."""
        return ("spin", "block") if self.peer == "torch" and self.threads > 1 else ("spin",)

    def better(self, a, b):
        return min(a, b) if self.unit == "µs" else max(a, b)


FIGURES = [
    Figure("train_b32_1_thread", "torch", 1, "images/s", ("train", 32, 1, "as_written"), "rate"),
    Figure("train_b32_2_threads", "torch", 2, "images/s", ("train", 32, 2, "as_written"), "rate"),
    Figure("train_b64_1_thread", "torch", 1, "images/s", ("train", 64, 1, "as_written"), "rate"),
    Figure("train_b64_2_threads", "torch", 2, "images/s", ("train", 64, 2, "as_written"), "rate"),
    Figure("train_b64_1_thread_vs_tuned_pytorch", "torch", 1, "images/s", ("train", 64, 1, "tuned"), "rate"),
    Figure("train_b64_2_threads_vs_tuned_pytorch", "torch", 2, "images/s", ("train", 64, 2, "tuned"), "rate"),
    Figure("infer_b1_latency_1_thread", "onnxruntime", 1, "µs", ("ort_latency", 1), "median"),
    Figure("infer_b1_p99_1_thread", "onnxruntime", 1, "µs", ("ort_latency", 1), "p99"),
    Figure("infer_b256_1_thread", "onnxruntime", 1, "images/s", ("ort_batch", 256, 1), "rate"),
    Figure("infer_b256_2_threads", "onnxruntime", 2, "images/s", ("ort_batch", 256, 2), "rate"),
    Figure("stroke_latency_1_thread", "onnxruntime", 1, "µs", ("ort_latency", 1), "median",
           note="a stroke's rasterization has no peer: this is onnxruntime's one-image "
                "forward latency alone (the same measurement as infer_b1_latency_1_thread), "
                "while ours includes rasterizing the stroke"),
    Figure("torch_infer_b1_latency_1_thread", "torch", 1, "µs", ("torch_latency", 1), "median"),
    Figure("torch_infer_b256_2_threads", "torch", 2, "images/s", ("torch_batch", 256, 2), "rate"),
]
FIGURES_BY_NAME = {f.name: f for f in FIGURES}


class Failure(Exception):
    """An error to report in one line, without a traceback."""


class MissingPeer(Failure):
    """A figure's peer is not installed in this Python (exit status MISSING_PEER_STATUS)."""


def missing_modules(figures):
    """The modules the figures need that this Python cannot import (found without importing
    them: loading PyTorch takes seconds)."""
    import importlib.util
    needed = dict.fromkeys(m for f in figures for m in PEER_MODULES[f.peer])
    return [m for m in needed if importlib.util.find_spec(m) is None]


def missing_peer_message(modules):
    names = ", ".join(MODULE_NAMES.get(m, m) + (f" ({m})" if m in MODULE_NAMES else "") for m in modules)
    return (f"{names} not installed for {sys.executable} (run bash Benchmarks/peers/peers-env.sh "
            "and use Benchmarks/peers/.venv/bin/python)")


# ---------------------------------------------------------------------------------------
# Command line


def parse_arguments():
    parser = argparse.ArgumentParser(
        prog="peers.py",
        description="Measures PyTorch and onnxruntime on the reference network for `make bench`.")
    parser.add_argument("--list", action="store_true", help="print the figure names and exit")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="measure these figures")
    parser.add_argument("--seconds", type=float, default=3.0,
                        help="timed seconds per figure (default 3; warming up adds a quarter)")
    parser.add_argument("--model", type=Path, default=DEFAULT_MODEL,
                        help=f"the ONNX export (default {DEFAULT_MODEL.relative_to(ROOT)})")
    parser.add_argument("--classes", type=int, metavar="C",
                        help="the model's class count (default: the one the ONNX export scores); "
                             "an export that scores another is an error")
    # Internal: measure in this process, under this OpenMP wait policy (see run_worker).
    parser.add_argument("--worker", choices=sorted(OMP_WAIT), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if not arguments.list and not arguments.only:
        parser.error("give --list or --only NAME [NAME ...]")
    if arguments.only:
        unknown = [n for n in arguments.only if n not in FIGURES_BY_NAME]
        if unknown:
            parser.error(f"unknown figure {', '.join(unknown)}; the figures are: "
                         + ", ".join(FIGURES_BY_NAME))
    if not (arguments.seconds > 0 and math.isfinite(arguments.seconds)):
        parser.error("--seconds must be a positive number")
    if arguments.classes is not None and arguments.classes < 1:
        parser.error("--classes must be at least 1")
    return arguments


def progress(message):
    if sys.stderr.isatty():
        print(f"peers: {message}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------
# The parent: starts the workers and merges what they measured


def worker_environment(figures, omp_wait):
    environment = dict(os.environ)
    # Whatever the caller's shell has, the policy is the one this worker is for.
    for name in ("OMP_WAIT_POLICY", "GOMP_SPINCOUNT"):
        environment.pop(name, None)
    # OpenMP (PyTorch's intra-op pool) and MKL size their pools from these when they
    # load. A worker may measure 1 and 2 threads: the pools get the largest count and
    # torch.set_num_threads narrows them per figure (with one thread OpenMP runs no pool
    # at all). OpenBLAS is numpy's, which does no measured work: one thread keeps it from
    # parking an idle pool on the cores.
    threads = str(max(f.threads for f in figures))
    environment.update(MALLOC_ENV)
    environment.update({"OMP_NUM_THREADS": threads, "MKL_NUM_THREADS": threads,
                        "OPENBLAS_NUM_THREADS": "1"})
    environment.update(OMP_WAIT[omp_wait])
    return environment


def run_worker(arguments, figures, omp_wait):
    command = [sys.executable, str(Path(__file__).resolve()), "--worker", omp_wait,
               "--only", *(f.name for f in figures),
               "--seconds", repr(arguments.seconds), "--model", str(arguments.model)]
    if arguments.classes is not None:
        command += ["--classes", str(arguments.classes)]
    # The worker's stderr is ours (its progress and its one-line error go straight out).
    completed = subprocess.run(command, env=worker_environment(figures, omp_wait),
                               stdout=subprocess.PIPE)
    if completed.returncode == MISSING_PEER_STATUS:
        raise MissingPeer("a peer is not installed (the measuring process said which)")
    if completed.returncode != 0:
        raise Failure(f"the measuring process failed (exit status {completed.returncode})"
                      if completed.returncode > 0 else
                      f"the measuring process was killed by signal {-completed.returncode}")
    try:
        return json.loads(completed.stdout.decode("utf-8"))
    except ValueError as error:
        raise Failure(f"the measuring process printed something other than JSON: {error}")


def measure_in_workers(arguments, figures):
    results = {}
    for omp_wait in OMP_WAIT:
        group = [f for f in figures if omp_wait in f.omp_waits]
        if not group:
            continue
        for name, result in run_worker(arguments, group, omp_wait).items():
            figure = FIGURES_BY_NAME[name]
            if figure.peer == "torch" and figure.threads > 1:
                result["detail"]["omp_wait"] = omp_wait
            if name not in results:
                results[name] = result
                continue
            # Measured under both policies: the better one is the figure.
            first = results[name]
            best, other = ((first, result)
                           if figure.better(first["value"], result["value"]) == first["value"]
                           else (result, first))
            alternatives = {**first["detail"].pop("alternatives", {}),
                            **result["detail"].pop("alternatives", {})}
            alternatives[f"omp_wait={other['detail']['omp_wait']}"] = {
                "value": other["value"], "runs": other["detail"].get("runs")}
            best["detail"]["alternatives"] = alternatives
            results[name] = best
    # In the order asked for.
    return {f.name: results[f.name] for f in figures}


# ---------------------------------------------------------------------------------------
# Timing (in workers)


def page_faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt


class Quiet:
    """No garbage collection pass in the middle of a timed section (the tensors' Python
    objects would otherwise trigger one now and then and show up as outliers)."""

    def __enter__(self):
        gc.collect()
        gc.disable()

    def __exit__(self, *_):
        gc.enable()


def warm_up(call, seconds):
    """Calls `call` for `seconds` (and at least 5 times): caches, allocator, oneDNN
    primitives and onnxruntime's kernels settle. Returns the seconds of one call in the
    steady state, estimated from the second half of the warm-up."""
    durations = []
    start = time.perf_counter()
    while len(durations) < 5 or time.perf_counter() - start < seconds:
        t = time.perf_counter()
        call()
        durations.append(time.perf_counter() - t)
    return statistics.median(durations[len(durations) // 2:])


def throughput(calls, images_per_call, seconds, runs=5):
    """Images/s of each of `calls` (a dict label → function): the median of `runs` timed
    runs of equal length after a warm-up; together they take about `seconds`. Several
    calls take turns run by run, so that a burst of load hits them alike."""
    per_call = {label: warm_up(call, seconds / 4 / len(calls)) for label, call in calls.items()}
    count = {label: max(1, round(seconds / len(calls) / runs / per_call[label])) for label in calls}
    rates = {label: [] for label in calls}
    with Quiet():
        faults = page_faults()
        for _ in range(runs):
            for label, call in calls.items():
                start = time.perf_counter()
                for _ in range(count[label]):
                    call()
                rates[label].append(count[label] * images_per_call / (time.perf_counter() - start))
        faults = page_faults() - faults
    total_calls = runs * sum(count.values())
    return {label: {
        "rate": statistics.median(rates[label]),
        "runs": [round(r, 1) for r in rates[label]],
        "calls_per_run": count[label],
        "minor_page_faults_per_call": round(faults / total_calls, 2),
    } for label in calls}


def latency(call, seconds):
    """Microseconds per call, each call timed on its own, for about `seconds` after a
    warm-up: median and tail."""
    warm_up(call, seconds / 4)
    durations = []
    clock = time.perf_counter_ns
    with Quiet():
        faults = page_faults()
        end = clock() + int(seconds * 1e9)
        while True:
            t = clock()
            call()
            now = clock()
            durations.append(now - t)
            if now >= end:
                break
        faults = page_faults() - faults
    durations.sort()

    def percentile(p):  # nearest rank
        return durations[max(0, math.ceil(p / 100 * len(durations)) - 1)] / 1000

    return {
        "median": percentile(50),
        "p90": percentile(90),
        "p99": percentile(99),
        "max": durations[-1] / 1000,
        "calls": len(durations),
        "minor_page_faults_per_call": round(faults / len(durations), 3),
    }


# ---------------------------------------------------------------------------------------
# The peers (in workers)


class Peers:
    """Imports the peers lazily (a process measuring onnxruntime alone need not load
    PyTorch) and keeps what figures share: sessions, weights, measurements."""

    def __init__(self, model_path, seconds, classes=None):
        self.model_path = model_path
        self.seconds = seconds
        self._classes = classes
        self._onnx_model = None
        self.measurements = {}
        self.sessions = {}
        self._torch = None
        self._ort = None
        self._onnx_weights = None

    # -- imports and versions

    @property
    def torch(self):
        if self._torch is None:
            import torch
            # Inter-op threads only run independent ops of a graph at once, which eager
            # execution of a chain never has; one keeps a second pool off the cores. Only
            # settable before any parallel work, i.e. here.
            torch.set_num_interop_threads(1)
            self._torch = torch
        return self._torch

    @property
    def ort(self):
        if self._ort is None:
            import onnxruntime
            self._ort = onnxruntime
        return self._ort

    def peer_name(self, peer):
        if peer == "torch":
            # "2.13.0+cpu" → "PyTorch 2.13.0"; the build tag goes into the detail.
            return "PyTorch " + self.torch.__version__.split("+")[0]
        return "onnxruntime " + self.ort.__version__.split("+")[0]

    def peer_detail(self, peer):
        if peer == "torch":
            torch = self.torch
            return {
                "version": torch.__version__,
                "cpu_capability": torch.backends.cpu.get_cpu_capability(),
                "mkldnn": torch.backends.mkldnn.is_available(),
            }
        return {"version": self.ort.__version__, "providers": ["CPUExecutionProvider"]}

    # -- models

    def onnx_model(self):
        if self._onnx_model is None:
            import onnx
            self._onnx_model = onnx.load(str(self.model_path))
        return self._onnx_model

    def onnx_weights(self):
        """The exported model's initializers as numpy arrays, by state-dict name: the file
        says `layers.0.weight` (a module holding the nn.Sequential as `layers`), a bare
        nn.Sequential says `0.weight`."""
        if self._onnx_weights is None:
            from onnx import numpy_helper
            self._onnx_weights = {t.name.removeprefix("layers."): numpy_helper.to_array(t)
                                  for t in self.onnx_model().graph.initializer}
        return self._onnx_weights

    def exported_classes(self):
        """How many classes the ONNX export scores: the class dimension of its output
        `probabilities` ([N, C]), else the length of its last dense layer's bias."""
        graph = self.onnx_model().graph
        outputs = [o for o in graph.output if o.name == "probabilities"] or list(graph.output)
        dims = outputs[0].type.tensor_type.shape.dim if outputs else []
        if len(dims) == 2 and dims[1].dim_value > 0:
            return dims[1].dim_value
        biases = [(int(name.split(".")[0]), array) for name, array in self.onnx_weights().items()
                  if name.endswith(".bias") and name.split(".")[0].isdigit()]
        if not biases:
            raise Failure(f"{self.model_path}: no output shape and no layer biases to read the class count from")
        return len(max(biases, key=lambda pair: pair[0])[1])

    def model_classes(self):
        """The class count of the network measured: --classes, which the ONNX export (run
        by the inference figures) must score too, or else the export's."""
        exported = self.exported_classes()
        if self._classes is not None and self._classes != exported:
            raise Failure(f"{self.model_path} scores {exported} classes, the model {self._classes}: "
                          "the export is not the model's (strokes export MODEL --out FILE.onnx)")
        return exported

    def reference_network(self, classes, inverse_temperature=None):
        """The reference network; with `inverse_temperature` it ends as the ONNX export
        does: logits scaled by the calibrated inverse temperature, then softmax."""
        torch, nn = self.torch, self.torch.nn
        layers = [
            nn.Conv2d(1, 16, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2),
            nn.Conv2d(16, 32, 5, padding=2), nn.ReLU(), nn.MaxPool2d(2),
            nn.Flatten(), nn.Linear(32 * 7 * 7, 128), nn.ReLU(), nn.Linear(128, classes),
        ]
        if inverse_temperature is not None:
            class Scale(nn.Module):
                def __init__(self, factor):
                    super().__init__()
                    self.factor = float(factor)

                def forward(self, logits):
                    return logits * self.factor
            layers += [Scale(inverse_temperature), nn.Softmax(dim=1)]
        return nn.Sequential(*layers)

    def channels_last(self, tensor_or_module):
        return tensor_or_module.to(memory_format=self.torch.channels_last)

    def set_torch_threads(self, threads):
        self.torch.set_num_threads(threads)
        actual = self.torch.get_num_threads()
        if actual != threads:
            raise Failure(f"torch.set_num_threads({threads}) left {actual} threads")

    def session(self, threads, spinning=True):
        """A session per thread count (its pool is fixed when it is made) and wait policy."""
        key = (threads, spinning)
        if key not in self.sessions:
            ort = self.ort
            options = ort.SessionOptions()
            options.intra_op_num_threads = threads
            options.inter_op_num_threads = 1
            options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
            options.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
            options.add_session_config_entry("session.intra_op.allow_spinning", "1" if spinning else "0")
            self.sessions[key] = ort.InferenceSession(
                str(self.model_path), options, providers=["CPUExecutionProvider"])
        return self.sessions[key]

    @staticmethod
    def session_detail(threads, spinning=True):
        detail = {"intra_op_num_threads": threads, "inter_op_num_threads": 1,
                  "execution_mode": "sequential", "graph_optimization_level": "all",
                  "api": "run_with_iobinding (input and output bound once)"}
        if threads > 1:
            detail["intra_op_allow_spinning"] = spinning
        return detail

    @staticmethod
    def random_images(batch, seed):
        import numpy as np
        return np.random.default_rng(seed).random((batch, *INPUT_SHAPE), dtype=np.float32)

    # -- measurements

    def measure(self, key):
        if key not in self.measurements:
            kind, *arguments = key
            self.measurements[key] = getattr(self, "measure_" + kind)(*arguments)
        return self.measurements[key]

    def torch_seconds(self, threads):
        # A PyTorch figure with several threads is measured in two processes (one per
        # OpenMP wait policy), each given half the time.
        return self.seconds / (2 if threads > 1 else 1)

    def measure_train(self, batch, threads, style):
        """One training step of the reference network, written the way the issue's reference
        figures were taken ("as_written": NCHW tensors and torch.optim.AdamW's default
        implementation, what a user writes first), or tuned further ("tuned": channels-last
        tensors and the fused AdamW, 1.5-2x faster here)."""
        torch = self.torch
        F = torch.nn.functional
        self.set_torch_threads(threads)
        torch.manual_seed(1)
        tuned = style == "tuned"
        layout = self.channels_last if tuned else (lambda x: x)
        classes = self.model_classes()
        model = layout(self.reference_network(classes))
        images = layout(torch.rand(batch, *INPUT_SHAPE))
        labels = torch.randint(0, classes, (batch,))
        implementation = "default"
        if tuned:
            # The fused implementation (one kernel over all parameters; on CPU since 2.4) is
            # the fastest here; older versions get the multi-tensor one.
            try:
                optimizer = torch.optim.AdamW(model.parameters(), lr=0.002, weight_decay=1e-4, fused=True)
                implementation = "fused"
            except (RuntimeError, TypeError, ValueError):
                optimizer = torch.optim.AdamW(model.parameters(), lr=0.002, weight_decay=1e-4, foreach=True)
                implementation = "foreach"
        else:
            optimizer = torch.optim.AdamW(model.parameters(), lr=0.002, weight_decay=1e-4)

        def step():
            optimizer.zero_grad(set_to_none=True)
            loss = F.cross_entropy(model(images), labels)
            loss.backward()
            optimizer.step()

        result = throughput({"": step}, batch, self.torch_seconds(threads))[""]
        result["detail"] = {
            "batch": batch, "threads": threads, "style": style, "classes": classes,
            "step": "zero_grad, forward, cross_entropy, backward, optimizer step",
            "optimizer": f"AdamW lr 0.002 weight_decay 1e-4 ({implementation})",
            "memory_format": "channels_last" if tuned else "contiguous (NCHW)",
            "data": "one fixed batch: uniform 0…1 images, random labels",
        }
        return result

    def torch_inference_model(self):
        """The exported weights in the reference network, checked against onnxruntime
        on the same images (so both peers run the same network)."""
        torch = self.torch
        exported = dict(self.onnx_weights())
        inverse = exported.pop("temperature.inverse", 1.0)
        model = self.reference_network(self.model_classes(), inverse_temperature=inverse).eval()
        model.load_state_dict({name: torch.from_numpy(array.copy()) for name, array in exported.items()})
        model = self.channels_last(model)
        images = self.random_images(16, seed=3)
        with torch.inference_mode():
            ours = model(self.channels_last(torch.from_numpy(images))).numpy()
        theirs = self.session(1).run(["probabilities"], {"input": images})[0]
        difference = float(abs(ours - theirs).max())
        if difference > 1e-4:
            raise Failure(f"PyTorch's network does not match {self.model_path}: "
                          f"probabilities differ by {difference}")
        return model, difference

    def torch_inference(self, batch, threads, measure):
        torch = self.torch
        self.set_torch_threads(threads)
        model, difference = self.torch_inference_model()
        images = self.channels_last(torch.from_numpy(self.random_images(batch, seed=4)))

        def forward():
            with torch.inference_mode():
                model(images)

        result = measure(forward)
        result["detail"] = {
            "batch": batch, "threads": threads,
            "mode": "eval, inference_mode, channels_last, weights from the ONNX export",
            "max_difference_from_onnxruntime": difference,
        }
        return result

    def measure_torch_latency(self, threads):
        return self.torch_inference(1, threads, lambda call: latency(call, self.torch_seconds(threads)))

    def measure_torch_batch(self, batch, threads):
        return self.torch_inference(
            batch, threads, lambda call: throughput({"": call}, batch, self.torch_seconds(threads))[""])

    def bound_session(self, batch, threads, spinning=True):
        """A call that runs a session on `batch` random images, bound once."""
        ort = self.ort
        import numpy as np
        session = self.session(threads, spinning)
        binding = session.io_binding()
        images = ort.OrtValue.ortvalue_from_numpy(self.random_images(batch, seed=5))
        probabilities = ort.OrtValue.ortvalue_from_shape_and_type([batch, self.model_classes()], np.float32)
        binding.bind_ortvalue_input("input", images)
        binding.bind_ortvalue_output("probabilities", probabilities)
        # The OrtValues must outlive the binding's use: the closure keeps them.
        return lambda: (session.run_with_iobinding(binding), images, probabilities)

    def measure_ort_latency(self, threads):
        result = latency(self.bound_session(1, threads), self.seconds)
        result["detail"] = {"batch": 1, **self.session_detail(threads)}
        return result

    def measure_ort_batch(self, batch, threads):
        if threads == 1:  # one thread has no pool, so nothing that could spin
            result = throughput({"": self.bound_session(batch, 1)}, batch, self.seconds)[""]
            result["detail"] = {"batch": batch, **self.session_detail(1)}
            return result
        both = throughput({spinning: self.bound_session(batch, threads, spinning)
                           for spinning in (True, False)}, batch, self.seconds)
        best = max(both, key=lambda spinning: both[spinning]["rate"])
        result = both[best]
        result["detail"] = {"batch": batch, **self.session_detail(threads, best), "alternatives": {
            f"intra_op_allow_spinning={not best}": {
                "value": round(both[not best]["rate"], 1), "runs": both[not best]["runs"]}}}
        return result

    # -- figures

    def figure(self, figure):
        progress(f"measuring {figure.name}")
        load_before = os.getloadavg()[0]
        measurement = self.measure(figure.measurement)
        value = measurement[figure.pick]
        detail = {**measurement["detail"]}
        detail.update({k: v for k, v in measurement.items() if k not in ("detail", figure.pick)})
        if figure.unit == "µs":
            detail = {k: round(v, 2) if isinstance(v, float) else v for k, v in detail.items()}
        if figure.note:
            detail["note"] = figure.note
        detail["seconds"] = (self.torch_seconds(figure.threads) if figure.peer == "torch"
                             else self.seconds)
        # The machine is shared: a figure taken under load says so.
        detail["load_average_1min"] = [round(load_before, 2), round(os.getloadavg()[0], 2)]
        detail["peer"] = self.peer_detail(figure.peer)
        detail["environment"] = {
            **{k: os.environ.get(k) for k in (*MALLOC_ENV, "OMP_NUM_THREADS", "MKL_NUM_THREADS",
                                              "OMP_WAIT_POLICY")},
            "python": platform.python_version(),
            "cpus": os.cpu_count(),
        }
        return {
            "value": round(value, 2 if figure.unit == "µs" else 1),
            "unit": figure.unit,
            "peer_name": self.peer_name(figure.peer),
            "detail": detail,
        }


def measure_here(arguments, figures):
    missing = [k for k, v in MALLOC_ENV.items() if os.environ.get(k) != v]
    if missing:
        print(f"peers: warning: measuring without {', '.join(missing)} set; PyTorch's "
              "figures may be lower than they should be", file=sys.stderr)
    peers = Peers(arguments.model, arguments.seconds, arguments.classes)
    results = {}
    for figure in figures:
        try:
            results[figure.name] = peers.figure(figure)
        except ModuleNotFoundError as error:
            raise MissingPeer(missing_peer_message([error.name or str(error)]))
        except ImportError as error:
            raise Failure(f"{error} (run bash Benchmarks/peers/peers-env.sh and use Benchmarks/peers/.venv/bin/python)")
        except Failure:
            raise
        except Exception as error:
            raise Failure(f"{figure.name}: {type(error).__name__}: {error}")
    return results


def main():
    arguments = parse_arguments()
    if arguments.list:
        print("\n".join(FIGURES_BY_NAME))
        return 0

    # Names may repeat; each is measured once, in the order given.
    figures = [FIGURES_BY_NAME[n] for n in dict.fromkeys(arguments.only)]
    if not arguments.model.is_file():
        print(f"peers: {arguments.model} is missing (make train writes it)", file=sys.stderr)
        return 1
    missing = missing_modules(figures)
    if missing:
        print(f"peers: {missing_peer_message(missing)}", file=sys.stderr)
        return MISSING_PEER_STATUS

    # Stdout carries the JSON object and nothing else: anything a library prints (C code
    # included) goes to stderr instead.
    out = os.fdopen(os.dup(sys.stdout.fileno()), "wb")
    sys.stdout.flush()
    os.dup2(sys.stderr.fileno(), sys.stdout.fileno())
    try:
        if arguments.worker:
            results = measure_here(arguments, figures)
        else:
            results = measure_in_workers(arguments, figures)
    except Failure as error:
        # A worker has said what went wrong already; the parent adds its own line.
        print(f"peers: {error}", file=sys.stderr)
        return MISSING_PEER_STATUS if isinstance(error, MissingPeer) else 1
    except KeyboardInterrupt:
        return 130

    out.write((json.dumps(results, ensure_ascii=False) + "\n").encode("utf-8"))
    out.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
