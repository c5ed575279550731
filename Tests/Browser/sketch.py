"""Hand-like pen strokes for the browser test, in canvas points (y downwards).

Shaped as Sources/AutomatonSketches/SketchPen.swift draws them, so the shipped classifier
reads them as a person's: rings of a little more than one turn for states, arrows whose
head is drawn in the same stroke (shaft to the tip, out along one barb, back to the tip,
out along the other), self-loops as an open loop whose ends sit on the state's edge,
ending in a head, and shafts and heads drawn as strokes of their own. A small seeded
wobble stands in for the hand.
"""

import math
import random

Point = tuple[float, float]


def _rounded(points: list[Point]) -> list[Point]:
    return [(round(x, 1), round(y, 1)) for x, y in points]


def _wobbled(points: list[Point], amplitude: float, rng: random.Random) -> list[Point]:
    """A slow sway across the path plus a little jitter, as a hand draws."""
    phase, frequency = rng.uniform(0, 2 * math.pi), rng.uniform(0.8, 2.0)
    result = []
    for i, (x, y) in enumerate(points):
        before, after = points[max(0, i - 1)], points[min(len(points) - 1, i + 1)]
        tx, ty = after[0] - before[0], after[1] - before[1]
        norm = math.hypot(tx, ty) or 1
        nx, ny = -ty / norm, tx / norm
        s = i / max(1, len(points) - 1)
        offset = amplitude * (math.sin(2 * math.pi * frequency * s + phase) + 0.2 * rng.gauss(0, 1))
        result.append((x + nx * offset, y + ny * offset))
    return result


def _line(a: Point, b: Point, count: int) -> list[Point]:
    """Points from a (excluded) to b (included)."""
    return [(a[0] + (b[0] - a[0]) * k / count, a[1] + (b[1] - a[1]) * k / count) for k in range(1, count + 1)]


def _arrowhead(tip: Point, heading: Point, length: float, rng: random.Random) -> list[Point]:
    """Tip → first barb's end → back to the tip → second barb's end."""
    back = (-heading[0], -heading[1])
    points: list[Point] = []
    current = tip
    for index, sign in enumerate((1, -1)):
        angle = sign * (0.5 + rng.uniform(-0.08, 0.08))
        direction = (back[0] * math.cos(angle) - back[1] * math.sin(angle),
                     back[0] * math.sin(angle) + back[1] * math.cos(angle))
        end = (tip[0] + direction[0] * length, tip[1] + direction[1] * length)
        if index == 1:
            points += _line(current, tip, 5)
            current = tip
        points += _line(current, end, 5)
        current = end
    return points


def _unit(v: Point) -> Point:
    norm = math.hypot(*v) or 1
    return (v[0] / norm, v[1] / norm)


def ring(center: Point, radius: float, seed: int = 1, turns: float = 1.08) -> list[Point]:
    """A state's circle (or a final state's second ring): a little more than one turn, started near the top."""
    rng = random.Random(seed)
    start = -math.pi / 2 - rng.uniform(0.1, 0.5)
    aspect = rng.uniform(0.92, 1.0)
    count = 72
    points = []
    for i in range(count + 1):
        progress = turns * i / count
        r = radius * (1 - 0.04 * progress)
        t = start + 2 * math.pi * progress
        points.append((center[0] + r * math.cos(t), center[1] + r * aspect * math.sin(t)))
    return _rounded(_wobbled(points, radius * 0.012, rng))


def arrow(start: Point, tip: Point, bulge: float = 0.0, seed: int = 2, head: float = 18.0) -> list[Point]:
    """An arrow from start to tip with its head; `bulge` (points) bends the shaft to the left
    of travel on screen (negative: to the right), as a cubic arc leaving at an angle."""
    rng = random.Random(seed)
    dx, dy = tip[0] - start[0], tip[1] - start[1]
    length = math.hypot(dx, dy)
    ux, uy = dx / length, dy / length
    # Left of travel on screen (y down) is (uy, -ux).
    nx, ny = uy, -ux
    # A symmetric cubic stands 0.75 · h off its chord when both handles stand h off it.
    h = bulge / 0.75
    c1 = (start[0] + dx / 3 + nx * h, start[1] + dy / 3 + ny * h)
    c2 = (start[0] + 2 * dx / 3 + nx * h, start[1] + 2 * dy / 3 + ny * h)
    count = max(24, int(length / 6) + (int(abs(bulge) / 3) if bulge else 0))
    shaft = []
    for i in range(count + 1):
        t = i / count
        a, b, c, d = (1 - t) ** 3, 3 * (1 - t) ** 2 * t, 3 * (1 - t) * t ** 2, t ** 3
        shaft.append((a * start[0] + b * c1[0] + c * c2[0] + d * tip[0],
                      a * start[1] + b * c1[1] + c * c2[1] + d * tip[1]))
    shaft = _wobbled(shaft, 0.6, rng)
    shaft[-1] = tip
    heading = _unit((tip[0] - c2[0], tip[1] - c2[1]))
    return _rounded(shaft + _arrowhead(tip, heading, head, rng))


def shaft(start: Point, end: Point, seed: int = 4) -> list[Point]:
    """An arrow's shaft alone, start to end, without a head: its direction waits for a head
    drawn apart (or stays as drawn when none comes)."""
    rng = random.Random(seed)
    count = max(24, int(math.dist(start, end) / 6))
    points = _wobbled([start] + _line(start, end, count), 0.6, rng)
    points[0], points[-1] = start, end
    return _rounded(points)


def head(apex: Point, pointing: Point, size: float = 22.0) -> list[Point]:
    """An arrowhead drawn as a stroke of its own, a "V": barb → its point at `apex` → barb,
    the barbs opening back against `pointing` (the way the arrow it ends points)."""
    back = _unit((-pointing[0], -pointing[1]))

    def barb(angle: float) -> Point:
        return (apex[0] + size * (back[0] * math.cos(angle) - back[1] * math.sin(angle)),
                apex[1] + size * (back[0] * math.sin(angle) + back[1] * math.cos(angle)))

    first, last = barb(0.5), barb(-0.5)
    return _rounded([first] + _line(first, apex, 8) + _line(apex, last, 8))


def self_loop(center: Point, radius: float, angle: float, seed: int = 3) -> list[Point]:
    """A self-loop on the state's side at `angle` (radians, screen coordinates): about 0.8 of
    a turn whose open side faces the state, both ends on its edge, ending in a head."""
    rng = random.Random(seed)
    dx, dy = math.cos(angle), math.sin(angle)
    loop_radius = radius * 0.55
    # The loop's centre stands out so that its ends, 36° either side of the state's
    # direction, land on the state's edge.
    gap = math.radians(36)
    reach = radius + loop_radius * math.cos(gap) * 0.9
    cx, cy = center[0] + dx * reach, center[1] + dy * reach
    towards_state = math.atan2(-dy, -dx)
    count = 48
    points = []
    for i in range(count + 1):
        t = towards_state + gap + (2 * math.pi - 2 * gap) * i / count
        points.append((cx + loop_radius * math.cos(t), cy + loop_radius * math.sin(t)))
    points = _wobbled(points, 0.5, rng)
    heading = _unit((points[-1][0] - points[-3][0], points[-1][1] - points[-3][1]))
    return _rounded(points + _arrowhead(points[-1], heading, loop_radius * 0.45, rng))


def line(start: Point, end: Point, count: int = 30) -> list[Point]:
    """A straight pen path (an eraser's)."""
    return _rounded([start] + _line(start, end, count))


def letter_a(top_left: Point, height: float = 26.0) -> list[Point]:
    """A handwritten "a" in one stroke: the bowl from its top right round anticlockwise, then
    up the right side and down the stem to a small tail."""
    x0, y0 = top_left
    bowl = [(0.85 + 0.42 * math.cos(a) - 0.42, 0.5 - 0.5 * math.sin(a)) for a in
            (math.pi * (0.25 + 1.5 * k / 24) for k in range(25))]
    stem = _line(bowl[-1], (0.88, 0.0), 6) + _line((0.88, 0.0), (0.9, 0.95), 10) + _line((0.9, 0.95), (1.05, 1.0), 3)
    return _rounded([(x0 + x * height, y0 + y * height) for x, y in bowl + stem])


def zigzag(center: Point, width: float, height: float, legs: int = 6) -> list[Point]:
    """Crossing out: `legs` strokes back and forth, `width` wide, moving down `height` in all."""
    points = []
    for leg in range(legs + 1):
        x0, x1 = (center[0] - width / 2, center[0] + width / 2) if leg % 2 == 0 else (center[0] + width / 2, center[0] - width / 2)
        y = center[1] - height / 2 + height * leg / legs
        points += [(x0 + (x1 - x0) * i / 8, y + height / legs * i / 8) for i in range(8)]
    return points
