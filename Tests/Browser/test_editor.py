"""The editor page in a real headless Chromium, against a running `automata serve`.

Meets the first-run guide first (shown by itself once: its cards with Next and Back, a
state drawn while it is open, Skip, not back after a reload, again from Help, Escape). Then
draws an automaton with real pointer events (states, transitions, a curved return edge, a
self-loop, the initial arrow, a final ring), labels it by double-clicking, runs words and
steps through their traces, undoes and redoes (buttons and keys), reloads, moves a state,
erases a transition, teaches a stroke, zooms, pans and draws while zoomed, fits, opens a
far-off drawing and runs an algorithm, opens a result laid out by Graphviz beside the same in columns, makes a document from a regular expression and shows one, builds its menus from the vocabulary (and splits words as
the server does), opens a JFLAP file (and is refused a pushdown one),
runs a test set and downloads the .jff, a PNG and TikZ, draws a shaft and then its head apart (shown
provisional in between), and opens an InkML file replayed stroke by stroke (and stops a
long one), and at 800×600 and 820×1180 checks the drawing re-fitted and the side panel
folded into a drawer (Panels opens it, Escape closes it), checking each step through the
API. Fails on any console error, page error or refused request (but those a step asks for).
Screenshots go to out/browser/.

    python Tests/Browser/test_editor.py --url http://127.0.0.1:PORT/ [--chromium /usr/bin/chromium]

(scripts/browser-test.sh starts the server and runs this.)
"""

import argparse
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time
import traceback
import urllib.error
import urllib.request
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
import sketch  # noqa: E402

DOCUMENT = "browser-test"
ROOT = Path(__file__).resolve().parents[2]
SCREENSHOTS = ROOT / "out" / "browser"
JFLAP = ROOT / "Tests" / "Fixtures" / "jflap"
INKML = ROOT / "Tests" / "Fixtures" / "inkml-page"

# Where the states go, in canvas points, and their size.
CENTERS = [(200.0, 300.0), (450.0, 300.0), (700.0, 300.0)]
RADIUS = 40.0

# The first-run guide's cards, in order, and what each must say (lower case).
GUIDE = [
    ("Draw a state", ["circle"]),
    ("Draw an arrow", ["arrow", "one stroke", "head as a separate stroke"]),
    ("Draw a self-loop", ["loop", "edge"]),
    ("Make a state final", ["second circle"]),
    ("Make a state initial", ["arrow from empty space"]),
    ("Name and label", ["double-click", "long-press", "by hand"]),
    ("Run a word", ["run a word", "enter"]),
    ("Keyboard shortcuts", ["undo", "redo", "fit", "zoom", "help"]),
]
# The keys the shortcuts card shows: those shortcuts.js handles, and no other.
SHORTCUT_KEYS = {"D", "E", "M", "Ctrl", "⌘", "Shift", "Z", "Y", "F", "+", "-", "0"}


class Failure(AssertionError):
    pass


def check(condition, message):
    if not condition:
        raise Failure(message)


class EditorTest:
    def __init__(self, base_url: str, page):
        self.base = base_url.rstrip("/")
        self.page = page
        self.console_errors: list[str] = []
        self.refused: list[str] = []
        page.on("console", lambda message: self.console_errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: self.console_errors.append(f"page error: {error}"))
        page.on("response", lambda response: self.refused.append(f"{response.status} {response.request.method} {response.url}")
                if response.status >= 400 else None)

    # ---- the API, straight (not through the page) ----

    def api(self, method: str, path: str, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"} if data else {})
        with urllib.request.urlopen(request, timeout=30) as response:
            return json.load(response)

    def document(self):
        return self.api("GET", f"/api/documents/{DOCUMENT}")["document"]

    def states(self):
        return self.document()["states"]

    def transitions(self):
        return self.document()["transitions"]

    def state_near(self, point):
        return min(self.states(), key=lambda s: math.dist((s["center"]["x"], s["center"]["y"]), point))

    # ---- the page ----

    def view(self):
        """How the canvas shows canvas points, as the browser says (not the page's own
        arithmetic): (scale, x, y) with page position = (x, y) + scale · point."""
        m = self.page.evaluate("(() => { const m = document.getElementById('canvas').getScreenCTM();"
                               " return [m.a, m.d, m.e, m.f, m.b, m.c]; })()")
        check(abs(m[0] - m[1]) < 1e-6 and m[4] == 0 and m[5] == 0, f"the canvas is not scaled evenly: {m}")
        return m[0], m[2], m[3]

    def scale(self):
        return self.view()[0]

    def to_page(self, point):
        scale, x, y = self.view()
        return x + scale * point[0], y + scale * point[1]

    def to_canvas(self, position):
        scale, x, y = self.view()
        return (position[0] - x) / scale, (position[1] - y) / scale

    def draw(self, points, path_end="/events", screenshot_before_release=None):
        """Draws one stroke (canvas points) with real pointer events and waits for the server's answer."""
        scale, x0, y0 = self.view()
        mouse = self.page.mouse
        with self.page.expect_response(lambda r: r.url.endswith(path_end) and r.request.method == "POST") as answer:
            mouse.move(x0 + scale * points[0][0], y0 + scale * points[0][1])
            mouse.down()
            for x, y in points[1:]:
                mouse.move(x0 + scale * x, y0 + scale * y)
            if screenshot_before_release:
                check(self.page.locator("#ink polyline").count() == 1, "no ink while drawing")
                self.screenshot(screenshot_before_release)
            mouse.up()
        return answer.value.json()

    def draw_by_touch(self, points):
        """Draws one stroke with a finger (touch events through CDP) and waits for the answer."""
        cdp = self.page.context.new_cdp_session(self.page)
        pages = [self.to_page(p) for p in points]
        with self.page.expect_response(lambda r: r.url.endswith("/events")) as answer:
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": pages[0][0], "y": pages[0][1]}]})
            for x, y in pages[1:]:
                cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]})
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        cdp.detach()
        return answer.value.json()

    def label(self, point, text):
        """Double-clicks a canvas point, types into the field that opens, and presses Enter."""
        x, y = self.to_page(point)
        self.page.mouse.dblclick(x, y)
        editor = self.page.locator(".label-editor")
        editor.wait_for(state="visible", timeout=5000)
        editor.fill(text)
        with self.page.expect_response(lambda r: r.url.endswith("/events")) as answer:
            editor.press("Enter")
        check(self.page.locator(".label-editor").count() == 0, "the label field stays open after Enter")
        return answer.value.json()

    def edge_middle(self, transition_id):
        """The middle of the drawn edge of a transition, in canvas points."""
        return self.page.evaluate(
            """(id) => {
                const line = [...document.querySelectorAll('#drawing [data-transitions]')]
                  .find((e) => e instanceof SVGGeometryElement && e.dataset.transitions.split(' ').includes(String(id)));
                if (!line) return null;
                const p = line.getPointAtLength(line.getTotalLength() / 2);
                return [p.x, p.y];
            }""", transition_id)

    def teach_marked(self):
        """The ids of the states and transitions marked as what Teach would replace."""
        return set(self.page.evaluate(
            "[...document.querySelectorAll('#drawing .teach-target')]"
            ".flatMap((e) => (e.dataset.state ?? e.dataset.transitions).split(' '))"))

    def highlighted(self):
        return set(self.page.evaluate(
            "[...document.querySelectorAll('#drawing .active[data-state]')].map((e) => e.dataset.state)"))

    def screenshot(self, name):
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(SCREENSHOTS / f"{name}.png"))

    def forgive_refusal(self, path_end):
        """A refusal the step asked for (a wrong file, a wrong test set): neither it nor the
        console's note of it fails the step. Other refusals still do."""
        asked = [r for r in self.refused if r.split("?")[0].endswith(path_end)]
        check(asked, f"no request to {path_end} was refused")
        self.refused = [r for r in self.refused if r not in asked]
        self.console_errors = [e for e in self.console_errors
                               if not e.startswith("Failed to load resource: the server responded with a status of 4")]

    def document_names(self):
        return [d["name"] for d in self.api("GET", "/api/documents")["documents"]]

    def wait_for_event_answer(self, action):
        with self.page.expect_response(lambda r: r.url.endswith("/events")) as answer:
            action()
        return answer.value.json()

    # ---- the steps ----

    def open_document(self):
        # A clean start when the server was used before (by hand).
        if any(d["name"] == DOCUMENT for d in self.api("GET", "/api/documents")["documents"]):
            self.api("DELETE", f"/api/documents/{DOCUMENT}")
        self.page.goto(f"{self.base}/?doc={DOCUMENT}")
        self.page.wait_for_function("document.getElementById('document-name').textContent === 'browser-test'")
        check(self.page.locator("#canvas").is_visible(), "no canvas")
        check(self.states() == [], "the new document is not empty")
        viewbox = self.page.get_attribute("#canvas", "viewBox")
        box = self.page.locator("#canvas").bounding_box()
        w, h = (float(v) for v in viewbox.split()[2:])
        check(abs(w - box["width"]) < 1 and abs(h - box["height"]) < 1,
              f"viewBox {viewbox} does not match the canvas size {box['width']}×{box['height']}")

    def guide_card(self):
        """The guide's visible card: its title, its text (lower case) and the progress it shows."""
        cards = self.page.locator("#guide .guide-step:not([hidden])")
        check(cards.count() == 1, f"{cards.count()} guide cards show at once")
        return (cards.locator("h3").inner_text().strip(), cards.inner_text().lower(),
                self.page.inner_text("#guide-progress").strip())

    def focus_in_guide(self):
        return self.page.evaluate("document.activeElement?.closest('#guide') != null")

    def guide(self):
        """The first-run guide, shown by itself on the first visit (open_document's): a dialog
        with the focus, its cards one at a time with Next and Back, nothing sent to the server;
        a corner card, so a state can be drawn while it is open; Skip closes it for good (not
        back after a reload); Help shows it again, Escape and Done close it."""
        guide = self.page.locator("#guide")
        guide.wait_for(state="visible", timeout=5000)
        check(guide.get_attribute("role") == "dialog", "the guide is not a dialog")
        heading = guide.get_attribute("aria-labelledby")
        check(heading and self.page.locator(f"#guide #{heading}").inner_text().strip(), "the guide's dialog has no heading")
        check(self.focus_in_guide(), "the focus is not in the guide when it opens")
        for button in ("#guide-skip", "#guide-back", "#guide-next", "#help"):
            check(self.page.eval_on_selector(button, "(b) => b.tagName === 'BUTTON' && b.type === 'button'"),
                  f"{button} is not a real button")
        check(self.page.locator("#guide-back").is_disabled(), "Back is enabled on the first card")
        check(self.page.locator("#empty-hint").is_visible(), "the empty-canvas hint is gone while the guide is open")
        self.screenshot("guide-desktop")

        # Every card, in order, with Next; nothing goes to the server meanwhile.
        sent = []
        listener = lambda r: sent.append(f"{r.method} {r.url}") if "/api/" in r.url else None  # noqa: E731
        self.page.on("request", listener)
        for index, (title, words) in enumerate(GUIDE):
            shown, text, progress = self.guide_card()
            check(shown == title, f"guide card {index + 1} is {shown!r}, not {title!r}")
            check(progress == f"{index + 1} of {len(GUIDE)}", f"card {index + 1} says {progress!r}")
            missing = [word for word in words if word not in text]
            check(not missing, f"the card {title!r} does not say {missing}")
            if index < len(GUIDE) - 1:
                self.page.click("#guide-next")
        check(self.page.inner_text("#guide-next").strip() == "Done", "the last card's Next does not say Done")
        keys = set(self.page.locator("#guide .guide-step:not([hidden]) kbd").all_inner_texts())
        check(keys == SHORTCUT_KEYS, f"the shortcuts card shows the keys {sorted(keys)}, not {sorted(SHORTCUT_KEYS)}")
        self.screenshot("guide-shortcuts")
        self.page.click("#guide-back")
        check(self.guide_card()[0] == GUIDE[-2][0], "Back does not go to the card before")
        check(self.page.inner_text("#guide-next").strip() == "Next", "Next still says Done after Back")
        for _ in range(len(GUIDE) - 2):
            self.page.click("#guide-back")
        check(self.guide_card()[0] == GUIDE[0][0], "Back does not lead to the first card")
        check(self.page.locator("#guide-back").is_disabled(), "Back is enabled on the first card again")
        check(self.focus_in_guide(), "the focus left the guide when Back was disabled")
        self.page.remove_listener("request", listener)
        check(not sent, f"the guide sent requests: {sent}")

        # A corner card: the canvas's middle and most of it are free, and a circle drawn there
        # becomes a state while the guide stays open.
        card, area = guide.bounding_box(), self.page.locator("#canvas-wrap").bounding_box()
        covered = card["width"] * card["height"] / (area["width"] * area["height"])
        check(covered < 0.2, f"the guide covers {covered:.0%} of the canvas")
        middle = (area["x"] + area["width"] / 2, area["y"] + area["height"] / 2)
        check(self.page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest('#canvas') != null", list(middle)),
              "the guide covers the middle of the canvas")
        answer = self.draw(sketch.ring(CENTERS[0], RADIUS, seed=10))
        check(len(self.states()) == 1, f"a circle drawn while the guide is open made no state ({answer.get('message')})")
        check(guide.is_visible(), "drawing closed the guide")

        # Skip, from a middle card: closed, and not shown again after a reload.
        self.page.click("#guide-next")
        self.page.click("#guide-skip")
        check(guide.is_hidden(), "Skip does not close the guide")
        # The state tried above is not the test's: start from an empty document again.
        self.api("DELETE", f"/api/documents/{DOCUMENT}")
        self.page.reload()
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(DOCUMENT)}")
        check(self.states() == [], "the document is not empty again")
        check(guide.is_hidden(), "the guide comes back after a reload once skipped")
        check(self.page.locator("#empty-hint").is_visible(), "no empty-canvas hint on the empty document")

        # Help: the first card again, with the focus; Escape closes it and gives the focus back.
        self.page.click("#help")
        check(guide.is_visible(), "Help does not show the guide")
        check(self.guide_card()[0] == GUIDE[0][0], "Help does not start at the first card")
        check(self.focus_in_guide(), "the focus is not in the guide opened from Help")
        self.page.keyboard.press("Escape")
        check(guide.is_hidden(), "Escape does not close the guide")
        check(self.page.evaluate("document.activeElement?.id") == "help", "the focus does not go back to Help")
        # And Done, on the last card, closes it too.
        self.page.click("#help")
        for _ in range(len(GUIDE) - 1):
            self.page.click("#guide-next")
        self.page.click("#guide-next")
        check(guide.is_hidden(), "Done does not close the guide")

    def draw_states(self):
        for index, center in enumerate(CENTERS):
            answer = self.draw(sketch.ring(center, RADIUS, seed=10 + index),
                               screenshot_before_release="00-ink" if index == 0 else None)
            check(answer["changed"], f"state {index}: {answer.get('message')}")
            states = self.states()
            check(len(states) == index + 1, f"after ring {index}: {len(states)} states ({answer.get('message')})")
            check(math.dist((states[-1]["center"]["x"], states[-1]["center"]["y"]), center) < 10,
                  f"state {index} at {states[-1]['center']}, drawn at {center}")
        # The ink went: the answer's drawing replaced it.
        self.page.wait_for_function("document.querySelectorAll('#ink polyline').length === 0")
        check(self.page.locator("#drawing circle.state").count() == 3, "three state circles are not drawn")
        self.ids = [self.state_near(c)["id"] for c in CENTERS]

    def transition(self, source, target):
        found = [t for t in self.transitions() if t.get("from") == source and t.get("to") == target]
        return found[0] if found else None

    def draw_transitions(self):
        q0, q1, q2 = self.ids
        (x0, y), (x1, _), (x2, _) = CENTERS
        self.draw(sketch.arrow((x0 + RADIUS, y), (x1 - RADIUS, y), seed=20))
        check(self.transition(q0, q1) is not None, f"no transition q0 → q1: {self.transitions()}")
        self.draw(sketch.arrow((x1 + RADIUS, y), (x2 - RADIUS, y), seed=21))
        check(self.transition(q1, q2) is not None, f"no transition q1 → q2: {self.transitions()}")

        # The return edge q1 → q0, bulging below the straight one.
        diagonal = RADIUS * math.sqrt(0.5)
        answer = self.draw(sketch.arrow((x1 - diagonal, y + diagonal), (x0 + diagonal, y + diagonal), bulge=45, seed=22))
        back = self.transition(q1, q0)
        check(back is not None, f"no return edge q1 → q0 ({answer.get('message')})")
        check(bool(back.get("controls")) or back.get("isCurved"), f"the return edge is not curved: {back}")

        answer = self.draw(sketch.self_loop(CENTERS[2], RADIUS, -math.pi / 2, seed=23))
        check(self.transition(q2, q2) is not None, f"no self-loop on q2 ({answer.get('message')})")

        answer = self.draw(sketch.arrow((x0 - RADIUS - 85, y), (x0 - RADIUS - 2, y), seed=24))
        check([s["id"] for s in self.states() if s["isInitial"]] == [q0], f"q0 is not the initial state ({answer.get('message')})")

        answer = self.draw(sketch.ring(CENTERS[2], RADIUS * 1.28, seed=25))
        check([s["id"] for s in self.states() if s["isFinal"]] == [q2], f"q2 is not final ({answer.get('message')})")
        check(len(self.states()) == 3 and len(self.transitions()) == 4,
              f"{len(self.states())} states, {len(self.transitions())} transitions after drawing")

    def type_labels(self):
        q0, q1, q2 = self.ids
        wanted = {(q0, q1): "0", (q1, q2): "1", (q1, q0): "0", (q2, q2): "0,1"}
        for (source, target), text in wanted.items():
            transition = self.transition(source, target)
            middle = self.edge_middle(transition["id"])
            check(middle is not None, f"transition {transition['id']} is not drawn with data-transitions")
            self.label(middle, text)
            symbols = self.transition(source, target)["symbols"]
            check(symbols == text.split(","), f"transition {source} → {target} reads {symbols}, typed {text!r}")
        # A state's name: double-click inside it.
        self.label(CENTERS[1], "mid")
        check(self.state_near(CENTERS[1])["name"] == "mid", "q1 was not renamed to mid")
        # Escape cancels.
        x, y = self.to_page(CENTERS[0])
        self.page.mouse.dblclick(x, y)
        self.page.locator(".label-editor").fill("never")
        self.page.keyboard.press("Escape")
        check(self.page.locator(".label-editor").count() == 0, "Escape does not close the label field")
        check(self.state_near(CENTERS[0])["name"] == "q0", "Escape did not cancel the name")
        self.long_press_label()
        self.screenshot("01-drawn")

    def long_press_label(self):
        """A finger resting on q2 for 0.7 s opens its name field too (touch events through CDP): q2 becomes end."""
        cdp = self.page.context.new_cdp_session(self.page)
        x, y = self.to_page(CENTERS[2])
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
        editor = self.page.locator(".label-editor")
        editor.wait_for(state="visible", timeout=3000)  # while the finger rests
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        self.page.wait_for_timeout(100)
        check(editor.count() == 1, "the name field closes when the finger lifts")
        check(self.page.locator("#ink polyline").count() == 0, "a long press leaves ink")
        editor.fill("end")
        with self.page.expect_response(lambda r: r.url.endswith("/events")):
            editor.press("Enter")
        check(self.state_near(CENTERS[2])["name"] == "end", "the long-press name was not taken")
        cdp.detach()

    def run_word(self, word):
        self.page.fill("#word", word)
        with self.page.expect_response(lambda r: r.url.endswith("/run")):
            self.page.press("#word", "Enter")
        self.page.wait_for_function(
            "(word) => { const r = document.getElementById('result'); return r.dataset.word === word && r.dataset.verdict; }", arg=word)
        return self.api("POST", f"/api/documents/{DOCUMENT}/run", {"word": word})

    def check_step(self, trace, step):
        names = {s["id"]: s["name"] for s in self.states()}
        expected = {str(i) for i in trace[step]["states"]}
        check(self.highlighted() == expected,
              f"step {step}: highlighted {sorted(self.highlighted())}, the trace says {sorted(expected)}")
        check(sorted(names[i] for i in trace[step]["states"]) == sorted(trace[step]["stateNames"]),
              f"step {step}: the trace's states {trace[step]['states']} are not named {trace[step]['stateNames']}")
        counter = self.page.inner_text("#step-counter")
        check(counter.startswith(f"{step}/{len(trace) - 1}"), f"step counter {counter!r} at step {step}")

    def simulate(self):
        # 0110: q0 -0-> mid -1-> q2 -1-> q2 -0-> q2, accepted.
        outcome = self.run_word("0110")
        check(outcome["accepted"], f"0110 is rejected by the server: {outcome}")
        result = self.page.inner_text("#result")
        check("accepted" in result and "rejected" not in result, f"#result says {result!r} for 0110")
        trace = outcome["trace"]
        check(len(trace) == 5, f"the trace of 0110 has {len(trace)} steps")
        q2 = str(self.ids[2])
        check(self.highlighted() == {q2}, f"at the end of 0110 the highlight is {self.highlighted()}, not q2")
        for step in range(len(trace) - 1, -1, -1):
            self.check_step(trace, step)
            if step > 0:
                self.page.click("#step-back")
        check(self.page.locator("#step-back").is_disabled(), "step back is enabled at the start")
        self.page.click("#step-forward")
        self.page.click("#step-forward")
        self.check_step(trace, 2)
        check(self.page.locator("#drawing circle.active").count() >= 1, "no highlighted circle")
        self.screenshot("02-simulation")

        # Its counterparts: 000 (back and forth, rejected), 1 (stuck at once).
        for word in ("000", "1"):
            outcome = self.run_word(word)
            check(not outcome["accepted"], f"{word} is accepted by the server")
            result = self.page.inner_text("#result")
            check("rejected" in result and "accepted" not in result, f"#result says {result!r} for {word}")
            self.check_step(outcome["trace"], len(outcome["trace"]) - 1)

        # A symbol no transition reads is a rejection with its note, as in JFLAP: the run stops there.
        outcome = self.run_word("012")
        check(not outcome["accepted"] and outcome["note"] == "no transition reads 2", f"012: the server says {outcome}")
        result = self.page.inner_text("#result")
        check("rejected: no transition reads 2" in result, f"#result says {result!r} for 012")
        check(self.highlighted() == set(), "a highlight stays after a run stuck on a symbol no transition reads")

    def undo_redo(self):
        # Shortcuts do not act while typing: leave the word field first.
        self.page.click("#documents-heading")
        before = self.document()
        check(self.page.locator("#undo").is_enabled(), "undo is disabled after drawing")
        self.wait_for_event_answer(lambda: self.page.click("#undo"))
        undone = self.document()
        check(undone != before, "undo (button) changed nothing")
        check(self.page.locator("#redo").is_enabled(), "redo is disabled after an undo")
        self.wait_for_event_answer(lambda: self.page.click("#redo"))
        check(self.document() == before, "redo (button) did not bring the document back")

        modifier = "Control"
        for keys, expected, what in ((f"{modifier}+z", undone, "Ctrl+Z did not undo"),
                                     (f"{modifier}+Shift+z", before, "Shift+Ctrl+Z did not redo"),
                                     (f"{modifier}+z", undone, "Ctrl+Z did not undo (second time)"),
                                     (f"{modifier}+y", before, "Ctrl+Y did not redo")):
            self.wait_for_event_answer(lambda: self.page.keyboard.press(keys))
            check(self.document() == expected, what)
            # The page has taken the answer when its buttons show it.
            self.page.wait_for_function(
                "(canRedo) => document.getElementById('redo').disabled === !canRedo", arg=expected is undone)
        check(self.page.locator("#redo").is_disabled(), "redo is enabled with nothing to redo")

        # Not while typing: Ctrl+Z in the word field is the field's own undo.
        self.page.click("#word")
        self.page.keyboard.press(f"{modifier}+z")
        self.page.wait_for_timeout(300)
        check(self.document() == before, "Ctrl+Z in the word field undid a drawing step")
        self.page.click("#documents-heading")

    def reload(self):
        before = self.document()
        self.page.reload()
        self.page.wait_for_function("document.querySelectorAll('#drawing circle.state').length === 3")
        check(self.document() == before, "reloading changed the document")
        check(self.page.inner_text("#document-name") == DOCUMENT, "another document is open after reloading")
        drawn = set(self.page.evaluate("[...document.querySelectorAll('#drawing [data-state]')].map((e) => e.dataset.state)"))
        check(drawn == {str(i) for i in self.ids}, f"after reloading the drawing shows states {drawn}")
        check(self.page.locator("#drawing .label").count() >= 4, "the labels are not drawn after reloading")
        for link in ("#download-automaton", "#download-dot", "#download-svg"):
            href = self.page.get_attribute(link, "href")
            with urllib.request.urlopen(self.base + href, timeout=30) as response:
                check(response.status == 200 and response.read(), f"{link} ({href}) gives nothing")
        self.screenshot("03-after-reload")

    def move_state(self):
        self.page.keyboard.press("m")
        check(self.page.get_attribute("#mode-move", "aria-pressed") == "true", "m does not switch to move mode")
        q0 = self.ids[0]
        start = CENTERS[0]
        previews = []
        listener = lambda r: previews.append(r) if r.url.endswith("/preview") else None  # noqa: E731
        self.page.on("response", listener)
        x, y = self.to_page(start)
        mouse = self.page.mouse
        with self.page.expect_response(lambda r: r.url.endswith("/events")):
            mouse.move(x, y)
            mouse.down()
            for k in range(1, 41):
                mouse.move(x, y + 3 * k)
                self.page.wait_for_timeout(10)
            self.page.wait_for_timeout(200)  # the last preview arrives
            check(self.page.locator("#drawing circle.dragging").count() >= 1, "the dragged state is not marked")
            self.screenshot("04-dragging")
            mouse.up()
        self.page.remove_listener("response", listener)
        moved = next(s for s in self.states() if s["id"] == q0)
        check(abs(moved["center"]["y"] - (start[1] + 120)) < 12 and abs(moved["center"]["x"] - start[0]) < 12,
              f"q0 moved to {moved['center']}, dragged to {start[0]}, {start[1] + 120}")
        check(len(previews) > 0, "no preview was asked for while dragging")
        self.page.click("#mode-draw")

    def erase_transition(self):
        self.page.keyboard.press("e")
        check(self.page.get_attribute("#mode-erase", "aria-pressed") == "true", "e does not switch to erase mode")
        q1, q2 = self.ids[1], self.ids[2]
        middle = self.edge_middle(self.transition(q1, q2)["id"])
        count = len(self.transitions())
        answer = self.draw(sketch.line((middle[0] - 6, middle[1] - 40), (middle[0] + 6, middle[1] + 40)))
        check(self.transition(q1, q2) is None, f"the transition mid → q2 is still there ({answer.get('message')})")
        check(len(self.transitions()) == count - 1, "erasing took more than the one transition")
        check(len(self.states()) == 3, "erasing took a state")
        # Erasing nothing changes nothing: the ink fades away instead of being replaced.
        answer = self.draw(sketch.line((820, 620), (900, 660)))
        check(answer["changed"] is False, f"erasing empty canvas changed something: {answer.get('message')}")
        self.page.wait_for_function("document.querySelectorAll('#ink polyline.fading').length === 1")
        self.page.wait_for_function("document.querySelectorAll('#ink polyline').length === 0")
        self.page.keyboard.press("d")
        self.screenshot("05-moved-and-erased")

    def teach(self):
        # A ring drawn with a finger in empty space becomes a state; teach says it was a
        # circle (the same reading, saved).
        answer = self.draw_by_touch(sketch.ring((450, 520), 36, seed=30))
        check(len(answer.get("added", [])) == 1, f"the ring added {answer.get('added')}")
        self.page.locator("#teach").wait_for(state="visible", timeout=5000)
        made = str(answer["added"][0])
        check(self.teach_marked() == {made}, f"teach offers the ring but marks {self.teach_marked()}, not state {made}")
        with self.page.expect_response(lambda r: r.url.endswith("/corrections")) as taught:
            self.page.click("#teach button[data-class='circle']")
        saved = taught.value.json().get("saved")
        check(saved, "the correction was not saved")
        self.page.wait_for_function("document.getElementById('teach').hidden")
        check(self.teach_marked() == set(), f"marks stay after teaching: {self.teach_marked()}")
        self.page.wait_for_function("document.getElementById('status').textContent.includes('Saved')")
        check(len(self.states()) == 4, f"teaching left {len(self.states())} states")
        # A single tap on the state later offers to teach its stroke again.
        self.page.wait_for_function("document.getElementById('teach').hidden")
        x, y = self.to_page((450, 520))
        self.page.mouse.click(x, y)
        self.page.wait_for_function("!document.getElementById('teach').hidden"
                                    " && document.querySelector('#teach .teach-question').textContent.includes('made')")
        tapped = str(self.state_near((450, 520))["id"])
        check(self.teach_marked() == {tapped}, f"teach offers the tapped state but marks {self.teach_marked()}")

        # A stray ring taught as nothing: its state goes, and the stroke is saved under other/.
        answer = self.draw_by_touch(sketch.ring((650, 520), 30, seed=31))
        check(len(answer.get("added", [])) == 1, f"the stray ring added {answer.get('added')}")
        stray = str(answer["added"][0])
        self.page.wait_for_function("!document.getElementById('teach').hidden"
                                    " && document.querySelector('#teach .teach-question').textContent === 'It was:'")
        offered = self.page.inner_text("#teach")
        for words in ("state", "transition", "self-loop", "nothing", "part of the last element", "writing"):
            check(words in offered, f"Teach does not offer {words!r}: {offered!r}")
        check("cycle" not in offered, f"Teach shows a student the word cycle: {offered!r}")
        self.screenshot("06-teach-what-it-was")
        with self.page.expect_response(lambda r: r.url.endswith("/corrections")) as taught:
            self.page.click("#teach button[data-class='nothing']")
        saved = taught.value.json().get("saved") or ""
        check(saved.startswith("other/") and saved.endswith(".png"), f"the stray mark was saved as {saved!r}, not under other/")
        self.page.wait_for_function("document.getElementById('status').textContent.includes('Taught: nothing.')")
        check(stray not in {str(s["id"]) for s in self.states()}, "the stray ring's state is still there")
        check(len(self.states()) == 4, f"teaching nothing left {len(self.states())} states")

    # ---- the view: zoom, pan, fit ----

    def readout(self):
        return self.page.inner_text("#zoom-readout")

    def wait_for_view_change(self, action):
        """Does `action` (a wheel, a drag…) and waits until the canvas's viewBox has moved."""
        before = self.page.get_attribute("#canvas", "viewBox")
        action()
        self.page.wait_for_function("(before) => document.getElementById('canvas').getAttribute('viewBox') !== before",
                                    arg=before)

    def ctrl_wheel(self, position, delta_y, times=1, until=None):
        """Ctrl+wheel (as a trackpad pinch arrives in Chromium) at a page position, `times`
        steps or until the readout says `until`."""
        self.page.mouse.move(*position)
        self.page.keyboard.down("Control")
        for _ in range(20 if until else times):
            if self.readout() == until:
                break
            self.wait_for_view_change(lambda: self.page.mouse.wheel(0, delta_y))
        self.page.keyboard.up("Control")

    def states_in_view(self):
        """Whether every state's circle is inside the canvas on screen."""
        return self.page.evaluate("""() => {
            const canvas = document.getElementById('canvas').getBoundingClientRect();
            return [...document.querySelectorAll('#drawing circle.state')].every((circle) => {
              const box = circle.getBoundingClientRect();
              return box.left >= canvas.left && box.top >= canvas.top && box.right <= canvas.right && box.bottom <= canvas.bottom;
            });
        }""")

    def no_event_sent(self, action, what):
        """Does `action`, which must not send an event, draw ink, or leave ink behind."""
        sent = []
        listener = lambda r: sent.append(r.url) if r.url.endswith("/events") else None  # noqa: E731
        self.page.on("request", listener)
        action()
        self.page.wait_for_timeout(150)
        self.page.remove_listener("request", listener)
        check(not sent, f"{what} sent an event")
        check(self.page.locator("#ink polyline").count() == 0, f"{what} left ink")

    def zoom_and_pan(self):
        check(abs(self.scale() - 1) < 1e-9 and self.readout() == "100%", f"the view starts at {self.readout()}")
        # Ctrl+wheel zooms in about the pointer: the point under it stays.
        anchor = CENTERS[1]
        position = self.to_page(anchor)
        self.ctrl_wheel(position, -100, times=2)
        scale = self.scale()
        check(1.4 < scale <= 4, f"two ctrl+wheel steps zoomed to {scale}")
        check(self.readout() == f"{round(scale * 100)}%", f"the readout says {self.readout()} at {scale}")
        check(math.dist(self.to_canvas(position), anchor) < 1, f"{anchor} moved from under the pointer while zooming")

        # The wheel pans: the paper moves against the scroll.
        before = self.to_canvas(position)
        self.wait_for_view_change(lambda: self.page.mouse.wheel(120, 80))
        after = self.to_canvas(position)
        check(abs(after[0] - before[0] - 120 / scale) < 1 and abs(after[1] - before[1] - 80 / scale) < 1,
              f"a wheel of (120, 80) px moved the view from {before} to {after} at {scale}")
        check(abs(self.scale() - scale) < 1e-9, "the wheel changed the zoom")

        # A state drawn while zoomed lands where it was drawn, in canvas points, at its canvas size.
        center, radius = (600.0, 420.0), 34.0
        ring = sketch.ring(center, radius, seed=40)
        canvas_box = self.page.locator("#canvas").bounding_box()
        for x, y in (self.to_page(p) for p in ring):
            check(canvas_box["x"] < x < canvas_box["x"] + canvas_box["width"]
                  and canvas_box["y"] < y < canvas_box["y"] + canvas_box["height"], "the zoomed ring is out of view")
        count = len(self.states())
        answer = self.draw(ring)
        check(len(self.states()) == count + 1, f"the ring drawn zoomed made no state ({answer.get('message')})")
        made = self.state_near(center)
        check(math.dist((made["center"]["x"], made["center"]["y"]), center) < 4,
              f"the ring drawn zoomed at {center} made a state at {made['center']}")
        check(abs(made["radius"] - radius) < 6, f"the ring of radius {radius} drawn zoomed made one of {made['radius']}")
        check(self.teach_marked() == {str(made["id"])}, f"teach marks {self.teach_marked()} after the ring")

        # Its name field opens on it on screen.
        x, y = self.to_page(center)
        self.page.mouse.dblclick(x, y)
        editor = self.page.locator(".label-editor")
        editor.wait_for(state="visible", timeout=5000)
        box = editor.bounding_box()
        check(abs(box["x"] + box["width"] / 2 - x) < 2 and abs(box["y"] + box["height"] / 2 - y) < 2,
              f"the name field is at {box}, the state at {(x, y)}")
        editor.fill("zoomed")
        with self.page.expect_response(lambda r: r.url.endswith("/events")):
            editor.press("Enter")
        check(self.state_near(center)["name"] == "zoomed", "the state drawn zoomed was not named")
        self.screenshot("07-zoomed")

        # Two fingers pinch: the zoom follows their spread, the point between them stays, nothing is drawn.
        cdp = self.page.context.new_cdp_session(self.page)
        mid = self.to_page((500, 380))
        under = self.to_canvas(mid)
        scale = self.scale()

        def pinch():
            def touch(kind, spread):
                cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [
                    {"x": mid[0] - spread, "y": mid[1], "id": 1}, {"x": mid[0] + spread, "y": mid[1], "id": 2}]})
            touch("touchStart", 40)
            for k in range(1, 9):
                touch("touchMove", 40 + 5 * k)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        self.no_event_sent(pinch, "a pinch")
        cdp.detach()
        check(abs(self.scale() / scale - 80 / 40) < 0.05, f"a pinch spreading 2× zoomed from {scale} to {self.scale()}")
        check(math.dist(self.to_canvas(mid), under) < 1, "the point between the fingers moved while pinching")

        # Space+drag and a middle-button drag pan: the paper follows the hand. The zoom
        # button just clicked keeps the focus, but space is the hand's, not a second press.
        self.page.click("#zoom-out")
        scale = self.scale()
        mouse = self.page.mouse
        for how in ("space", "middle"):
            start = self.to_page((520, 400))
            grabbed = self.to_canvas(start)

            def drag():
                mouse.move(*start)
                if how == "space":
                    self.page.keyboard.down(" ")
                mouse.down(button="middle" if how == "middle" else "left")
                for k in range(1, 11):
                    mouse.move(start[0] - 10 * k, start[1] - 6 * k)
                mouse.up(button="middle" if how == "middle" else "left")
                if how == "space":
                    self.page.keyboard.up(" ")
            self.no_event_sent(drag, f"a {how} drag")
            check(math.dist(self.to_canvas((start[0] - 100, start[1] - 60)), grabbed) < 1,
                  f"a {how} drag did not carry the paper with the pointer")
        check(self.scale() == scale, f"space pressed the focused zoom button: {scale} → {self.scale()}")

        # 0 is 100%; zoomed far in, the fit button and the key f bring every state into view.
        self.page.keyboard.press("0")
        check(self.readout() == "100%" and abs(self.scale() - 1) < 1e-9, f"0 zoomed to {self.readout()}")
        for fit in (lambda: self.page.click("#zoom-fit"), lambda: self.page.keyboard.press("f")):
            self.ctrl_wheel(self.to_page(CENTERS[2]), -100, until="400%")
            check(self.readout() == "400%", f"ctrl+wheel zoomed in to {self.readout()}, not the limit 400%")
            check(not self.states_in_view(), "all the states are in view at 400%")
            fit()
            check(self.states_in_view(), "fit left states out of view")
        check(len(self.states()) == 5, f"{len(self.states())} states after zooming and panning")

    def fit_on_open(self):
        """A document drawn far from the origin is fitted when it opens (not at every change)."""
        name = "far-away"
        states = [{"id": i, "name": f"q{i}", "center": {"x": x, "y": y}, "radius": 40, "isInitial": i == 0, "isFinal": False}
                  for i, (x, y) in enumerate([(2400, 1900), (3300, 2500)])]
        far = {"format": "strokes.automaton", "version": 1,
               "document": {"states": states, "transitions": [], "extraSymbols": [], "nextID": 2}}
        self.api("PUT", f"/api/documents/{name}", far)
        try:
            self.page.goto(f"{self.base}/?doc={name}")
            self.page.wait_for_function("document.querySelectorAll('#drawing circle.state').length === 2")
            check(self.states_in_view(), "a far-off drawing is not fitted on opening")
            check(self.scale() < 1, f"the far-off drawing opened at {self.readout()}")
            # A change does not move the view.
            view = self.view()
            answer = self.draw(sketch.ring((2800, 2200), 40, seed=41))
            check(answer["changed"], f"the ring in the far-off drawing changed nothing ({answer.get('message')})")
            check(self.view() == view, "drawing moved the view")
        finally:
            self.api("DELETE", f"/api/documents/{name}")
        self.page.goto(f"{self.base}/?doc={DOCUMENT}")
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(DOCUMENT)}")

    def algorithm(self):
        """Minimise and complement open their results, listed under their source; equivalence
        shows its verdict in the panel and makes no document, for an equivalent pair and a
        differing one (whose word runs in "Run a word" when clicked)."""
        made = self.apply_algorithm("minimise")
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(made)}")
        check(f"doc={made}" in self.page.url, f"the URL {self.page.url} does not name {made}")
        self.check_listed_under(made, DOCUMENT)
        self.page.go_back()
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(DOCUMENT)}")

        # With its own minimal DFA: the same language.
        answer, text = self.check_equivalence(made)
        check(answer["equivalent"] is True and "counterexample" not in answer, f"{DOCUMENT} and {made} differ: {answer}")
        check(text.startswith("Equivalent") and f"{DOCUMENT} and {made} accept the same words" in text,
              f"the verdict reads {text!r}")
        self.screenshot("equivalence-equivalent")

        # With its complement: they differ on every word, so on the empty one first.
        complement = self.apply_algorithm("complement")
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(complement)}")
        self.check_listed_under(complement, DOCUMENT)
        self.check_listed_under(made, DOCUMENT)
        self.page.locator("#document-list").scroll_into_view_if_needed()
        self.screenshot("algorithm-results-listed")
        self.page.go_back()
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(DOCUMENT)}")
        answer, text = self.check_equivalence(complement)
        word, accepting = answer.get("counterexample"), answer.get("acceptedBy")
        check(answer["equivalent"] is False and word == "ε" and accepting in (DOCUMENT, complement),
              f"{DOCUMENT} and its complement: {answer}")
        rejecting = complement if accepting == DOCUMENT else DOCUMENT
        expected = f"Not equivalent They differ on ε: {accepting} accepts it, {rejecting} does not."
        check(text.startswith(expected), f"the verdict reads {text!r}, not {expected!r}")
        # Feedback that teaches: the share of words right (none: a complement), and the other way
        # round when there is one (here the drawing may accept no word yet).
        feedback = self.page.eval_on_selector_all("#algorithm-result .feedback", "spans => spans.map((s) => s.textContent)")
        other_way = answer.get("onlySecond" if accepting == DOCUMENT else "onlyFirst")
        check(feedback[-1] == f"{DOCUMENT} agrees with {complement} on 0% of the words up to length 8."
              and (other_way is not None) == any(line.startswith("The other way: ") for line in feedback),
              f"the feedback reads {feedback!r} for {answer}")
        with self.page.expect_response(lambda r: r.url.endswith("/run")):
            self.page.click("#algorithm-result .counterexample")
        self.page.wait_for_function("document.getElementById('result').dataset.verdict !== undefined")
        verdict = self.page.get_attribute("#result", "data-verdict")
        check(self.page.input_value("#word") == "ε" and verdict == ("accepted" if accepting == DOCUMENT else "rejected"),
              f"the clicked word ran as {self.page.input_value('#word')!r}: {verdict}")
        self.page.locator("#algorithm-result").scroll_into_view_if_needed()
        self.screenshot("equivalence-differ")
        self.page.fill("#word", "")

    def apply_algorithm(self, operation):
        """Applies an operation on one document from the panel; the name of what it made."""
        self.page.select_option("#operation", operation)
        with self.page.expect_response(lambda r: r.url.endswith("/algorithms")) as answer:
            self.page.click("#apply-algorithm")
        return answer.value.json()["name"]

    def check_equivalence(self, other):
        """Checks the open document's equivalence with `other` from the panel: no document made
        or opened, the verdict in the panel. The server's answer and the verdict's text."""
        before = self.document_names()
        self.page.select_option("#operation", "equivalence")
        check(self.page.locator("#other-document").is_enabled(), "no other document to pick for equivalence")
        self.page.select_option("#other-document", other)
        with self.page.expect_response(lambda r: r.url.endswith("/algorithms")) as response:
            self.page.click("#apply-algorithm")
        answer = response.value.json()
        self.page.wait_for_selector("#algorithm-result .verdict")
        check(self.document_names() == before, f"equivalence made a document: {self.document_names()}")
        check(self.page.inner_text("#document-name") == DOCUMENT and f"doc={DOCUMENT}" in self.page.url,
              f"equivalence opened {self.page.inner_text('#document-name')} ({self.page.url})")
        self.page.locator("#algorithm-result").scroll_into_view_if_needed()
        return answer, " ".join(self.page.inner_text("#algorithm-result").split())

    def check_listed_under(self, name, source):
        """`name` is listed after `source`, marked as made from it and indented further."""
        selector = f"#document-list li.result[data-source='{source}'] button[data-document='{name}']"
        self.page.wait_for_selector(selector)
        placed = self.page.evaluate("""([name, source]) => {
            const items = [...document.querySelectorAll('#document-list li')];
            const at = (n) => items.findIndex((item) => item.querySelector(`button[data-document="${n}"]`));
            const indent = (n) => parseFloat(getComputedStyle(items[at(n)].querySelector('button')).paddingLeft);
            return { after: at(name) > at(source), deeper: indent(name) > indent(source) };
        }""", [name, source])
        check(placed["after"] and placed["deeper"], f"{name} is not listed under {source}: {placed}")

    # Two small NFAs whose union has product states with long names.
    LAYOUT_SOURCES = {
        "layout-a": (3, [(0, "a", 1), (0, "b", 0), (1, "a", 0), (1, "b", 2), (2, "a", 2), (2, "b", 2)], [2]),
        "layout-b": (3, [(0, "a", 0), (0, "b", 0), (0, "a", 1), (1, "b", 2)], [2]),
    }

    def put_automaton(self, name, count, moves, finals):
        """Saves a document of `count` states in a row with `moves` (from, symbol, to)."""
        states = [{"id": i, "name": f"q{i}", "center": {"x": 100 + 150 * i, "y": 200}, "radius": 30,
                   "isInitial": i == 0, "isFinal": i in finals} for i in range(count)]
        transitions = [{"id": count + k, "from": a, "to": b, "start": {"x": 100 + 150 * a, "y": 170},
                        "end": {"x": 100 + 150 * b, "y": 170}, "symbols": [symbol]}
                       for k, (a, symbol, b) in enumerate(moves)]
        self.api("PUT", f"/api/documents/{name}", {"format": "strokes.automaton", "version": 1, "document": {
            "states": states, "transitions": transitions, "extraSymbols": [], "nextID": count + len(moves)}})

    def layout_problems(self):
        """On the page: labels on labels or on states, and state names under 10 points."""
        return self.page.evaluate("""() => {
            const drawing = document.getElementById('drawing');
            const boxes = [...drawing.querySelectorAll('text.label')].map((text) => text.getBBox());
            const circles = [...drawing.querySelectorAll('circle.state')].map((c) => ({
              x: +c.getAttribute('cx'), y: +c.getAttribute('cy'), r: +c.getAttribute('r') }));
            let onLabels = 0, onStates = 0;
            boxes.forEach((a, i) => boxes.slice(i + 1).forEach((b) => {
              if (a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1) onLabels += 1;
            }));
            boxes.forEach((box) => circles.forEach((c) => {
              const nx = Math.min(Math.max(c.x, box.x), box.x + box.width), ny = Math.min(Math.max(c.y, box.y), box.y + box.height);
              if (Math.hypot(nx - c.x, ny - c.y) < c.r - 1) onStates += 1;
            }));
            const small = [...drawing.querySelectorAll('text.state-name')].filter((t) => +t.getAttribute('font-size') < 10).length;
            return { onLabels, onStates, small, labels: boxes.length };
        }""")

    def readable_layouts(self):
        """A union's result opens laid out by Graphviz: no label on another or on a state, every
        name at 10 points or more, a shortened name whole on its state's tooltip. The same
        result laid out in columns (`automata apply --layout columns`) is shown beside it, as
        before Graphviz."""
        for name, (count, moves, finals) in self.LAYOUT_SOURCES.items():
            self.put_automaton(name, count, moves, finals)
        made = self.api("POST", "/api/documents/layout-a/algorithms", {"operation": "union", "with": "layout-b"})["name"]
        before = "layout-columns"
        try:
            self.page.goto(f"{self.base}/?doc={made}")
            self.page.wait_for_function("document.querySelectorAll('#drawing circle.state').length > 3")
            problems = self.layout_problems()
            check(problems["labels"] > 3 and problems["onLabels"] == 0 and problems["onStates"] == 0 and problems["small"] == 0,
                  f"the Graphviz layout of {made}: {problems}")
            names = {state["id"]: state["name"] for state in self.api("GET", f"/api/documents/{made}")["document"]["states"]}
            shortened = self.page.evaluate("""() => [...document.querySelectorAll('#drawing text.state-name')]
                .filter((t) => t.textContent.includes('…'))
                .map((t) => { const c = document.querySelector(`#drawing circle.state[data-state="${t.dataset.state}"] title`);
                              return [+t.dataset.state, c ? c.textContent : null]; })""")
            check(all(title == names[state] for state, title in shortened),
                  f"shortened names' tooltips {shortened} are not the whole names")
            self.screenshot("31-2-layout-graphviz")

            # The same result in columns, as results were laid out before.
            with tempfile.TemporaryDirectory() as folder:
                for name in self.LAYOUT_SOURCES:
                    saved = {"format": "strokes.automaton", "version": 1, "document": self.api("GET", f"/api/documents/{name}")["document"]}
                    Path(folder, f"{name}.automaton").write_text(json.dumps(saved))
                automata = ROOT / os.environ.get("AUTOMATA", ".build/debug/automata")
                subprocess.run([str(automata), "apply", "union", f"{folder}/layout-a.automaton", "--with", f"{folder}/layout-b.automaton",
                                "--layout", "columns", "--out", f"{folder}/columns.automaton"], check=True, capture_output=True)
                self.api("PUT", f"/api/documents/{before}", json.loads(Path(folder, "columns.automaton").read_text()))
            self.page.goto(f"{self.base}/?doc={before}")
            self.page.wait_for_function("document.querySelectorAll('#drawing circle.state').length > 3")
            print(f"    layout of {made}: Graphviz {problems}; columns {self.layout_problems()}")
            self.screenshot("31-2-layout-columns-before")
        finally:
            for name in [*self.LAYOUT_SOURCES, made, before]:
                try:
                    self.api("DELETE", f"/api/documents/{name}")
                except urllib.error.HTTPError:
                    pass
        self.page.goto(f"{self.base}/?doc={DOCUMENT}")
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(DOCUMENT)}")

    def regular_expressions(self):
        """From expression… makes the ε-NFA of a typed expression and opens it; Show expression
        gives the open document's language back as an expression (issue 33, part 4)."""
        self.page.once("dialog", lambda dialog: dialog.accept("(ab)*|c"))
        with self.page.expect_response(lambda r: r.url.endswith("/api/expressions")) as answer:
            self.page.click("#from-expression")
        made = answer.value.json()["name"]
        try:
            self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(made)}")
            self.page.wait_for_function("document.querySelectorAll('#drawing circle.state').length === 9")
            status = self.page.text_content("#status")
            check("(ab)*+c" in status and "9 states" in status, f"the status line says {status!r}")
            with self.page.expect_response(lambda r: r.url.endswith("/expression")):
                self.page.click("#show-expression")
            self.page.wait_for_function("document.querySelector('#algorithm-result code.expression') !== null")
            shown = self.page.text_content("#algorithm-result")
            check(shown == f"{made} accepts c+(ab)*.", f"the expression reads {shown!r}")
            self.page.locator("#algorithm-result").scroll_into_view_if_needed()
            self.screenshot("33-4-expression")
            # A malformed one is said, and makes nothing.
            before = len(self.api("GET", "/api/documents")["documents"])
            self.page.once("dialog", lambda dialog: dialog.accept("(a+"))
            self.page.click("#from-expression")
            self.page.wait_for_function("document.getElementById('status').classList.contains('error')")
            error = self.page.text_content("#status")
            check("malformed regular expression" in error, f"the refusal reads {error!r}")
            self.forgive_refusal("/api/expressions")
            check(len(self.api("GET", "/api/documents")["documents"]) == before, "a malformed expression made a document")
        finally:
            self.api("DELETE", f"/api/documents/{made}")
        self.page.goto(f"{self.base}/?doc={DOCUMENT}")
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(DOCUMENT)}")

    def vocabulary(self):
        """The algorithms menu and the Teach buttons come from /api/vocabulary; a word splits
        into the same symbols on the page as on the server."""
        vocabulary = self.api("GET", "/api/vocabulary")
        offered = self.page.eval_on_selector_all("#operation option", "options => options.map(o => o.value)")
        check(offered == [o["name"] for o in vocabulary["operations"]],
              f"the menu offers {offered}, the vocabulary {[o['name'] for o in vocabulary['operations']]}")
        buttons = self.page.eval_on_selector_all("#teach button[data-class]", "buttons => buttons.map(b => b.dataset.class)")
        taught = [c["name"] for c in vocabulary["teachClasses"]]
        check(buttons == taught, f"Teach offers {buttons}, the vocabulary {taught}")

        # An operation added to the core alone reaches the menu: reverse.
        self.page.select_option("#operation", "reverse")
        check(not self.page.locator("#other-document").is_enabled(), "reverse asks for another document")
        with self.page.expect_response(lambda r: r.url.endswith("/algorithms")) as answer:
            self.page.click("#apply-algorithm")
        made = answer.value.json()
        check(made["name"].startswith(f"{DOCUMENT}-rev") and made["message"].startswith("reversed:"),
              f"reverse made {made['name']}: {made['message']}")
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(made['name'])}")
        self.page.go_back()
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(DOCUMENT)}")

        # Each word through both: the page's split, then the server's run on a one-state
        # automaton that loops on exactly the page's symbols (a symbol the server splits
        # otherwise is outside its alphabet, or reads as another step).
        words = ["0110", "ab,c", "ε", "", " a , b ", "q0,q1,q10", "e\u0301b", "🇫🇷🇩🇪", "👩‍👩‍👧a", "ab\u0303\u0301c"]
        split = self.page.evaluate("async (words) => { const { symbolsOf } = await import('/js/vocabulary.js');"
                                   " return words.map((word) => symbolsOf(word)); }", words)
        name = "word-splitting"
        try:
            for word, symbols in zip(words, split):
                loop = {"id": 1, "from": 0, "to": 0, "symbols": sorted(set(symbols)) or ["ε"],
                        "start": {"x": 90, "y": 75}, "end": {"x": 110, "y": 75},
                        "controls": []}
                automaton = {"format": "strokes.automaton", "version": 1, "document": {
                    "states": [{"id": 0, "name": "q0", "center": {"x": 100, "y": 100}, "radius": 30,
                                "isInitial": True, "isFinal": True}],
                    "transitions": [loop], "extraSymbols": [], "nextID": 2}}
                self.api("PUT", f"/api/documents/{name}", automaton)
                try:
                    run = self.api("POST", f"/api/documents/{name}/run", {"word": word})
                except urllib.error.HTTPError as error:
                    raise Failure(f"{word!r}: the page splits it into {symbols}, the server refuses it: {error.read().decode()}")
                read = [step["symbol"] for step in run["trace"][1:]]
                check(read == [s for s in symbols if s != "ε"],
                      f"{word!r}: the page splits it into {symbols}, the server reads {read}")
        finally:
            self.api("DELETE", f"/api/documents/{name}")

    # ---- JFLAP: open a .jff, run a test set, download a .jff ----

    def import_jflap(self):
        # A clean start: an even-ones left from before would make this one even-ones-2.
        if "even-ones" in self.document_names():
            self.api("DELETE", "/api/documents/even-ones")
        with self.page.expect_response(lambda r: "/import" in r.url) as answer:
            self.page.set_input_files("#jflap-file", str(JFLAP / "even-ones.jff"))
        check(answer.value.status == 201, f"importing even-ones.jff answered {answer.value.status}: {answer.value.text()}")
        imported = answer.value.json()
        check(imported["name"] == "even-ones", f"even-ones.jff became {imported['name']}")
        check("even-ones.jff" in imported["message"], f"the message does not name the file: {imported['message']!r}")
        self.page.wait_for_function("document.getElementById('document-name').textContent === 'even-ones'")
        check("doc=even-ones" in self.page.url, f"the URL {self.page.url} does not name even-ones")
        self.page.wait_for_selector("#document-list li.current button[data-document='even-ones']")
        check("even-ones" in self.document_names(), "even-ones is not among the documents")
        check(self.page.locator("#drawing circle.state").count() == 2,
              f"{self.page.locator('#drawing circle.state').count()} state circles drawn for even-ones")
        status = self.page.inner_text("#status")
        check(imported["message"] in status, f"the status line says {status!r}, not the import's message")
        document = self.api("GET", "/api/documents/even-ones")["document"]
        states = {s["name"]: s for s in document["states"]}
        check(set(states) == {"even", "odd"} and len(document["transitions"]) == 4,
              f"even-ones has states {sorted(states)} and {len(document['transitions'])} transitions")
        check(states["even"]["isInitial"] and states["even"]["isFinal"] and not states["odd"]["isFinal"],
              "even is not the initial, final state")
        self.screenshot("08-jflap-opened")

        # A pushdown automaton is refused, said on the status line; nothing else opens.
        with self.page.expect_response(lambda r: "/import" in r.url) as answer:
            self.page.set_input_files("#jflap-file", str(JFLAP / "pushdown.jff"))
        check(400 <= answer.value.status < 500, f"importing pushdown.jff answered {answer.value.status}")
        self.page.wait_for_function("document.getElementById('status').classList.contains('error')")
        error = self.page.inner_text("#status")
        check("pushdown" in error, f"the error for pushdown.jff says {error!r}")
        check(self.page.inner_text("#document-name") == "even-ones", "a refused import changed the open document")
        check(not any(name.startswith("pushdown") for name in self.document_names()), "a refused import made a document")
        self.forgive_refusal("/import")

    def test_words(self):
        # A test set the server refuses: the reason in the panel and on the status line.
        self.page.fill("#test-set", "0 accept\n1 maybe\n")
        with self.page.expect_response(lambda r: r.url.endswith("/tests")):
            self.page.click("#run-tests")
        self.page.wait_for_function("document.getElementById('tests-summary').classList.contains('problem')")
        said = self.page.inner_text("#tests-summary")
        check("maybe" in said and "line 2" in said, f"the refused test set is explained as {said!r}")
        check("maybe" in self.page.inner_text("#status"), "the status line does not say why the test set was refused")
        check(self.page.locator("#test-results li").count() == 0, "rows are shown for a refused test set")
        self.forgive_refusal("/tests")

        # The fixture's six words and one with the wrong verdict: 6 of 7 pass.
        tests = (JFLAP / "even-ones.txt").read_text().rstrip("\n") + "\n11     reject   # wrong on purpose\n"
        self.page.fill("#test-set", tests)
        with self.page.expect_response(lambda r: r.url.endswith("/tests")) as answer:
            self.page.click("#run-tests")
        check(answer.value.status == 200, f"running the test set answered {answer.value.status}")
        self.page.wait_for_function("document.querySelectorAll('#test-results li').length > 0")
        rows = self.page.evaluate("[...document.querySelectorAll('#test-results li')]"
                                  ".map((li) => ({word: li.dataset.word, passed: li.dataset.passed, text: li.innerText}))")
        check(len(rows) == 7, f"{len(rows)} rows for 7 words: {rows}")
        check(sum(row["passed"] == "true" for row in rows) == 6, f"not 6 rows passed: {rows}")
        failed = [row for row in rows if row["passed"] == "false"]
        check([row["word"] for row in failed] == ["11"], f"the failed rows are {failed}, not the one for 11")
        check("expected reject, got accepted" in failed[0]["text"], f"the row for 11 says {failed[0]['text']!r}")
        check(rows[0]["text"].split()[1] == "ε", f"the empty word's row says {rows[0]['text']!r}")
        check(self.page.locator("#test-results .mark.fail").count() == 1
              and self.page.locator("#test-results .mark.pass").count() == 6, "the ✓ and ✗ marks do not match the rows")
        summary = self.page.inner_text("#tests-summary")
        check("6 of 7" in summary, f"the summary says {summary!r}")

        # The failing word runs in "Run a word", to step through.
        with self.page.expect_response(lambda r: r.url.endswith("/run")):
            self.page.click("#test-results li[data-word='11'] .word")
        self.page.wait_for_function("document.getElementById('result').dataset.word === '11'")
        check(self.page.input_value("#word") == "11", "the picked word is not in the word field")
        check(self.page.get_attribute("#result", "data-verdict") == "accepted", "11 is not accepted in Run a word")
        self.page.locator("#test-results").scroll_into_view_if_needed()
        self.screenshot("09-test-words")

        # The set and the word belong to this document: saved with it, back after a reload,
        # not carried into another document, and there again on coming back.
        name = self.page.inner_text("#document-name")
        saved = self.api("GET", f"/api/documents/{name}")["document"].get("testSet")
        check(saved == tests, f"the document keeps the test set as {saved!r}")
        self.page.reload()
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(name)}")
        self.page.wait_for_function("document.getElementById('test-set').value !== ''")
        check(self.page.input_value("#test-set") == tests, "the test set is not back after reloading")
        check(self.page.input_value("#word") == "11", "the word is not back after reloading")
        self.open_fresh("words-elsewhere")
        check(self.page.input_value("#test-set") == "" and self.page.input_value("#word") == "",
              "another document shows the first one's test set or word")
        self.page.fill("#test-set", "0 reject\n")
        with self.page.expect_response(lambda r: r.url.endswith("/tests") and r.request.method == "PUT"):
            self.page.locator("#test-set").blur()
        self.page.goto(f"{self.base}/?doc={name}")
        self.page.wait_for_function(f"document.getElementById('test-set').value === {json.dumps(tests)}")
        check(self.page.input_value("#word") == "11", "the word is not back on coming back to its document")
        kept = self.api("GET", "/api/documents/words-elsewhere")["document"].get("testSet")
        check(kept == "0 reject\n", f"the other document keeps {kept!r}")

    def download_jflap(self):
        href = self.page.get_attribute("#download-jff", "href")
        check(href is not None and "/even-ones/" in href and "format=jff" in href, f"the .jff link is {href!r}")
        response = self.page.request.get(self.base + href)
        body = response.text()
        check(response.status == 200, f"{href} answered {response.status}: {body[:200]}")
        check("<type>fa</type>" in body and 'name="even"' in body, f"{href} is not even-ones as JFLAP: {body[:300]}")
        disposition = response.headers.get("content-disposition", "")
        check("even-ones.jff" in disposition, f"{href} is not downloaded as even-ones.jff ({disposition!r})")

    def download_png(self):
        """The PNG download: the SVG export drawn at twice its size, on white (issue 33, part 3)."""
        from PIL import Image  # matplotlib's own dependency, in the test environment
        svg = self.page.request.get(self.base + self.page.get_attribute("#download-svg", "href")).text()
        size = re.search(r'<svg [^>]*width="([0-9.]+)" height="([0-9.]+)"', svg)
        check(size is not None, f"the SVG export has no size: {svg[:200]}")
        width, height = float(size.group(1)), float(size.group(2))
        with self.page.expect_download() as download:
            self.page.click("#download-png")
        name = self.page.text_content("#document-name")
        check(download.value.suggested_filename == f"{name}.png", f"the PNG is named {download.value.suggested_filename!r}")
        path = SCREENSHOTS / "33-3-download.png"
        download.value.save_as(str(path))
        with Image.open(path) as image:
            check(image.format == "PNG" and image.size == (math.ceil(2 * width), math.ceil(2 * height)),
                  f"the PNG is {image.format} {image.size}, not twice the SVG's {width}×{height}")
            rgb = image.convert("RGB")
            corners = [rgb.getpixel((x, y)) for x in (0, image.width - 1) for y in (0, image.height - 1)]
            check(all(pixel == (255, 255, 255) for pixel in corners), f"the PNG's corners are {corners}, not white")
            dark = sum(1 for pixel in rgb.getdata() if sum(pixel) < 200)
            check(dark > 500, f"the PNG has {dark} dark pixels: the drawing is missing")

    def download_tikz(self):
        """The TikZ download: LaTeX with the automata library, named after the document (issue 33, part 2)."""
        href = self.page.get_attribute("#download-tikz", "href")
        check(href is not None and "format=tikz" in href, f"the TikZ link is {href!r}")
        response = self.page.request.get(self.base + href)
        body = response.text()
        check(response.status == 200 and "\\usetikzlibrary{automata" in body and "\\node[state" in body,
              f"{href} answered {response.status}: {body[:300]}")
        name = self.page.text_content("#document-name")
        disposition = response.headers.get("content-disposition", "")
        check(f"{name}.tex" in disposition, f"{href} is not downloaded as {name}.tex ({disposition!r})")

    def manage_documents(self):
        """New, rename and delete through the panel (with the browser's prompt and confirm)."""
        self.page.once("dialog", lambda dialog: dialog.accept("scratch"))
        self.page.click("#new-document")
        self.page.wait_for_function("document.getElementById('document-name').textContent === 'scratch'")
        check("doc=scratch" in self.page.url, f"the URL {self.page.url} does not name scratch")
        self.page.once("dialog", lambda dialog: dialog.accept("scratch-2"))
        self.page.click("#rename-document")
        self.page.wait_for_function("document.getElementById('document-name').textContent === 'scratch-2'")
        names = [d["name"] for d in self.api("GET", "/api/documents")["documents"]]
        check("scratch-2" in names and "scratch" not in names, f"after renaming the documents are {names}")
        # A name the server would refuse is refused here, without a request.
        self.page.once("dialog", lambda dialog: dialog.accept("../bad name"))
        self.page.click("#new-document")
        self.page.wait_for_function("document.getElementById('status').classList.contains('error')")
        self.page.once("dialog", lambda dialog: dialog.accept())
        self.page.click("#delete-document")
        self.page.wait_for_function("document.getElementById('document-name').textContent !== 'scratch-2'")
        names = [d["name"] for d in self.api("GET", "/api/documents")["documents"]]
        check("scratch-2" not in names, f"scratch-2 was not deleted: {names}")
        self.page.click(f"#document-list button[data-document='{DOCUMENT}']")
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(DOCUMENT)}")

    # ---- symbols of several strokes: a shaft, then its head ----

    def open_fresh(self, name):
        """Opens document `name` empty (removing one left from before) at 100%, by its URL."""
        if name in self.document_names():
            self.api("DELETE", f"/api/documents/{name}")
        self.page.goto(f"{self.base}/?doc={name}")
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(name)}")

    def fresh_with_two_states(self, name, seeds):
        """Opens document `name` empty and draws two rings, at (200, 300) and (500, 300);
        returns a function that reads the document, and the two centres."""
        self.open_fresh(name)
        document = lambda: self.api("GET", f"/api/documents/{name}")["document"]  # noqa: E731
        left, right = (200.0, 300.0), (500.0, 300.0)
        for center, seed in zip((left, right), seeds):
            self.draw(sketch.ring(center, RADIUS, seed=seed))
        return document, left, right

    def pen_gestures(self):
        """Gestures people know from paper and pen apps (issue 31, part 4): a ring round a final
        state makes it non-final again, a second initial arrow moves the initial mark, and a
        zigzag over a state crosses it out (one undo brings it back)."""
        document, left, right = self.fresh_with_two_states("gestures", seeds=(51, 52))
        self.draw(sketch.ring(right, RADIUS * 1.3, seed=53))
        check([s["isFinal"] for s in document()["states"]] == [False, True], "a ring round q1 did not make it final")
        answer = self.draw(sketch.ring(right, RADIUS * 1.3, seed=54))
        check([s["isFinal"] for s in document()["states"]] == [False, False], f"a second ring left q1 final: {answer.get('message')}")
        self.page.wait_for_function("document.getElementById('status').textContent.length > 0")
        said = self.page.text_content("#status")
        check("final" in said, f"un-finalising is said as {said!r}")
        self.screenshot("31-4-unfinal")

        self.draw(sketch.arrow((left[0] - 120, left[1]), (left[0] - RADIUS - 2, left[1]), seed=55))
        check([s["isInitial"] for s in document()["states"]] == [True, False], "the first initial arrow did not mark q0")
        answer = self.draw(sketch.arrow((right[0], right[1] - 140), (right[0], right[1] - RADIUS - 2), seed=56))
        check([s["isInitial"] for s in document()["states"]] == [False, True], f"a second initial arrow: {answer.get('message')}")
        said = self.page.text_content("#status")
        check("initial" in said, f"the moved initial mark is said as {said!r}")

        answer = self.draw(sketch.zigzag(left, RADIUS * 1.6, RADIUS * 1.2))
        names = [s["name"] for s in document()["states"]]
        check(len(names) == 1, f"the zigzag over q0 left {names}: {answer.get('message')}")
        self.screenshot("31-4-crossed-out")
        with self.page.expect_response(lambda r: r.url.endswith("/events")):
            self.page.click("#undo")
        check(len(document()["states"]) == 2, "one undo did not bring the crossed-out state back")

    def touch(self, cdp, kind, point=None):
        """One touch event through CDP at a canvas point (none for touchEnd)."""
        points = [] if point is None else [dict(zip(("x", "y"), self.to_page(point)))]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def hold_to_move(self):
        """In Draw mode a finger resting on a state opens its name field (and lifting there
        keeps it); resting, then moving on, picks the state up instead and moves it: no stroke,
        no transition."""
        document, left, right = self.fresh_with_two_states("held", seeds=(41, 42))
        name = "held"
        cdp = self.page.context.new_cdp_session(self.page)
        editor = self.page.locator(".label-editor")
        self.touch(cdp, "touchStart", right)
        editor.wait_for(state="visible", timeout=3000)
        self.touch(cdp, "touchEnd")
        self.page.wait_for_timeout(150)
        check(editor.count() == 1, "a long press without moving did not leave the name field open")
        check(self.page.locator("#drawing circle.dragging").count() == 0, "a state stays picked up after the lift")
        self.screenshot("hold-label")
        self.page.keyboard.press("Escape")

        self.touch(cdp, "touchStart", left)
        editor.wait_for(state="visible", timeout=3000)
        check(self.page.locator("#drawing circle.dragging").count() >= 1, "the held state is not shown picked up")
        with self.page.expect_response(lambda r: r.url.endswith("/events")) as answer:
            for k in range(1, 31):
                self.touch(cdp, "touchMove", (left[0], left[1] + 4 * k))
                self.page.wait_for_timeout(10)
            self.page.wait_for_timeout(200)  # the last preview arrives
            check(editor.count() == 0, "the name field stays open while the state moves")
            self.screenshot("hold-move")
            self.touch(cdp, "touchEnd")
        cdp.detach()
        check("move" in json.loads(answer.value.request.post_data), "the held drag sent no move")
        moved = min(document()["states"], key=lambda s: math.dist((s["center"]["x"], s["center"]["y"]), left))
        check(math.dist((moved["center"]["x"], moved["center"]["y"]), (left[0], left[1] + 120)) < 12,
              f"the held state moved to {moved['center']}, not below {left}")
        check(document()["transitions"] == [], f"the held drag made transitions: {document()['transitions']}")

    def drag_free_end(self):
        """A transition's free end dragged onto a state connects it (Move mode); dropped on
        empty canvas it stays where it was."""
        name = "free-end"
        states = [{"id": i, "name": f"q{i}", "center": {"x": x, "y": 300}, "radius": 40, "isInitial": i == 0, "isFinal": False}
                  for i, x in enumerate([200, 500])]
        dangling = {"id": 2, "from": 0, "start": {"x": 240, "y": 300}, "end": {"x": 380, "y": 360}, "symbols": []}
        file = {"format": "strokes.automaton", "version": 1,
                "document": {"states": states, "transitions": [dangling], "extraSymbols": [], "nextID": 3}}
        self.api("PUT", f"/api/documents/{name}", file)
        self.page.goto(f"{self.base}/?doc={name}")
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(name)}")
        document = lambda: self.api("GET", f"/api/documents/{name}")["document"]  # noqa: E731
        self.page.keyboard.press("m")
        mouse = self.page.mouse

        def drag(to, screenshot=None, hold=0):
            mouse.move(*self.to_page((380, 360)))
            mouse.down()
            self.page.wait_for_timeout(hold)
            for k in range(1, 21):
                mouse.move(*self.to_page((380 + (to[0] - 380) * k / 20, 360 + (to[1] - 360) * k / 20)))
            if screenshot:
                check(self.page.locator("#ink .end-drag").count() == 1, "no line follows the dragged end")
                self.screenshot(screenshot)
            mouse.up()

        self.no_event_sent(lambda: drag((380, 500)), "a free end dropped on empty canvas")
        check(document()["transitions"][0].get("to") is None, "a free end dropped on empty canvas was connected")
        with self.page.expect_response(lambda r: r.url.endswith("/events")):
            drag((505, 305), screenshot="free-end-drag")
        connected = document()["transitions"][0]
        check(connected.get("from") == 0 and connected.get("to") == 1, f"the free end did not connect: {connected}")
        self.screenshot("free-end-connected")
        # In Draw mode the end is picked up by a press held still, then dragged the same way.
        with self.page.expect_response(lambda r: r.url.endswith("/events")):
            self.page.click("#undo")
        check(document()["transitions"][0].get("to") is None, "undo did not free the end again")
        self.page.click("#mode-draw")
        with self.page.expect_response(lambda r: r.url.endswith("/events")) as answer:
            drag((505, 305), hold=700)
        check("connect" in json.loads(answer.value.request.post_data), "a held drag of a free end sent no connect")
        check(document()["transitions"][0].get("to") == 1, "a held drag in Draw mode did not connect the free end")

    def provisional_shaft(self):
        """A shaft drawn without its head is shown provisional (dashed, no arrowhead) with a
        hint, and is still a transition to the page; a "V" drawn at the end the pen started
        from turns it and is no element. A V on a state's edge with no line there waits,
        grey, and takes no press."""
        name = "head-later"
        document, left, right = self.fresh_with_two_states(name, (60, 61))
        states = document()["states"]
        check(len(states) == 2, f"{len(states)} states from two rings")
        near = lambda point: min(states, key=lambda s: math.dist((s["center"]["x"], s["center"]["y"]), point))["id"]  # noqa: E731
        q_left, q_right = near(left), near(right)

        # From the right state to the left one, without a head.
        answer = self.draw(sketch.shaft((right[0] - RADIUS, right[1]), (left[0] + RADIUS, left[1]), seed=62))
        transitions = document()["transitions"]
        check(len(transitions) == 1 and transitions[0].get("head") == "awaited",
              f"the shaft made {transitions} ({answer.get('message')})")
        shaft = transitions[0]
        check((shaft["from"], shaft["to"]) == (q_right, q_left), f"the shaft runs {shaft['from']} → {shaft['to']}, as drawn?")
        path = self.page.locator("#drawing path.transition")
        check(path.count() == 1, f"{path.count()} transition paths drawn for one shaft")
        # (Teach's offer may mark it too: class teach-target.)
        check({"transition", "provisional"} <= set(path.get_attribute("class").split()),
              f"the shaft is drawn as {path.get_attribute('class')!r}")
        dashes = self.page.evaluate("getComputedStyle(document.querySelector('#drawing path.transition')).strokeDasharray")
        check(dashes not in ("", "none"), f"the provisional shaft is not dashed on the page ({dashes!r})")
        check(path.get_attribute("marker-end") is None, "the provisional shaft has an arrowhead")
        status = self.page.inner_text("#status")
        check("—" in status and "draw its head, or go on: it keeps the way it was drawn" in status,
              f"the status line says {status!r} for a shaft without a head")
        # Still a transition to the page's own hit tests: a double-click on it opens its label field.
        middle = self.edge_middle(shaft["id"])
        self.page.mouse.dblclick(*self.to_page(middle))
        editor = self.page.locator(".label-editor")
        editor.wait_for(state="visible", timeout=5000)
        check(editor.get_attribute("placeholder").startswith("Symbols"), "a double-click on the provisional shaft does not label it")
        self.page.keyboard.press("Escape")
        self.screenshot("10-provisional-shaft")

        # A V at the shaft's start, on the right state, pointing right: left → right.
        answer = self.draw(sketch.head((right[0] - RADIUS, right[1]), (1, 0)))
        after = document()
        transitions = after["transitions"]
        check(len(transitions) == 1 and len(after["states"]) == 2 and answer.get("added") == [],
              f"the head added an element: {len(after['states'])} states, {transitions}, added {answer.get('added')}")
        turned = transitions[0]
        check((turned["from"], turned["to"]) == (q_left, q_right) and turned.get("head", "drawn") == "drawn",
              f"after the head the transition is {turned} ({answer.get('message')})")
        check(not after.get("pending"), f"the head is left waiting: {after.get('pending')}")
        check("turns" in self.page.inner_text("#status"), f"the status says {self.page.inner_text('#status')!r}")
        path = self.page.locator("#drawing path.transition")
        check(path.count() == 1 and "provisional" not in path.get_attribute("class").split(),
              "the turned transition is still drawn provisional")
        check(path.get_attribute("marker-end") == "url(#arrowhead)", "the turned transition has no arrowhead")
        ends = self.page.evaluate("""() => {
            const line = document.querySelector('#drawing path.transition');
            const a = line.getPointAtLength(0), b = line.getPointAtLength(line.getTotalLength());
            return [[a.x, a.y], [b.x, b.y]];
        }""")
        check(math.dist(ends[1], right) < RADIUS + 8 and math.dist(ends[0], left) < RADIUS + 8,
              f"the drawn line runs {ends[0]} → {ends[1]}, not from the left state to the right one")
        check(self.page.locator("#drawing [data-waiting]").count() == 0, "a used head is still drawn waiting")
        self.screenshot("11-head-turned-it")

        # A V on a state's edge where no line ends waits for its shaft, grey; presses pass
        # through it. (Away from every state, the symbol model reads a V as the letter v.)
        apex = (right[0], right[1] - RADIUS)
        answer = self.draw(sketch.head(apex, (0, 1)))
        check("waits" in answer.get("message", ""), f"a lone head: {answer.get('message')}")
        waiting = self.page.locator("#drawing polyline.waiting-head[data-waiting]")
        check(waiting.count() == 1, "the waiting head is not drawn")
        look = self.page.evaluate("""() => {
            const mark = getComputedStyle(document.querySelector('#drawing polyline.waiting-head'));
            return [mark.stroke, mark.pointerEvents, mark.display, mark.visibility];
        }""")
        check(look == ["rgb(136, 136, 136)", "none", "inline", "visible"], f"the waiting head is drawn as {look}")
        hit = self.page.evaluate("([x, y]) => document.elementFromPoint(x, y)?.closest?.('[data-waiting]') != null",
                                 list(self.to_page(apex)))
        check(not hit, "a press on the waiting head lands on it")
        check(len(document()["transitions"]) == 1 and len(document()["states"]) == 2, "the lone head made an element")
        self.screenshot("12-waiting-head")

    def handwritten_label(self):
        """An "a" written with the mouse beside an arrow is read by the symbol model and becomes
        the arrow's label, shown on the drawing; undo takes the word back."""
        document, left, right = self.fresh_with_two_states("handwriting", (70, 71))
        self.draw(sketch.arrow((left[0] + RADIUS + 4, 300.0), (right[0] - RADIUS - 4, 300.0), seed=72))
        check(len(document()["transitions"]) == 1, "the arrow between the two states")
        answer = self.draw(sketch.letter_a((338.0, 250.0)))
        check(answer["message"].startswith('read "a"'), f"the letter read as a: {answer['message']}")
        transitions = document()["transitions"]
        check(transitions[0].get("symbols") == ["a"], f"the arrow reads a: {transitions}")
        labels = self.page.locator("#drawing text").all_text_contents()
        check("a" in [label.strip() for label in labels], f"the label a shown on the drawing: {labels}")
        self.screenshot("handwritten-label")
        self.wait_for_event_answer(lambda: self.page.click("#undo"))
        check(not document()["transitions"][0].get("symbols"), "undo takes the written label back")
        self.wait_for_event_answer(lambda: self.page.click("#redo"))
        self.correct_handwriting(document)

    def correct_handwriting(self, document):
        """The written "a" is drawn as text over its faded ink; a tap on it opens a field holding
        "a", and typing "b" relabels the arrow and saves the letter's strokes as a training image."""
        label = self.page.locator("#drawing text[data-word='0']")
        check(label.count() == 1 and label.text_content().strip() == "a", "the reading shown where it was written")
        check(self.page.locator("#drawing .word-ink[data-word='0']").count() >= 1, "the ink stays, faded")
        box = label.bounding_box()
        self.page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        field = self.page.locator("input.label-editor")
        field.wait_for(state="visible", timeout=5000)
        check(field.input_value() == "a", f"the field holds the reading, not {field.input_value()!r}")
        field.fill("b")
        with self.page.expect_response(lambda r: r.url.endswith("/words")) as corrected:
            field.press("Enter")
        answer = corrected.value.json()
        check(corrected.value.status == 200, f"the correction answered {corrected.value.status}: {answer}")
        saved = answer.get("saved", [])
        check(len(saved) == 1 and saved[0].startswith("symbols/b/"), f"the letter saved as a b: {saved}")
        check(document()["transitions"][0].get("symbols") == ["b"], "the arrow reads b after the correction")
        self.page.wait_for_function("document.querySelector(\"#drawing text[data-word='0']\")?.textContent.trim() === 'b'")
        self.page.wait_for_function("document.getElementById('status').textContent.includes('corrected \"a\" to \"b\"')")
        self.screenshot("handwriting-corrected")

    # ---- InkML: a file's ink replayed stroke by stroke ----

    def open_inkml(self):
        for name in ("two-states", "two-states-2"):
            if name in self.document_names():
                self.api("DELETE", f"/api/documents/{name}")
        sent = []
        listener = lambda r: sent.append(r.url) if r.url.endswith("/events") else None  # noqa: E731
        self.page.on("response", listener)
        with self.page.expect_response(lambda r: "/api/ink" in r.url) as answer:
            self.page.set_input_files("#inkml-file", str(INKML / "two-states.inkml"))
        check(answer.value.status == 200, f"reading two-states.inkml answered {answer.value.status}: {answer.value.text()}")
        events = answer.value.json()["events"]
        check(len(events) == 3 and all(list(event) == ["stroke"] for event in events), f"the file read as {len(events)} events")
        self.page.wait_for_function("document.getElementById('status').textContent.startsWith('Read two-states.inkml')")
        self.page.remove_listener("response", listener)
        status = self.page.inner_text("#status")
        check("into two-states: 3 strokes, 2 states, 1 transition" in status and "scaled ×0.28" in status,
              f"after the replay the status says {status!r}")
        check(self.page.inner_text("#document-name") == "two-states", "the replay is not in a document named after the file")
        check("doc=two-states" in self.page.url, f"the URL {self.page.url} does not name two-states")
        check(len(sent) == 3 and all(url.endswith("/api/documents/two-states/events") for url in sent),
              f"the strokes went as {sent}, not one event each to two-states")
        document = self.api("GET", "/api/documents/two-states")["document"]
        states = sorted(document["states"], key=lambda s: s["center"]["x"])
        check(len(states) == 2 and all(60 < s["radius"] < 110 for s in states),
              f"the replay made states {[(s['center'], s['radius']) for s in states]}, not two of about 84 points")
        transitions = document["transitions"]
        check(len(transitions) == 1 and (transitions[0]["from"], transitions[0]["to"]) == (states[0]["id"], states[1]["id"]),
              f"the replay made transitions {transitions}, not one from the left state to the right one")
        check(self.states_in_view(), "the replayed drawing is not fitted in view")
        self.screenshot("13-inkml-replayed")

        # Opened again: a new document beside the first, never replacing it.
        self.page.set_input_files("#inkml-file", str(INKML / "two-states.inkml"))
        self.page.wait_for_function("document.getElementById('status').textContent.startsWith('Read two-states.inkml into two-states-2')")
        check(len(self.api("GET", "/api/documents/two-states")["document"]["states"]) == 2, "opening again changed two-states")

        # A long replay stops when asked; what was read stays.
        rings = [sketch.ring((120 + 110 * (k % 10), 120 + 110 * (k // 10)), 40, seed=70 + k) for k in range(60)]
        ink = ('<ink xmlns="http://www.w3.org/2003/InkML">'
               + "".join("<trace>" + ", ".join(f"{x} {y}" for x, y in ring) + "</trace>" for ring in rings) + "</ink>")
        if "many-rings" in self.document_names():
            self.api("DELETE", "/api/documents/many-rings")
        self.page.set_input_files("#inkml-file", {"name": "many-rings.inkml", "mimeType": "application/inkml+xml",
                                                  "buffer": ink.encode()})
        self.page.wait_for_function("document.getElementById('status').textContent.startsWith('Reading many-rings.inkml: stroke 2 of 60')")
        check(self.page.inner_text("#open-inkml") == "Stop reading", "the button does not offer to stop the replay")
        self.page.click("#open-inkml")
        self.page.wait_for_function("document.getElementById('status').textContent.startsWith('Stopped reading many-rings.inkml')")
        read = len(self.api("GET", "/api/documents/many-rings")["document"]["states"])
        self.page.wait_for_timeout(300)
        check(len(self.api("GET", "/api/documents/many-rings")["document"]["states"]) == read, "strokes went on after stopping")
        check(2 <= read < 60, f"{read} of 60 rings read before stopping")
        check(f"after {read} of 60 strokes" in self.page.inner_text("#status"), f"the status says {self.page.inner_text('#status')!r}")
        check(self.page.inner_text("#open-inkml") == "Open .inkml…", "the button does not open files again after stopping")

        # A file the server cannot read: said on the status line; no document is made.
        with self.page.expect_response(lambda r: "/api/ink" in r.url) as answer:
            self.page.set_input_files("#inkml-file", {"name": "broken.inkml", "mimeType": "application/inkml+xml",
                                                      "buffer": b'<ink xmlns="http://www.w3.org/2003/InkML"><trace>1 2, 3 x</trace></ink>'})
        check(answer.value.status == 400, f"reading broken.inkml answered {answer.value.status}")
        self.page.wait_for_function("document.getElementById('status').classList.contains('error')")
        error = self.page.inner_text("#status")
        check(error.startswith("broken.inkml: ") and "not a number" in error, f"the error for broken.inkml says {error!r}")
        check("broken" not in self.document_names(), "a refused file made a document")
        self.forgive_refusal("/api/ink")
        for name in ("two-states-2", "many-rings", "head-later"):
            self.api("DELETE", f"/api/documents/{name}")
        self.page.goto(f"{self.base}/?doc={DOCUMENT}")
        self.page.wait_for_function(f"document.getElementById('document-name').textContent === {json.dumps(DOCUMENT)}")

    def ipad(self):
        self.page.set_viewport_size({"width": 768, "height": 1024})
        self.page.wait_for_timeout(300)
        # Under 900 px wide the side panel is a drawer, closed: the canvas has the whole width.
        self.check_drawer_closed("on an iPad")
        box = self.page.locator("#canvas").bounding_box()
        check(box["width"] >= 760 and box["height"] >= 800, f"the canvas is {box['width']}×{box['height']} on an iPad")
        viewbox = self.page.get_attribute("#canvas", "viewBox").split()
        check(abs(float(viewbox[2]) * self.scale() - box["width"]) < 1, "the viewBox does not follow a resize")
        self.screenshot("06-ipad-portrait")
        # The guide at this size: a card in the canvas's corner, leaving most of it free.
        self.page.click("#help")
        guide = self.page.locator("#guide")
        check(guide.is_visible(), "Help does not show the guide on an iPad")
        card, area = guide.bounding_box(), self.page.locator("#canvas-wrap").bounding_box()
        inside = (card["x"] >= area["x"] and card["y"] >= area["y"] and card["x"] + card["width"] <= area["x"] + area["width"]
                  and card["y"] + card["height"] <= area["y"] + area["height"])
        check(inside, f"the guide {card} is not inside the canvas {area} on an iPad")
        covered = card["width"] * card["height"] / (area["width"] * area["height"])
        check(covered < 0.3, f"the guide covers {covered:.0%} of the canvas on an iPad")
        self.screenshot("guide-ipad")
        self.page.keyboard.press("Escape")
        check(guide.is_hidden(), "Escape does not close the guide on an iPad")

    # ---- small screens: the side panel as a drawer, the view re-fitted on resizing ----

    def check_drawer_closed(self, where):
        """Under 900 px wide: the Panels button shows, says the drawer is closed, and the side
        panel is out of sight."""
        toggle = self.page.locator("#panels-toggle")
        check(toggle.is_visible(), f"no Panels button {where}")
        check(toggle.get_attribute("aria-controls") == "side-panel", "the Panels button does not name the panel it opens")
        check(toggle.get_attribute("aria-expanded") == "false", f"the Panels button says the drawer is open {where}")
        self.page.locator("#side-panel").wait_for(state="hidden", timeout=3000)

    def resize(self, width, height):
        """Resizes the window and waits for the page's re-fit, which waits for the size to settle."""
        self.page.set_viewport_size({"width": width, "height": height})
        self.page.wait_for_timeout(600)

    def fitted(self):
        """Whether the view is what Fit gives at this size: pressing f moves nothing."""
        view = self.view()
        self.page.keyboard.press("f")
        return max(abs(a - b) for a, b in zip(view, self.view())) < 0.5

    def check_small_layout(self, width, height):
        where = f"at {width}×{height}"
        self.check_drawer_closed(where)
        box = self.page.locator("#canvas").bounding_box()
        check(box["width"] >= 0.9 * width, f"the canvas is {box['width']:.0f} px wide {where}")
        check(box["height"] >= 0.7 * height, f"the canvas is {box['height']:.0f} px high {where}")
        check(self.states_in_view(), f"a state is cut off {where}")
        check(self.fitted(), f"the drawing was not re-fitted {where}")

    def small_screens(self):
        """A small laptop window and a portrait iPad (issue 31, part 8). Under 900 px wide the
        canvas has the whole width and the side panel is a drawer: the Panels button opens it,
        Escape closes it, what was typed in it stays. Resizing re-fits a fitted drawing (or one
        the resize would cut off), but not a view zoomed in on purpose. At 1280 px wide the
        panel stands beside the canvas again."""
        toggle = self.page.locator("#panels-toggle")
        panel = self.page.locator("#side-panel")
        self.resize(1280, 800)
        self.page.goto(f"{self.base}/?doc={DOCUMENT}")
        self.page.wait_for_function("document.querySelectorAll('#drawing circle.state').length >= 3")
        self.page.keyboard.press("f")
        check(panel.is_visible() and not toggle.is_visible(), "at 1280×800 the panel is not beside the canvas")

        # A small laptop window: the fitted drawing is fitted again, whole, on a wide canvas.
        self.resize(800, 600)
        self.check_small_layout(800, 600)
        self.screenshot("31-8-800x600")

        # Zoomed in on purpose until a state is out of sight, a resize keeps that zoom.
        for _ in range(8):
            if not self.states_in_view():
                break
            self.page.keyboard.press("+")
        check(not self.states_in_view(), f"every state is still in view at {self.readout()}")
        zoomed = self.scale()
        self.resize(820, 600)
        check(abs(self.scale() - zoomed) < 1e-9, f"a resize undid a zoom on purpose: {zoomed} → {self.scale()}")
        self.resize(800, 600)
        self.page.keyboard.press("f")

        # The drawer: opened from the Panels button, over the canvas, inside the window;
        # a word runs in it; Escape closes it, and it opens again as it was left.
        toggle.click()
        check(toggle.get_attribute("aria-expanded") == "true", "the Panels button does not say the drawer is open")
        check(panel.is_visible() and self.page.locator("#word").is_visible(), "the drawer does not show Run a word")
        check(self.page.evaluate("document.getElementById('side-panel').contains(document.activeElement)"),
              "opening the drawer does not put the focus in it")
        self.page.wait_for_function("(() => { const b = document.getElementById('side-panel').getBoundingClientRect();"
                                    " return b.right <= window.innerWidth + 0.5 && b.left >= 0; })()")
        outcome = self.run_word("0110")
        verdict, other = ("accepted", "rejected") if outcome["accepted"] else ("rejected", "accepted")
        result = self.page.inner_text("#result")
        check(verdict in result and other not in result, f"#result says {result!r} for 0110 in the drawer")
        self.screenshot("31-8-800x600-drawer")
        self.page.keyboard.press("Escape")
        self.check_drawer_closed("after Escape")
        check(self.page.evaluate("document.activeElement === document.getElementById('panels-toggle')"),
              "Escape does not give the focus back to the Panels button")
        toggle.click()
        check(self.page.input_value("#word") == "0110" and verdict in self.page.inner_text("#result"),
              "the word and its result are gone when the drawer opens again")
        toggle.click()
        self.check_drawer_closed("after the Panels button closed it")

        # A portrait iPad: re-fitted, no state cut off.
        self.resize(820, 1180)
        self.check_small_layout(820, 1180)
        self.screenshot("31-8-820x1180")

        # A wide window again: the panel beside the canvas, as before, and the drawing in view.
        self.resize(1280, 800)
        check(panel.is_visible() and not toggle.is_visible(), "at 1280×800 the panel is not beside the canvas again")
        canvas, side = self.page.locator("#canvas").bounding_box(), panel.bounding_box()
        check(abs(side["width"] - 300) < 2 and side["x"] >= canvas["x"] + canvas["width"] - 1,
              f"at 1280×800 the panel {side} is not beside the canvas {canvas}")
        check(self.states_in_view(), "a state is cut off at 1280×800")
        self.screenshot("31-8-1280x800")


    def words_for_people(self):
        """What a student reads: the status line says what a stroke did in the automaton's
        terms, never the recogniser's figures, and clears itself; unlabelled arrows drawn in
        a row are no warning while drawing, then one grouped line; Teach's offer goes once
        something else is done."""
        name = "words-for-people"
        document, left, right = self.fresh_with_two_states(name, (70, 71))
        check(self.page.inner_text("#status") == "New state q1.", f"after the second ring the status says {self.page.inner_text('#status')!r}")
        # Two arrows, one each way, and a loop: none labelled.
        self.draw(sketch.arrow((left[0] + RADIUS, left[1] - 12), (right[0] - RADIUS, right[1] - 12), seed=72))
        status = self.page.inner_text("#status")
        check(status.startswith("New transition q0") and "confidence" not in status, f"after an arrow the status says {status!r}")
        self.draw(sketch.arrow((right[0] - RADIUS, right[1] + 12), (left[0] + RADIUS, left[1] + 12), seed=73))
        shown = self.page.evaluate("[...document.querySelectorAll('#problems li')].map((li) => li.textContent)")
        check(not any(line.startswith("2 transitions") for line in shown), f"problems are said while the student is still drawing: {shown}")
        self.page.wait_for_function("document.querySelectorAll('#problems li').length > 0", timeout=5000)
        lines = self.page.evaluate("[...document.querySelectorAll('#problems li')].map((li) => li.textContent)")
        unlabelled = [line for line in lines if "no symbols" in line]
        check(len(unlabelled) == 1 and unlabelled[0].startswith("2 transitions have no symbols"),
              f"the unlabelled arrows are said as {lines}")
        # A scribble on empty canvas: not understood, said without figures, with what to do.
        self.draw(sketch.line((700, 120), (760, 180)) + sketch.line((760, 180), (700, 200)) + sketch.line((700, 200), (770, 90)))
        said = self.page.inner_text("#status")
        check(not any(ch.isdigit() for ch in said) and ("not understood" in said or "writing" in said or said.startswith("New")),
              f"after a scribble the status says {said!r}")
        # Teach's offer goes once a label is typed.
        self.draw(sketch.ring((350, 480), RADIUS, seed=74))
        check(self.page.is_visible("#teach"), "Teach is not offered after a stroke")
        self.label((350, 480), "s")
        self.page.wait_for_function("document.getElementById('teach').hidden")
        # The status line clears itself.
        self.page.wait_for_function("document.getElementById('status').textContent === ''", timeout=12000)
        self.screenshot("14-words-for-people")

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True, help="the running server, e.g. http://127.0.0.1:8123/")
    parser.add_argument("--chromium", default=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
    args = parser.parse_args()

    steps = ["open_document", "guide", "draw_states", "draw_transitions", "type_labels", "simulate", "undo_redo",
             "reload", "move_state", "erase_transition", "teach", "zoom_and_pan", "fit_on_open", "algorithm", "readable_layouts", "regular_expressions", "vocabulary",
             "import_jflap", "test_words", "download_jflap", "download_png", "download_tikz", "manage_documents", "pen_gestures", "hold_to_move", "drag_free_end", "provisional_shaft", "handwritten_label", "open_inkml", "words_for_people", "ipad",
             "small_screens"]
    passed = 0
    started = time.monotonic()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, headless=True)
        page = browser.new_page(viewport={"width": 1280, "height": 800})
        page.set_default_timeout(15000)
        test = EditorTest(args.url, page)
        failure = None
        for name in steps:
            step_start = time.monotonic()
            try:
                getattr(test, name)()
                problems = test.console_errors + test.refused
                check(not problems, "console errors or refused requests: " + "; ".join(problems))
            except Exception as error:  # noqa: BLE001 - every failure is reported the same way
                failure = (name, error)
                try:
                    test.screenshot(f"failed-{name}")
                except Exception:  # noqa: BLE001
                    pass
                break
            passed += 1
            print(f"ok   {name} ({time.monotonic() - step_start:.1f} s)")
        browser.close()

    if failure:
        name, error = failure
        print(f"FAIL {name}: {error}")
        if not isinstance(error, Failure):
            traceback.print_exception(error)
    print(f"{time.monotonic() - started:.1f} s; screenshots in {SCREENSHOTS}")
    print(f"browser-test: {passed} passed, {1 if failure else 0} failed")
    sys.exit(1 if failure else 0)


if __name__ == "__main__":
    main()
