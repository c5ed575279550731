#!/usr/bin/env python3
"""Writes the fuzzers' seed corpus (Fuzz/Corpus/<target>/): a few small valid files each.

libFuzzer sees no coverage inside libpng (a system library, not instrumented), so the PNG
seeds cover the formats by hand: every colour type, 1 to 16 bits, Adam7, every row filter,
ancillary chunks. The rest are small instances of each format as the package writes them.
Run from the package root: python3 Fuzz/Corpus/make-seeds.py
"""
import json
import math
import os
import shutil
import struct
import zlib

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)))
SYNTHETIC = os.path.join(ROOT, "..", "..", "datasets", "synthetic-strokes")


def out(target, name, data):
    os.makedirs(os.path.join(ROOT, target), exist_ok=True)
    with open(os.path.join(ROOT, target, name), "wb") as f:
        f.write(data if isinstance(data, bytes) else data.encode())


# --- PNG -----------------------------------------------------------------------------------

def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)


def filtered(rows, bpp):
    """Each row with a filter byte; filters 0-4 in turn so libpng undoes every kind."""
    data, previous = b"", bytes(len(rows[0])) if rows else b""
    for y, row in enumerate(rows):
        kind = y % 5
        line = bytearray()
        for i, x in enumerate(row):
            a = row[i - bpp] if i >= bpp else 0
            b = previous[i]
            c = previous[i - bpp] if i >= bpp else 0
            predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            line.append((x - predictor) & 0xFF)
        data += bytes([kind]) + bytes(line)
        previous = row
    return data


def pack_row(samples, depth):
    """Samples (ints) packed at `depth` bits, big-endian as PNG stores them."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    per_byte, row = 8 // depth, bytearray()
    for i in range(0, len(samples), per_byte):
        byte = 0
        for k, s in enumerate(samples[i:i + per_byte]):
            byte |= s << (8 - depth * (k + 1))
        row.append(byte)
    return bytes(row)


ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def png(width, height, pixel, colour, depth, channels, interlace=False, extra=()):
    """`pixel(x, y)` gives the channel samples of one pixel."""
    bpp = max(1, channels * depth // 8)

    def rows_of(xs, ys):
        return [pack_row([s for x in xs for s in pixel(x, y)], depth) for y in ys]

    if interlace:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            xs, ys = range(x0, width, dx), range(y0, height, dy)
            if len(xs) and len(ys):
                raw += filtered(rows_of(xs, ys), bpp)
    else:
        raw = filtered(rows_of(range(width), range(height)), bpp)
    header = struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 1 if interlace else 0)
    body = chunk(b"IHDR", header) + b"".join(chunk(k, v) for k, v in extra)
    return b"\x89PNG\r\n\x1a\n" + body + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")


def ring(x, y, size, cx=None, cy=None):
    """Ink (0…1) of a circle's outline drawn in a size×size square."""
    cx, cy = (size / 2 if cx is None else cx), (size / 2 if cy is None else cy)
    d = abs(math.hypot(x + 0.5 - cx, y + 0.5 - cy) - size * 0.35)
    return max(0.0, 1.0 - d / 1.5)


def seed_pngs():
    for kind in ["circle", "arrow", "cycle"]:  # written by the package (libpng), 28×28 gray
        shutil.copy(os.path.join(SYNTHETIC, kind, "00000.png"), os.path.join(ROOT, "FuzzPNG", f"libpng-{kind}.png"))
    ink = lambda x, y, size=28: ring(x, y, size)
    out("FuzzPNG", "gray8-adam7.png", png(28, 28, lambda x, y: [round(255 * ink(x, y))], 0, 8, 1, interlace=True))
    out("FuzzPNG", "gray1-dark-on-light.png", png(32, 32, lambda x, y: [0 if ink(x, y, 32) > 0.5 else 1], 0, 1, 1))
    out("FuzzPNG", "gray16-gamma.png",
        png(20, 20, lambda x, y: [round(65535 * ink(x, y, 20))], 0, 16, 1, extra=[(b"gAMA", struct.pack(">I", 45455))]))
    out("FuzzPNG", "gray-alpha8-tall.png",
        png(12, 40, lambda x, y: [30, round(255 * ring(x, y, 12, 6, 20))], 4, 8, 2, extra=[(b"tEXt", b"Comment\0seed")]))
    out("FuzzPNG", "rgba8-transparent.png",
        png(24, 20, lambda x, y: [200, 40, 40, round(255 * ring(x, y, 24, 12, 10))], 6, 8, 4, interlace=True))
    out("FuzzPNG", "rgb16-srgb.png",
        png(16, 16, lambda x, y: [round(65535 * ink(x, y, 16))] * 3, 2, 16, 3, extra=[(b"sRGB", b"\0")]))
    palette = bytes([0, 0, 0, 255, 255, 255, 128, 128, 128, 255, 0, 0])
    out("FuzzPNG", "palette4-trns.png",
        png(28, 28, lambda x, y: [min(3, int(4 * ink(x, y)))], 3, 4, 1,
            extra=[(b"PLTE", palette), (b"tRNS", bytes([0, 255, 200]))]))


# --- model files -----------------------------------------------------------------------------

def safetensors(tensors, metadata):
    """As SafeTensors.encode writes: sorted keys, no spaces, header padded to 8 bytes."""
    header, data, offset = {}, b"", 0
    for name, shape, values in tensors:
        blob = struct.pack(f"<{len(values)}f", *values)
        header[name] = {"data_offsets": [offset, offset + len(blob)], "dtype": "F32", "shape": shape}
        data, offset = data + blob, offset + len(blob)
    header["__metadata__"] = metadata
    text = json.dumps(header, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + data


def compact(value):
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def model(side, layers, shapes, labels, training=None):
    tensors = []
    for index, shape in shapes:
        count = math.prod(shape)
        tensors.append((f"layers.{index}.weight", shape, [math.sin(i * 0.7 + index) for i in range(count)]))
        tensors.append((f"layers.{index}.bias", shape[:1], [0.01 * i for i in range(shape[0])]))
    metadata = {
        "format": "strokes.classifier", "format_version": "1",
        "architecture": compact({"input": [1, side, side], "layers": layers}),
        "labels": compact(labels),
        "input": compact({"ink": "white-on-black", "scale": 0.003921569}),
        "rasterizer": compact({"ink": 0.75, "lineWidth": 1.2, "margin": 0.75, "side": side}),
    }
    if training:
        metadata["training"] = compact(training)
    return safetensors(tensors, metadata)


def seed_models():
    training = {
        "augmentation": "rotate ±12.0°", "batchSize": 64, "command": "train datasets/x --out x.safetensors",
        "datasetFingerprint": "ab" * 32, "datasetImages": 30, "epochs": 2, "learningRate": 0.002,
        "optimizer": "adam", "schedule": "cosine", "seed": 1, "threads": 1, "validationAccuracy": 0.5,
        "validationConfusion": [[1, 0, 0], [0, 1, 0], [1, 0, 1]], "validationImages": 4, "weightDecay": 0.0001,
        "bestEpoch": 2,
    }
    conv = [{"filters": 2, "kernel": 3, "padding": 1, "type": "conv2d"}, {"type": "relu"}, {"size": 2, "type": "maxpool2d"},
            {"type": "flatten"}, {"type": "linear", "units": 3}]
    out("FuzzModelFile", "conv-8x8.safetensors",
        model(8, conv, [(0, [2, 1, 3, 3]), (4, [3, 32])], ["arrow", "circle", "cycle"], training))
    dense = [{"type": "flatten"}, {"type": "linear", "units": 4}, {"type": "relu"}, {"type": "linear", "units": 2}]
    out("FuzzModelFile", "dense-6x6.safetensors", model(6, dense, [(1, [4, 36]), (3, [2, 4])], ["a", "b"]))


# --- drawings and documents ----------------------------------------------------------------

def circle(cx, cy, r, turns=1.05, n=36):
    return [[round(cx + r * math.cos(-math.pi / 2 + 2 * math.pi * turns * i / n), 1),
             round(cy + r * math.sin(-math.pi / 2 + 2 * math.pi * turns * i / n), 1)] for i in range(n + 1)]


def line(a, b, n=12):
    return [[round(a[0] + (b[0] - a[0]) * i / n, 1), round(a[1] + (b[1] - a[1]) * i / n, 1)] for i in range(n + 1)]


def arrow(a, b):
    barb1, barb2 = [b[0] - 15, b[1] - 10], [b[0] - 15, b[1] + 10]
    return line(a, b) + line(b, barb1, 4)[1:] + line(barb1, b, 4)[1:] + line(b, barb2, 4)[1:]


def seed_drawings():
    for kind in ["circle", "cycle"]:  # strokes files as `strokes synth` writes them
        shutil.copy(os.path.join(SYNTHETIC, kind, "00000.json"), os.path.join(ROOT, "FuzzDrawingJSON", f"synth-{kind}.json"))
    loop = circle(100, 35, 25, turns=0.8, n=20) + line([110, 60], [100, 70], 3)[1:]
    events = [
        {"stroke": circle(100, 100, 40)}, {"stroke": circle(300, 100, 40)}, {"stroke": circle(300, 100, 30)},
        {"stroke": arrow([140, 100], [258, 100])}, {"text": "a,b", "at": [200, 85]},
        {"stroke": arrow([20, 40], [68, 78])}, {"stroke": loop}, {"text": "eps", "at": [100, 5]},
        {"text": "q9", "at": [300, 100]}, {"erase": line([290, 20], [310, 180], 6)},
    ]
    out("FuzzDrawingJSON", "events.json", compact({"events": events}))
    out("FuzzDrawingJSON", "strokes.json", compact([circle(0, 0, 10, n=12), line([0, 0], [5, 5], 2), [[1, 1], [1, 1]]]))


def document(states, transitions, extra=(), next_id=None):
    ids = [s["id"] for s in states] + [t["id"] for t in transitions]
    doc = {"states": states, "transitions": transitions, "extraSymbols": list(extra),
           "nextID": next_id if next_id is not None else max(ids, default=-1) + 1}
    return json.dumps({"document": doc, "format": "strokes.automaton", "version": 1},
                      sort_keys=True, indent=2, ensure_ascii=False) + "\n"


def state(i, name, x, y, r=32, initial=False, final=False):
    return {"id": i, "name": name, "center": {"x": x, "y": y}, "radius": r, "isInitial": initial, "isFinal": final}


def move(i, a, b, start, end, symbols):
    t = {"id": i, "start": {"x": start[0], "y": start[1]}, "end": {"x": end[0], "y": end[1]}, "symbols": symbols}
    if a is not None:
        t["from"] = a
    if b is not None:
        t["to"] = b
    return t


def seed_documents():
    out("FuzzDocumentJSON", "textbook.automaton", document(
        [state(0, "q0", 100, 200, initial=True), state(1, "q1", 290, 200), state(2, "q2", 480, 200, final=True),
         state(3, "trap", 290, 370, 36)],
        [move(4, 0, 1, (130, 195), (260, 195), ["a"]), move(5, 1, 0, (260, 210), (130, 210), ["b"]),
         move(6, 1, 2, (320, 200), (450, 200), ["a", "c"]), move(7, 2, 2, (470, 170), (480, 110), ["a", "b"]),
         move(8, 2, 3, (460, 225), (320, 360), ["ε"]), move(9, 2, None, (510, 210), (600, 290), ["d"]),
         move(10, None, 0, (30, 150), (75, 180), [])], extra=["z"]))
    out("FuzzDocumentJSON", "two-initial.automaton", document(
        [state(0, "start", 150, 150, 70, initial=True), state(1, "done", 500, 300, 60, initial=True, final=True)],
        [move(2, 0, 1, (220, 150), (450, 260), ["go", "eps"]), move(3, 1, 1, (560, 290), (640, 300), ["0", "1"])],
        next_id=9))
    out("FuzzDocumentJSON", "empty.automaton", document([], []))
    # Curved transitions keep the two inner controls of the cubic they were drawn as.
    arc = move(3, 2, 0, (590, 262), (110, 262), ["c"])
    arc["controls"] = [{"x": 520, "y": 80}, {"x": 180, "y": 80}]
    out("FuzzDocumentJSON", "return-edge.automaton", document(
        [state(0, "q0", 100, 300, 40, initial=True), state(1, "q1", 350, 300, 40), state(2, "q2", 600, 300, 40, final=True)],
        [arc, move(4, 0, 1, (140, 300), (310, 300), ["a"])]))


# --- JFLAP files -----------------------------------------------------------------------------

def seed_jflap():
    """The hand-written .jff test fixtures: JFLAP 6, 7 and 8 automata, regular expressions,
    multi-character reads, no positions, and files the reader refuses (other machine types,
    broken XML, a DOCTYPE with entities, a malformed expression)."""
    fixtures = os.path.join(ROOT, "..", "..", "Tests", "Fixtures", "jflap")
    for name in sorted(os.listdir(fixtures)):
        if name.endswith(".jff"):
            shutil.copy(os.path.join(fixtures, name), os.path.join(ROOT, "FuzzJFLAP", name))


# --- InkML files -----------------------------------------------------------------------------

def seed_inkml():
    """The hand-made .inkml test fixtures (never files of the shared datasets, whose terms
    forbid copying them): a declared prefix with a format in its context, difference encodings,
    and files the reader refuses (not XML, not InkML, no traces, bad numbers, a format without
    X, a DOCTYPE, deep nesting, not UTF-8, a processing instruction)."""
    fixtures = os.path.join(ROOT, "..", "..", "Tests", "Fixtures", "inkml")
    for name in sorted(os.listdir(fixtures)):
        if name.endswith(".inkml"):
            shutil.copy(os.path.join(fixtures, name), os.path.join(ROOT, "FuzzInkML", name))


if __name__ == "__main__":
    for target in ["FuzzPNG", "FuzzModelFile", "FuzzDrawingJSON", "FuzzDocumentJSON", "FuzzJFLAP", "FuzzInkML"]:
        shutil.rmtree(os.path.join(ROOT, target), ignore_errors=True)
        os.makedirs(os.path.join(ROOT, target))
    seed_pngs()
    seed_models()
    seed_drawings()
    seed_documents()
    seed_jflap()
    seed_inkml()
