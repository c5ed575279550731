import Foundation
import StrokeModel
import Testing
@testable import AutomataEditorCore

/// Whole drawings as people draw them: curved arrows in both directions, return edges arching
/// over the states between, labels beside curves, coarse pens; and curves kept by the
/// document, its exports and its edits.
@Suite struct CurvedTransitionTests {
    private let rules = RecognitionRules()
    private let interpreter = ShippedModel.interpreter

    /// Three states in a row, 250 apart, radius 40: q0 (100, 300), q1 (350, 300), q2 (600, 300).
    private func row() -> AutomatonDocument {
        AutomatonDocument().applying([100.0, 350, 600].map { .addState(center: HandDrawn.point($0, 300), radius: 40) })
    }

    /// An arc from `start` to `tip` whose middle stands `bulge` off the straight line (to the
    /// left of travel on screen when positive), ending in a two-barb head.
    static func arc(from start: CanvasPoint, to tip: CanvasPoint, bulge: Double) -> [CanvasPoint] {
        let length = start.distance(to: tip)
        let (nx, ny) = ((tip.y - start.y) / length, -(tip.x - start.x) / length)
        let control = HandDrawn.point((start.x + tip.x) / 2 + 2 * bulge * nx, (start.y + tip.y) / 2 + 2 * bulge * ny)
        var points = (0...40).map { i in
            let t = Double(i) / 40, s = 1 - t
            return HandDrawn.point(s * s * start.x + 2 * s * t * control.x + t * t * tip.x, s * s * start.y + 2 * s * t * control.y + t * t * tip.y)
        }
        // The head along the arrival direction (control → tip).
        let d = control.distance(to: tip)
        let (ux, uy) = ((tip.x - control.x) / d, (tip.y - control.y) / d)
        let barb = 25.0
        for side in [1.0, -1.0] {
            let (bx, by) = (-ux * cos(side * 0.5) + uy * sin(side * 0.5), -ux * sin(side * 0.5) - uy * cos(side * 0.5))
            let end = HandDrawn.point(tip.x + bx * barb, tip.y + by * barb)
            points += (1...5).map { i in HandDrawn.point(tip.x + (end.x - tip.x) * Double(i) / 5, tip.y + (end.y - tip.y) * Double(i) / 5) }
            if side > 0 { points += (1...5).map { i in HandDrawn.point(end.x + (tip.x - end.x) * Double(i) / 5, end.y + (tip.y - end.y) * Double(i) / 5) } }
        }
        return points
    }

    @Test(arguments: [ShapeKind.arrow, .cycle, .circle])
    func aStrokeFromOneStateToAnotherIsATransitionWhateverTheClass(kind: ShapeKind) throws {
        let document = row()
        // q0 → q1 arching up, then q1 → q0 arching down: the pair people draw between neighbours.
        let forward = Self.arc(from: HandDrawn.point(130, 275), to: HandDrawn.point(320, 275), bulge: 60)
        let backward = Self.arc(from: HandDrawn.point(320, 325), to: HandDrawn.point(130, 325), bulge: 60)
        let first = rules.interpret(kind, stroke: forward, in: document)
        let both = document.applying(first.actions)
        let second = rules.interpret(kind, stroke: backward, in: both)
        let result = both.applying(second.actions)
        #expect(result.transitions.map { [$0.from, $0.to] } == [[0, 1], [1, 0]], "\(first.message) / \(second.message)")
        #expect(result.transitions.allSatisfy { $0.isCurved })
        if kind != .arrow {
            #expect(first.message == "\(kind.rawValue) from q0 to q1, read as an arrow: arrow → curved transition q0 → q1")
        }
        // Each keeps its own side: the forward one above the row, the other below.
        let tops = result.transitions.map { $0.curve!.point(at: 0.5).y }
        #expect(tops[0] < 260 && tops[1] > 340, "\(tops)")
    }

    @Test func aReturnEdgeArchingOverTheMiddleStateJoinsItsEnds() throws {
        let document = row()
        // q2 → q0 over q1: up from q2's top, across above q1, down onto q0's top.
        let stroke = Self.arc(from: HandDrawn.point(590, 262), to: HandDrawn.point(110, 262), bulge: -110)
        for kind in ShapeKind.allCases {
            let interpretation = rules.interpret(kind, stroke: stroke, in: document)
            let after = document.applying(interpretation.actions)
            #expect(after.transitions.count == 1 && after.transitions[0].from == 2 && after.transitions[0].to == 0, "\(kind): \(interpretation)")
            #expect(after.transitions.first?.isCurved == true)
        }
        // Through the shipped model, as the editor reads it.
        var editor = Editor(document: document)
        let message = editor.perform(.stroke(stroke), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[2, 0]], "\(message)")
        // The curve passes above q1, clear of it, as drawn.
        let top = editor.document.transitions[0].curve!.point(at: 0.5)
        #expect(abs(top.x - 350) < 30 && top.y < 300 - 40 - 20, "\(top)")
    }

    @Test func aLabelGoesToTheNearestCurveNotItsChord() throws {
        var document = row()
        // q0 → q1 straight along the row, q2 → q0 arching high over q1.
        document = document.applying(rules.interpret(.arrow, stroke: HandDrawn.arrow(from: HandDrawn.point(142, 300), to: HandDrawn.point(308, 300)),
                                                     in: document).actions)
        document = document.applying(rules.interpret(.arrow, stroke: Self.arc(from: HandDrawn.point(590, 262), to: HandDrawn.point(110, 262), bulge: -150),
                                                     in: document).actions)
        // Written above the arch's top: 190 points from its chord, 40 from its curve.
        let label = rules.text("b", at: HandDrawn.point(350, 75), in: document)
        #expect(label.message == "text \"b\" → transition q2 → q0 reading b", "\(label)")
        // Written just under the straight edge: that one, though nearer the arch's chord than its curve.
        let other = rules.text("a", at: HandDrawn.point(250, 320), in: document)
        #expect(other.message == "text \"a\" → transition q0 → q1 reading a", "\(other)")
    }

    @Test func twoOppositeCurvesKeepTheirOwnLabels() {
        var editor = Editor(document: row())
        let events: [DrawingEvent] = [
            .stroke(Self.arc(from: HandDrawn.point(130, 275), to: HandDrawn.point(320, 275), bulge: 50)),
            .text("a", at: HandDrawn.point(225, 225)),
            .stroke(Self.arc(from: HandDrawn.point(320, 325), to: HandDrawn.point(130, 325), bulge: 50)),
            .text("b", at: HandDrawn.point(225, 375)),
        ]
        let messages = editor.perform(events, with: interpreter)
        let automaton = editor.document.automaton
        #expect(automaton.transitions == [.init(from: 0, symbol: .text("a"), to: 1), .init(from: 1, symbol: .text("b"), to: 0)],
                "\(messages)")
    }

    /// Where two edges meet a state a label is a close call: it goes to the one still without
    /// symbols (people label each arrow as they draw it), unless it is clearly nearer the other.
    @Test func aCloseCallGoesToTheTransitionStillWithoutALabel() {
        var document = row()
        // q0 → q1 labelled a, then q2 → q1 unlabelled: both end on q1.
        for stroke in [HandDrawn.arrow(from: HandDrawn.point(142, 300), to: HandDrawn.point(308, 300)),
                       HandDrawn.arrow(from: HandDrawn.point(558, 300), to: HandDrawn.point(392, 300))] {
            document = document.applying(rules.interpret(.arrow, stroke: stroke, in: document).actions)
        }
        document = document.applying(rules.text("a", at: HandDrawn.point(225, 280), in: document).actions)
        // Above q1: 59 points from q0 → q1's end, 64 from q2 → q1's: a close call.
        let close = rules.text("b", at: HandDrawn.point(346, 255), in: document)
        #expect(close.message == "text \"b\" → transition q2 → q1 reading b", "\(close)")
        // Right on q0 → q1's middle, far from q2 → q1: that one is relabelled.
        let clear = rules.text("c", at: HandDrawn.point(225, 290), in: document)
        #expect(clear.message == "text \"c\" → transition q0 → q1 reading c", "\(clear)")
    }

    /// Circles sampled every 25–50 points, as a fast pen or a slow tablet records them, are
    /// states, on an empty canvas and beside a state.
    @Test(arguments: [(40.0, 25.0), (45, 35), (55, 45), (70, 50)])
    func aSparselySampledCircleIsAState(radius: Double, spacing: Double) {
        for (start, document) in [(0.0, AutomatonDocument()), (2.0, row())] {
            let centre = HandDrawn.point(350, 300 + 2 * radius + 60)
            let count = Int((2 * .pi * radius * 1.05 / spacing).rounded(.up))
            let stroke = (0...count).map { i in
                let angle = start - .pi / 2 + 2 * .pi * 1.05 * Double(i) / Double(count)
                return HandDrawn.point(centre.x + radius * cos(angle), centre.y + radius * sin(angle))
            }
            let interpretation = interpreter.interpret(stroke: stroke, in: document)
            #expect(interpretation.message.hasPrefix("circle → state"), "radius \(radius), \(count + 1) points: \(interpretation)")
        }
    }

    @Test func aLoopTakenForAnArrowComesBackAsASelfLoop() {
        let document = row()
        // Out of q1's top, round a point 90 above it and back onto its edge: five points.
        let stroke = [HandDrawn.point(340, 262), HandDrawn.point(300, 200), HandDrawn.point(350, 160),
                      HandDrawn.point(400, 200), HandDrawn.point(362, 264), HandDrawn.point(380, 250)]
        let interpretation = rules.interpret(.arrow, stroke: stroke, in: document)
        #expect(interpretation.message == "arrow from q1 out and back to q1 → self-loop on q1")
        #expect(document.applying(interpretation.actions).transitions.first?.isSelfLoop == true)
    }

    @Test func aStraightStrokeWithBothEndsAtOneStateIsNoSelfLoop() {
        // A letter's stem written at q1's edge (the "b" of a label by an arrow's tip): it starts
        // 18 points out and runs along its chord back to the edge, big and far out enough for a
        // loop, but it does not go out and come back.
        let document = row()
        let stem = (0...10).map { HandDrawn.point(380 + 0.5 * Double($0), 250 + 3 * Double($0)) }
        let interpretation = rules.interpret(.arrow, stroke: stem, in: document)
        #expect(!interpretation.changesElements && interpretation.message.contains("no loop, writing"), "\(interpretation.message)")
    }

    @Test func aNearlyStraightArrowStaysStraight() {
        let document = row()
        let stroke = Self.arc(from: HandDrawn.point(142, 300), to: HandDrawn.point(308, 300), bulge: 8)
        let interpretation = rules.interpret(.arrow, stroke: stroke, in: document)
        #expect(interpretation.message == "arrow → transition q0 → q1")
        #expect(document.applying(interpretation.actions).transitions.first?.controls == [])
    }

    @Test func aHookWhereThePenLandedIsNoPartOfTheCurve() {
        // A short straight line whose pen landed in a hook 9 points back from its run stays
        // straight (with the hook it strays more than its share); an arch keeps its whole start.
        let line = (0...8).map { HandDrawn.point(142 + 8 * Double($0), 300) }
        let hooked = [HandDrawn.point(145, 300), HandDrawn.point(139, 301), HandDrawn.point(136, 301)] + line
        #expect(StrokeGeometry.withoutLandingHook(hooked) == [HandDrawn.point(136, 301)] + line)
        #expect(rules.drawnControls(of: hooked) == [])
        let arch = (0...80).map { i in
            let angle = Double.pi * (0.95 - 0.9 * Double(i) / 80)
            return HandDrawn.point(350 + 200 * cos(angle), 300 - 200 * sin(angle))
        }
        #expect(StrokeGeometry.withoutLandingHook(arch) == arch)
        #expect(!rules.drawnControls(of: arch).isEmpty)
    }

    @Test func movingAStateCarriesTheCurveWithItsEnd() throws {
        var document = row()
        document = document.applying(rules.interpret(.arrow, stroke: Self.arc(from: HandDrawn.point(130, 275), to: HandDrawn.point(320, 275), bulge: 60),
                                                     in: document).actions)
        let before = try #require(document.transitions.first?.curve)
        let moved = document.applying(.moveState(id: 1, to: HandDrawn.point(350, 550)))
        let after = try #require(moved.transitions.first?.curve)
        #expect(after.start == before.start)
        #expect(abs(after.end.x - before.end.x) < 1e-9 && abs(after.end.y - (before.end.y + 250)) < 1e-9)
        // Same shape: the middle's offset from the chord keeps its share of the chord's length.
        func sagitta(_ c: CubicCurve) -> Double {
            StrokeGeometry.distance(from: c.point(at: 0.5), toSegment: c.start, c.end) / c.start.distance(to: c.end)
        }
        #expect(abs(sagitta(after) - sagitta(before)) < 1e-9 && sagitta(before) > 0.2)
    }

    @Test func fittingRecoversAKnownCurve() throws {
        let known = CubicCurve(start: HandDrawn.point(0, 0), control1: HandDrawn.point(40, -160),
                               control2: HandDrawn.point(260, -170), end: HandDrawn.point(300, 0))
        // Sampled unevenly, as a pen slowing down.
        let samples = (0...60).map { i in known.point(at: pow(Double(i) / 60, 1.4)) }
        let fitted = try #require(CubicCurve.fitted(to: samples))
        let worst = (0...100).map { i in StrokeGeometry.distance(from: fitted.point(at: Double(i) / 100), toPath: known.points(count: 400)) }.max()!
        #expect(worst < 1.5, "the fitted curve strays \(worst) points from the drawn one")
        #expect(CubicCurve.fitted(to: [HandDrawn.point(1, 1), HandDrawn.point(1, 1), HandDrawn.point(1, 1)]) == nil)
    }

    @Test func theSVGDrawsTheCurveAsDrawnWithItsHeadOnTheTarget() throws {
        var document = row()
        document = document.applying(rules.interpret(.arrow, stroke: Self.arc(from: HandDrawn.point(590, 262), to: HandDrawn.point(110, 262), bulge: -110),
                                                     in: document).actions)
        let svg = SVGExport.render(document)
        let path = try #require(svg.split(separator: "\n").first { $0.contains("class=\"transition\"") })
        #expect(path.contains(" C "), "a cubic: \(path)")
        // It ends on q0's outline and rises above q1 on the way.
        let pathData = try #require(path.split(separator: " d=\"").last?.split(separator: "\"").first)
        let numbers = pathData.split(whereSeparator: { " ,MC".contains($0) }).compactMap { Double($0) }
        let end = HandDrawn.point(numbers[numbers.count - 2], numbers[numbers.count - 1])
        #expect(abs(end.distance(to: HandDrawn.point(100, 300)) - 40) < 0.5, "\(end)")
        #expect(numbers[3] < 200 && numbers[5] < 200, "controls above the row: \(numbers)")
    }

    @Test func curvesAreSavedAndDocumentsWithoutThemReadAsBefore() throws {
        var document = row()
        document = document.applying(rules.interpret(.arrow, stroke: Self.arc(from: HandDrawn.point(130, 275), to: HandDrawn.point(320, 275), bulge: 60),
                                                     in: document).actions)
        let data = try JSONEncoder().encode(document)
        #expect(try JSONDecoder().decode(AutomatonDocument.self, from: data) == document)
        // A straight transition writes no "controls", as files did before curves were kept.
        var straight = document
        straight.transitions[0].controls = []
        #expect(!String(decoding: try JSONEncoder().encode(straight), as: UTF8.self).contains("controls"))
        // One control point, or controls on a self-loop, contradict the document.
        var broken = document
        broken.transitions[0].controls.removeLast()
        #expect(broken.inconsistencies == ["transition 3 has 1 control point(s); a curve has two, a self-loop none"])
        // Such a file is refused by name, and so is writing one.
        let url = URL(fileURLWithPath: "/tmp/broken-curve.automaton")
        let file = #"{"format": "strokes.automaton", "version": 1, "document": "#
            + String(decoding: try JSONEncoder().encode(broken), as: UTF8.self) + "}"
        #expect(throws: AutomatonFileError.self) { try AutomatonFile.decoded(Data(file.utf8), from: url) }
        do {
            _ = try AutomatonFile.decoded(Data(file.utf8), from: url)
        } catch {
            #expect("\(error)".contains("broken-curve.automaton") && "\(error)".contains("1 control point(s)"), "\(error)")
        }
    }
}
