import Testing
@testable import AutomataEditorCore

/// With a symbol model, a head drawn first inside its state may read as a letter and name the
/// state; the shaft drawn next out of that ink takes it back as its head (FC_A: heads drawn
/// first renamed their node's state "1", "7" or "v"). A name in the middle stays a name.
@Suite struct WordAsHeadTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private let interpreter = Handwriting.interpreter

    /// q0 at (100, 200), q1 at (300, 200), radius 40.
    private func twoStates() -> Editor {
        let editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        #expect(editor.document.states.map(\.name) == ["q0", "q1"])
        return editor
    }

    /// A short upright stroke at q1's rim, where a line from q0 arrives: what the symbol model reads as a 1.
    private let upright = (0...12).map { CanvasPoint(x: 268, y: 193 + Double($0) * 14 / 12) }

    @Test func aShaftDrawnOutOfALetterAtTheRimTakesItBackAsItsHead() throws {
        var editor = twoStates()
        let letter = editor.perform(.stroke(upright), with: interpreter)
        #expect(editor.document.states[1].name != "q1", "the mark alone renames q1: \(letter)")
        let shaft = editor.perform(.stroke(HandDrawn.arrow(from: p(267, 200), to: p(142, 200), head: false)), with: interpreter)
        #expect(shaft.contains("was part of this arrow"), "\(shaft)")
        #expect(editor.document.states.map(\.name) == ["q0", "q1"], "\(shaft)")
        let t = try #require(editor.document.transitions.first)
        #expect(editor.document.transitions.count == 1)
        #expect((t.from, t.to, t.head) == (0, 1, .drawn), "\(shaft)")
        #expect(editor.document.words.isEmpty && editor.document.pending.word == nil, "the head is no word")
        editor.undo()
        #expect(editor.document.transitions.isEmpty && editor.document.states[1].name != "q1", "one step: back to the letter")
    }

    @Test func aNameInTheMiddleStaysWhenALineLeavesTheState() throws {
        var editor = twoStates()
        editor.perform(Handwriting.word("s", at: p(300, 200), height: 18).map { .stroke($0) }, with: interpreter)
        #expect(editor.document.states[1].name == "s")
        let shaft = editor.perform(.stroke(HandDrawn.arrow(from: p(261, 200), to: p(142, 200), head: false)), with: interpreter)
        #expect(!shaft.contains("was part of this arrow"), "\(shaft)")
        #expect(editor.document.states[1].name == "s", "\(shaft)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[1, 0]])
    }
}

/// A self-loop's head drawn before its loop, at the state's rim, reads as a letter (the
/// generator's pen: "r", "v") and labels the transition beside it; the loop drawn next from
/// it takes it back.
@Suite struct LoopHeadReadAsLetterTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private let interpreter = Handwriting.interpreter

    @Test func aLoopDrawnFromALetterAtItsStatesRimTakesItBackAsItsHead() throws {
        // `automata bench drawings --handwriting --seed 4`, drawing 72: q0 with its arrow to q1
        // below reading c; the loop's head drawn first on q0's top rim, then the loop from it.
        var editor = Editor(document: AutomatonDocument().applying([
            .addState(center: p(677.4, 391.2), radius: 31.5), .addState(center: p(669.9, 617.9), radius: 49.5),
            .addTransition(from: 0, to: 1, start: p(674.1, 424.4), end: p(668.4, 573.7), symbols: [.text("c")], head: .drawn)]))
        let head = [p(669.2, 368.3), p(668.6, 365.6), p(667.7, 361.7), p(668.3, 358.6), p(667.2, 357.3), p(666.6, 354.9), p(666.3, 351.9), p(668.4, 352.4), p(670.9, 352.7), p(672.2, 354.9), p(675.9, 355.6), p(677.4, 355.6), p(679.7, 356.2)]
        let letter = editor.perform(.stroke(head), with: interpreter)
        #expect(editor.document.transitions[0].symbols != [.text("c")], "the head alone relabels q0 → q1: \(letter)")
        let loop = [p(687.0, 363.5), p(682.6, 361.9), p(678.3, 360.3), p(676.9, 359.6), p(675.6, 359.1), p(674.6, 358.4), p(673.5, 357.6), p(672.2, 356.7), p(670.9, 355.6), p(669.4, 354.1), p(667.7, 352.1), p(666.0, 349.4), p(664.5, 346.1), p(663.4, 342.1), p(663.0, 337.6), p(663.7, 332.8), p(666.0, 328.3), p(669.9, 324.9), p(675.3, 323.3), p(681.5, 324.0), p(687.8, 327.1), p(693.2, 332.3), p(696.9, 338.9), p(698.5, 345.9), p(697.7, 352.3), p(695.1, 357.3), p(691.3, 360.5), p(686.9, 362.1), p(682.5, 362.3), p(678.5, 361.4), p(675.1, 359.9), p(672.4, 358.1), p(670.2, 356.3), p(668.6, 354.5), p(667.8, 353.5)]
        let looped = editor.perform(.stroke(loop), with: interpreter)
        #expect(looped.contains("was part of this arrow"), "\(looped)")
        #expect(editor.document.transitions.map(\.symbols) == [[.text("c")], []], "\(looped)")
        #expect(editor.document.transitions.last?.isSelfLoop == true && editor.document.transitions.last?.from == 0)
        #expect(editor.document.words.isEmpty && editor.document.pending.word == nil, "the head is no word")
        editor.undo()
        #expect(editor.document.transitions.count == 1 && editor.document.transitions[0].symbols != [.text("c")], "one step: back to the letter")
    }
    @Test func aLoopsHeadJustOutsideTheRimIsTakenBackToo() {
        // `automata bench drawings --handwriting --seed 2`, drawing 25 (a sparse pen): the
        // loop's head drawn first, 13 points across with its middle 7 beyond even's edge, read
        // "n" and relabelled even → odd; the loop drawn next from it left it so. Clear of the
        // rim, opening along it, it now waits as a head; either way the loop takes it.
        var editor = Editor(document: AutomatonDocument().applying([
            .addState(center: p(293.3, 246.3), radius: 38.9), .addState(center: p(276.8, 525.7), radius: 50.8),
            .addState(center: p(259.7, 802.4), radius: 61.5),
            .addTransition(from: 1, to: 2, start: p(273.3, 578), end: p(263.6, 736), symbols: [.text("1")], head: .drawn)]))
        let head = [p(317.1, 565.1), p(321.0, 562.1), p(323.9, 556.9), p(327.9, 553.7), p(328.3, 555.9), p(328.4, 561.0), p(328.6, 566.8)]
        let letter = editor.perform(.stroke(head), with: interpreter)
        let waits = editor.document.pending.heads.count == 1
        #expect(waits || editor.document.transitions[0].symbols != [.text("1")], "a head waiting, or a letter relabelling even → odd: \(letter)")
        let looped = editor.perform(.stroke([p(320.1, 534.7), p(354.9, 527.8), p(365.3, 563.6), p(330.9, 574.2), p(328.2, 555.6)]), with: interpreter)
        #expect(waits || looped.contains("was part of this arrow"), "\(looped)")
        #expect(editor.document.pending.heads.isEmpty, "\(looped)")
        #expect(editor.document.transitions.map(\.symbols) == [[.text("1")], []], "\(looped)")
        #expect(editor.document.transitions.last?.isSelfLoop == true && editor.document.transitions.last?.from == 1)
    }
}

/// A sparse pen's self-loop drawn after its head, which read as writing (a label's letter, or
/// ink inside the state), is no more of that writing: the loop hangs on the state from it.
@Suite struct LoopAfterItsHeadReadAsWritingTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private let interpreter = Handwriting.interpreter

    @Test func aLoopFromAHeadThatLabelledATransitionTakesItBack() throws {
        // `automata bench drawings --handwriting --seed 16`, drawing 48 (a point every 30 or so):
        // the head drawn first at q3's rim read "4" and labelled q2 → q3; the loop of four
        // points drawn next from it was more of that writing.
        var editor = Editor(document: AutomatonDocument().applying([
            .addState(center: p(226.9, 270.2), radius: 35.8),
            .addState(center: p(565.2, 267.7), radius: 70.1),
            .addState(center: p(853.0, 270.0), radius: 45.7),
            .addState(center: p(695.0, 537.5), radius: 39.0),
            .addState(center: p(401.2, 531.4), radius: 57.5),
            .addTransition(from: 0, to: 1, start: p(260.0, 269.8), end: p(504.3, 268.2), symbols: [.text("b")], head: .drawn),
            .addTransition(from: 1, to: 2, start: p(630.2, 271.8), end: p(812.7, 271.8), symbols: [.text("a")], head: .drawn),
            .addTransition(from: 2, to: 3, start: p(829.4, 304.2), end: p(710.4, 507.1), symbols: [.epsilon], head: .drawn),
            .addTransition(from: 3, to: 4, start: p(655.0, 532.7), end: p(453.8, 527.6), symbols: [.text("a"), .text("b")], head: .drawn),
            .addTransition(from: 4, to: 2, start: p(454.1, 499.3), end: p(813.4, 291.7), symbols: [.text("a")], head: .drawn)]))
        let s26 = [p(732.5, 577.7), p(725.7, 577.3), p(716.6, 577.8), p(712.3, 576.1), p(716.6, 570.3), p(720.4, 565.6), p(720.7, 563.6)]
        let s27 = [p(704.9, 570.5), p(700.4, 597.5), p(727.9, 592.4), p(715.5, 576.0)]
        let head = editor.perform(.stroke(s26), with: interpreter)
        #expect(editor.document.transitions[2].symbols != [.epsilon], "the head alone relabels q2 → q3: \(head)")
        let loop = editor.perform(.stroke(s27), with: interpreter)
        #expect(loop.contains("was part of this arrow"), "\(loop)")
        #expect(editor.document.transitions[2].symbols == [.epsilon], "\(loop)")
        #expect(editor.document.transitions.last.map { [$0.from, $0.to] } == [3, 3], "\(loop)")
    }

    @Test func aLoopFromAHeadLeftAsInkInsideItsStateHangsOnIt() throws {
        // `automata bench drawings --handwriting --seed 33`, drawing 53: the head drawn first
        // at q1's rim, just inside it, was left alone as writing; the loop drawn next was more of it.
        var editor = Editor(document: AutomatonDocument().applying([
            .addState(center: p(236.3, 264.7), radius: 31.7),
            .addState(center: p(524.3, 277.1), radius: 32.6),
            .addState(center: p(817.9, 282.2), radius: 62.2),
            .addState(center: p(678.9, 593.0), radius: 47.0),
            .addState(center: p(383.3, 576.0), radius: 52.9),
            .addTransition(from: 0, to: 1, start: p(266.8, 264.8), end: p(488.9, 274.2), symbols: [.epsilon], head: .drawn),
            .addTransition(from: 1, to: 2, start: p(556.7, 277.7), end: p(754.7, 281.3), symbols: [.text("b")], head: .drawn),
            .addTransition(from: 2, to: 3, start: p(791.4, 332.1), end: p(694.5, 550.2), symbols: [.text("b"), .text("a")], head: .drawn),
            .addTransition(from: 3, to: 4, start: p(627.7, 586.9), end: p(436.9, 575.8), symbols: [.text("a"), .text("b")], head: .drawn),
            .addTransition(from: 3, to: 1, start: p(662.0, 548.7), end: p(541.5, 305.3), symbols: [.text("a")], head: .drawn)]))
        let s30 = [p(518.1, 260.6), p(517.8, 255.8), p(519.5, 250.7), p(518.8, 249.8), p(520.4, 249.4), p(524.4, 251.6), p(528.3, 255.1), p(531.4, 256.5)]
        let s31 = [p(525.8, 244.7), p(524.5, 247.8), p(524.4, 247.7), p(519.4, 222.5), p(529.2, 236.9), p(524.5, 247.7), p(524.6, 247.7), p(522.9, 244.9)]
        let head = editor.perform(.stroke(s30), with: interpreter)
        #expect(editor.document.transitions.count == 5, "\(head)")
        let loop = editor.perform(.stroke(s31), with: interpreter)
        #expect(editor.document.transitions.last.map { [$0.from, $0.to] } == [1, 1], "\(loop)")
        editor.undo()
        #expect(editor.document.transitions.count == 5, "one step")
    }
}

/// A small self-loop whose end curls in (its head inside the loop) leaves its state by one
/// end only: still a loop, not a "0" or a "c" for the transition beside it.
@Suite struct CurledLoopTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    @Test func aSmallCurledLoopOnAStateIsItsSelfLoop() throws {
        // `automata bench drawings --handwriting --seed 24`, drawing 68: q0 above q1, with
        // q1 → q0 reading a; the loop drawn on q0's top, 0.8 of its radius across, read "0" and
        // labelled q1 → q0.
        var editor = Editor(document: AutomatonDocument().applying([
            .addState(center: p(286.9, 229.8), radius: 28.4), .addState(center: p(266.8, 478.6), radius: 64.0),
            .addTransition(from: 0, to: 1, start: p(297.2, 256.6), end: p(300.5, 421.0), symbols: [.text("b"), .text("c")], head: .drawn),
            .addTransition(from: 1, to: 0, start: p(242.7, 413.6), end: p(273.7, 253.1), symbols: [.text("a")], head: .drawn)]))
        let loop = [p(292.7, 202.6), p(293.1, 202.5), p(293.5, 202.4), p(293.9, 202.3), p(294.3, 202.2), p(294.7, 202.1), p(295.0, 202.0), p(295.4, 201.8), p(295.7, 201.6), p(296.0, 201.5), p(296.3, 201.3), p(296.6, 201.1), p(296.8, 200.8), p(297.1, 200.6), p(297.3, 200.3), p(297.5, 200.1), p(297.8, 199.8), p(297.9, 199.5), p(298.1, 199.2), p(298.2, 198.8), p(298.3, 198.5), p(298.3, 198.1), p(298.4, 197.8), p(298.5, 197.4), p(298.5, 197.1), p(298.5, 196.7), p(298.5, 196.3), p(298.4, 195.9), p(298.3, 195.6), p(298.2, 195.2), p(298.1, 194.8), p(298.0, 194.4), p(297.9, 194.0), p(297.7, 193.6), p(297.6, 193.2), p(297.4, 192.8), p(297.2, 192.4), p(297.0, 192.0), p(296.8, 191.6), p(296.6, 191.2), p(296.3, 190.9), p(296.1, 190.4), p(295.8, 190.1), p(295.5, 189.7), p(295.2, 189.3), p(294.9, 189.0), p(294.5, 188.6), p(294.2, 188.3), p(293.8, 187.9), p(293.4, 187.6), p(293.1, 187.3), p(292.7, 187.0), p(292.3, 186.6), p(291.9, 186.3), p(291.5, 186.1), p(291.0, 185.9), p(290.6, 185.6), p(290.2, 185.3), p(289.8, 185.1), p(289.3, 184.9), p(288.9, 184.7), p(288.5, 184.5), p(288.0, 184.3), p(287.6, 184.1), p(287.2, 183.9), p(286.7, 183.8), p(286.3, 183.6), p(285.8, 183.5), p(285.4, 183.4), p(285.0, 183.3), p(284.5, 183.2), p(284.1, 183.1), p(283.7, 183.0), p(283.3, 183.0), p(282.8, 183.0), p(282.4, 183.0), p(282.0, 183.0), p(281.6, 183.0), p(281.2, 183.0), p(280.8, 183.1), p(280.5, 183.1), p(280.1, 183.2), p(279.7, 183.3), p(279.4, 183.4), p(279.1, 183.5), p(278.7, 183.6), p(278.4, 183.8), p(278.1, 184.0), p(277.8, 184.2), p(277.6, 184.3), p(277.3, 184.5), p(277.1, 184.8), p(276.8, 185.0), p(276.6, 185.2), p(276.4, 185.5), p(276.2, 185.8), p(276.0, 186.0), p(275.9, 186.3), p(275.8, 186.6), p(275.7, 187.0), p(275.5, 187.3), p(275.5, 187.6), p(275.5, 188.0), p(275.4, 188.4), p(275.4, 188.7), p(275.4, 189.1), p(275.5, 189.5), p(275.5, 189.9), p(275.6, 190.3), p(275.7, 190.7), p(275.8, 191.1), p(275.9, 191.5), p(276.1, 191.9), p(276.2, 192.3), p(276.4, 192.7), p(276.6, 193.1), p(276.8, 193.5), p(277.0, 194.0), p(277.3, 194.4), p(277.5, 194.8), p(277.8, 195.2), p(278.2, 195.6), p(278.5, 196.1), p(278.8, 196.5), p(279.2, 196.8), p(279.5, 197.2), p(279.9, 197.6), p(280.4, 197.9), p(280.7, 198.3), p(281.2, 198.6), p(279.4, 198.3), p(277.7, 198.0), p(275.9, 197.7), p(276.7, 197.7), p(277.4, 197.8), p(278.2, 197.9), p(278.9, 197.9), p(279.7, 198.0), p(280.4, 198.1), p(281.2, 198.1), p(280.6, 197.4), p(280.1, 196.6), p(279.6, 195.8), p(279.1, 195.1), p(278.5, 194.3), p(278.0, 193.6)]
        let read = editor.perform(.stroke(loop), with: Handwriting.interpreter)
        #expect(editor.document.transitions[1].symbols == [.text("a")], "\(read)")
        #expect(editor.document.transitions.last.map { [$0.from, $0.to] } == [0, 0], "\(read)")
    }
}

/// A self-loop's head drawn after its loop, which the symbol model cannot read, is no word's
/// first stroke: the label written next reads on its own.
@Suite struct LoopHeadBeforeItsLabelTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    @Test func aHeadOnALoopDoesNotJoinTheLabelWrittenNext() throws {
        // `automata bench drawings --handwriting --seed 4`, drawing 33 (a sparse pen): a small
        // loop on q0, its head, then "a" as a c and a stem. The head read "?" and the label "?,a".
        var editor = Editor(document: AutomatonDocument().applying([.addState(center: p(346.2, 359.2), radius: 18.5),
                                                                   .addState(center: p(230, 301.2), radius: 21.9)]))
        editor.perform(.stroke([p(363.9, 359.9), p(376.7, 369.6), p(361.1, 373.2), p(359.8, 371.4)]), with: Handwriting.interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 0]])
        let head = editor.perform(.stroke([p(365.2, 376.6), p(363.8, 372.0), p(362.0, 371.2), p(363.1, 370.8), p(363.3, 368.9), p(366.8, 370.6), p(368.4, 373.0), p(370.4, 372.3)]), with: Handwriting.interpreter)
        #expect(head.contains("head on the self-loop"), "\(head)")
        editor.perform(.stroke([p(389.3, 375.3), p(388.9, 374.9), p(388.6, 374.4), p(388.2, 373.9), p(387.9, 373.4), p(387.5, 372.9), p(386.9, 372.6), p(386.3, 372.6), p(385.7, 372.9), p(385.2, 373.3), p(384.7, 373.8), p(384.2, 374.3), p(383.8, 374.8), p(383.3, 375.3), p(382.9, 375.8), p(382.6, 376.3), p(382.3, 376.9), p(382.0, 377.4), p(381.8, 378.0), p(381.8, 378.5), p(381.9, 379.1), p(382.1, 379.6), p(382.4, 380.0), p(382.7, 380.4), p(383.0, 380.8), p(383.3, 381.2), p(383.7, 381.5), p(384.1, 381.8), p(384.5, 381.9), p(385.0, 381.8), p(385.4, 381.5), p(385.7, 381.1), p(386.1, 380.8), p(386.5, 380.4), p(386.8, 380.1)]), with: Handwriting.interpreter)
        let label = editor.perform(.stroke([p(390.2, 373.5), p(390.0, 374.1), p(389.8, 374.8), p(389.6, 375.5), p(389.3, 376.1), p(389.2, 376.7), p(389.0, 377.3), p(388.8, 377.8), p(388.7, 378.3), p(388.5, 378.7), p(388.5, 379.1), p(388.3, 379.5), p(388.2, 379.9), p(388.1, 380.2), p(388.0, 380.6), p(387.9, 381.1), p(387.7, 381.6), p(387.5, 382.1), p(387.3, 382.7), p(387.2, 383.0)]), with: Handwriting.interpreter)
        #expect(editor.document.transitions.map(\.symbols) == [[.text("a")]], "\(label)")
    }
}

/// A sparse pen may keep three points of a small self-loop; the head drawn next where the pen
/// left it then opens along no direction of the loop, but it is the loop's head all the same.
@Suite struct HeadOfASparseLoopTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private let interpreter = Handwriting.interpreter

    @Test func aVAtTheEndOfALoopJustDrawnIsItsHeadHoweverItOpens() throws {
        // `automata bench drawings --handwriting --seed 10`, drawing 40 (a point every 42 or
        // so): the loop on q3 as three points, its head opening up, then "eps": it read "veps".
        var editor = Editor(document: AutomatonDocument().applying([
            .addState(center: p(268.4, 281.1), radius: 52.3),
            .addState(center: p(497.4, 248.0), radius: 44.9),
            .addState(center: p(749.3, 271.7), radius: 50.8),
            .addState(center: p(1015.7, 281.3), radius: 28.3),
            .addTransition(from: 0, to: 1, start: p(311.7, 271.1), end: p(456.0, 250.1), symbols: [.text("b")], head: .drawn),
            .addTransition(from: 1, to: 2, start: p(540.3, 250.0), end: p(697.9, 264.7), symbols: [.text("a")], head: .drawn),
            .addTransition(from: 2, to: 3, start: p(794.8, 277.9), end: p(986.0, 282.9), symbols: [.text("b")], head: .drawn),
            .addTransition(from: 3, to: 1, start: p(990.2, 298.1), end: p(531.7, 278.2), symbols: [.text("b")], head: .drawn),
            .addTransition(from: 3, to: 0, start: p(992.0, 292.0), end: p(320.0, 305.6), symbols: [.text("b")], head: .drawn),
            .addTransition(from: 0, to: 2, start: p(311.6, 311.0), end: p(709.6, 301.1), symbols: [.text("a")], head: .drawn),
            .addTransition(from: 0, to: 0, start: p(216.1, 282.1), end: p(169.3, 282.9), symbols: [.text("b")], head: .drawn)]))
        let s23 = [p(1040.0, 281.6), p(1071.5, 283.6), p(1050.5, 280.6)]
        let s24 = [p(1050.7, 267.6), p(1049.8, 273.4), p(1047.9, 278.0), p(1048.4, 280.8), p(1048.1, 282.2), p(1043.2, 279.3), p(1039.5, 274.5), p(1039.6, 272.6)]
        let s25 = [p(1055.7, 279.6), p(1056.5, 279.7), p(1057.3, 279.8), p(1058.0, 279.9), p(1058.8, 280.1), p(1059.4, 280.2), p(1060.1, 280.2), p(1060.7, 280.4), p(1061.2, 280.5), p(1061.7, 280.6), p(1062.2, 280.7), p(1062.6, 280.7), p(1063.0, 280.8), p(1063.4, 280.9), p(1063.7, 280.9), p(1064.0, 281.0), p(1064.4, 281.1), p(1064.7, 281.1), p(1065.1, 281.1), p(1065.5, 281.2), p(1065.9, 281.3), p(1066.3, 281.3), p(1066.8, 281.4), p(1067.4, 281.5), p(1067.9, 281.5), p(1068.6, 281.7), p(1069.2, 281.8), p(1069.9, 281.9), p(1070.7, 281.9), p(1071.4, 282.0), p(1072.2, 282.2), p(1073.0, 282.3), p(1073.9, 282.4), p(1074.7, 282.5), p(1075.6, 282.6), p(1076.4, 282.7), p(1077.3, 282.8), p(1077.2, 282.2), p(1077.0, 281.6), p(1076.9, 281.0), p(1076.8, 280.4), p(1076.7, 279.8), p(1076.6, 279.2), p(1076.5, 278.6), p(1076.4, 278.0), p(1076.3, 277.4), p(1076.2, 276.7), p(1076.0, 276.1), p(1075.8, 275.5), p(1075.6, 274.9), p(1075.3, 274.4), p(1074.9, 273.8), p(1074.5, 273.3), p(1074.1, 272.8), p(1073.5, 272.3), p(1073.0, 271.9), p(1072.5, 271.5), p(1071.9, 271.2), p(1071.3, 270.8), p(1070.7, 270.5), p(1070.1, 270.2), p(1069.5, 270.0), p(1068.8, 269.8), p(1068.2, 269.6), p(1067.5, 269.5), p(1066.8, 269.4), p(1066.1, 269.5), p(1065.5, 269.6), p(1064.8, 269.8), p(1064.2, 270.0), p(1063.5, 270.4), p(1062.9, 270.6), p(1062.3, 270.9), p(1061.7, 271.3), p(1061.1, 271.6), p(1060.6, 272.1), p(1060.1, 272.5), p(1059.5, 272.8), p(1059.0, 273.3), p(1058.5, 273.8), p(1058.1, 274.2), p(1057.7, 274.8), p(1057.3, 275.3), p(1057.0, 275.8), p(1056.7, 276.4), p(1056.5, 277.0), p(1056.3, 277.6), p(1056.2, 278.2), p(1056.1, 278.9), p(1056.2, 279.5), p(1056.3, 280.1), p(1056.4, 280.7), p(1056.5, 281.3), p(1056.6, 281.9), p(1056.8, 282.4), p(1057.0, 283.0), p(1057.1, 283.6), p(1057.3, 284.1), p(1057.5, 284.6), p(1057.8, 285.1), p(1058.0, 285.7), p(1058.2, 286.2), p(1058.4, 286.6), p(1058.7, 287.1), p(1058.9, 287.6), p(1059.2, 288.1), p(1059.5, 288.6), p(1059.8, 289.0), p(1060.1, 289.4), p(1060.4, 289.9), p(1060.8, 290.2), p(1061.1, 290.7), p(1061.4, 291.0), p(1061.8, 291.4), p(1062.2, 291.7), p(1062.6, 292.0), p(1063.1, 292.2), p(1063.6, 292.4), p(1064.0, 292.6), p(1064.5, 292.7), p(1065.1, 292.8), p(1065.6, 292.8), p(1066.1, 292.8), p(1066.6, 292.8), p(1067.2, 292.8), p(1067.7, 292.8), p(1068.2, 292.8), p(1068.8, 292.7), p(1069.3, 292.7), p(1069.9, 292.7), p(1070.4, 292.6), p(1071.0, 292.6), p(1071.5, 292.5), p(1072.1, 292.5), p(1072.6, 292.4), p(1073.2, 292.4), p(1073.8, 292.5), p(1074.4, 292.5)]
        let s26 = [p(1091.7, 269.5), p(1091.6, 269.9), p(1091.4, 270.4), p(1091.3, 270.8), p(1091.2, 271.3), p(1091.0, 271.8), p(1090.8, 272.3), p(1090.6, 272.8), p(1090.4, 273.3), p(1090.2, 273.9), p(1090.0, 274.4), p(1089.8, 275.0), p(1089.6, 275.6), p(1089.4, 276.2), p(1089.2, 276.7), p(1089.0, 277.3), p(1088.8, 277.9), p(1088.6, 278.5), p(1088.4, 279.0), p(1088.2, 279.6), p(1087.9, 280.1), p(1087.7, 280.6), p(1087.6, 281.2), p(1087.5, 281.7), p(1087.3, 282.2), p(1087.2, 282.7), p(1087.0, 283.2), p(1086.9, 283.6), p(1086.7, 284.0), p(1086.6, 284.4), p(1086.5, 284.8), p(1086.3, 285.1), p(1086.3, 285.5), p(1086.1, 285.8), p(1086.0, 286.1), p(1085.9, 286.3), p(1085.9, 286.6), p(1085.8, 286.9), p(1085.8, 287.1), p(1085.7, 287.3), p(1085.6, 287.5), p(1085.5, 287.6), p(1085.4, 287.8), p(1085.3, 288.0), p(1085.3, 288.1), p(1085.3, 288.3), p(1085.2, 288.4), p(1085.2, 288.6), p(1085.2, 288.7), p(1085.1, 288.9), p(1085.0, 289.0), p(1085.0, 289.2), p(1084.9, 289.4), p(1084.9, 289.6), p(1084.8, 289.8), p(1084.7, 290.0), p(1084.7, 290.3), p(1084.6, 290.5), p(1084.6, 290.8), p(1084.5, 291.1), p(1084.4, 291.4), p(1084.2, 291.7), p(1084.1, 292.1), p(1084.0, 292.4), p(1083.8, 292.8)]
        let s27 = [p(1090.4, 273.4), p(1090.6, 273.3), p(1090.7, 273.2), p(1090.9, 273.1), p(1091.0, 273.0), p(1091.1, 272.8), p(1091.3, 272.7), p(1091.4, 272.6), p(1091.5, 272.5), p(1091.6, 272.3), p(1091.7, 272.2), p(1091.9, 272.0), p(1092.0, 271.9), p(1092.1, 271.8), p(1092.3, 271.7), p(1092.4, 271.5), p(1092.5, 271.4), p(1092.7, 271.3), p(1092.8, 271.1), p(1092.9, 271.0), p(1093.1, 270.8), p(1093.2, 270.7), p(1093.4, 270.6), p(1093.5, 270.5), p(1093.7, 270.3), p(1093.8, 270.2), p(1094.0, 270.1), p(1094.1, 270.0), p(1094.3, 269.9), p(1094.5, 269.8), p(1094.6, 269.7), p(1094.8, 269.5), p(1095.0, 269.5), p(1095.2, 269.4), p(1095.4, 269.4), p(1095.6, 269.4), p(1095.8, 269.5), p(1096.0, 269.6), p(1096.2, 269.7), p(1096.4, 269.8), p(1096.5, 269.9), p(1096.7, 270.0), p(1096.9, 270.2), p(1097.0, 270.3), p(1097.2, 270.5), p(1097.3, 270.6), p(1097.5, 270.8), p(1097.6, 271.0), p(1097.7, 271.1), p(1097.9, 271.3), p(1098.0, 271.5), p(1098.2, 271.7), p(1098.3, 271.8), p(1098.4, 272.0), p(1098.5, 272.2), p(1098.6, 272.4), p(1098.7, 272.6), p(1098.8, 272.8), p(1098.9, 273.0), p(1099.0, 273.2), p(1099.1, 273.5), p(1099.2, 273.7), p(1099.3, 273.9), p(1099.3, 274.1), p(1099.4, 274.3), p(1099.4, 274.5), p(1099.4, 274.8), p(1099.5, 275.0), p(1099.5, 275.3), p(1099.4, 275.5), p(1099.4, 275.7), p(1099.3, 275.9), p(1099.2, 276.1), p(1099.1, 276.3), p(1099.0, 276.5), p(1098.9, 276.7), p(1098.8, 276.9), p(1098.7, 277.1), p(1098.5, 277.3), p(1098.4, 277.5), p(1098.2, 277.6), p(1098.1, 277.8), p(1097.9, 278.0), p(1097.8, 278.2), p(1097.6, 278.4), p(1097.5, 278.5), p(1097.3, 278.7), p(1097.2, 278.8), p(1097.0, 279.0), p(1096.9, 279.1), p(1096.7, 279.3), p(1096.5, 279.4), p(1096.4, 279.6), p(1096.2, 279.8), p(1096.0, 279.9), p(1095.9, 280.0), p(1095.7, 280.2), p(1095.6, 280.3), p(1095.4, 280.5), p(1095.2, 280.6), p(1095.1, 280.7), p(1094.9, 280.9), p(1094.7, 281.0), p(1094.6, 281.1), p(1094.4, 281.2), p(1094.2, 281.3), p(1094.1, 281.5), p(1093.9, 281.6), p(1093.8, 281.7), p(1093.6, 281.8), p(1093.4, 281.9), p(1093.2, 282.0), p(1093.1, 282.1), p(1092.9, 282.2), p(1092.7, 282.3), p(1092.6, 282.4), p(1092.4, 282.5), p(1092.2, 282.6), p(1092.1, 282.7), p(1091.9, 282.7), p(1091.7, 282.8), p(1091.5, 282.9), p(1091.3, 282.9), p(1091.2, 282.9), p(1091.0, 282.9), p(1090.8, 282.8), p(1090.6, 282.8), p(1090.4, 282.8), p(1090.2, 282.7), p(1090.1, 282.6), p(1089.9, 282.5), p(1089.8, 282.4), p(1089.6, 282.4), p(1089.5, 282.3), p(1089.3, 282.2), p(1089.2, 282.0), p(1089.0, 281.9), p(1088.9, 281.8), p(1088.7, 281.7), p(1088.6, 281.6), p(1088.4, 281.5), p(1088.3, 281.5), p(1088.1, 281.3), p(1088.0, 281.2), p(1087.8, 281.2), p(1087.7, 281.1), p(1087.5, 281.0)]
        let s28 = [p(1120.9, 272.0), p(1120.6, 271.9), p(1120.3, 271.8), p(1120.1, 271.6), p(1119.7, 271.5), p(1119.5, 271.3), p(1119.2, 271.2), p(1119.0, 271.0), p(1118.8, 270.8), p(1118.5, 270.6), p(1118.3, 270.6), p(1118.0, 270.4), p(1117.8, 270.2), p(1117.6, 270.1), p(1117.3, 270.0), p(1117.1, 269.9), p(1116.8, 269.8), p(1116.6, 269.7), p(1116.3, 269.6), p(1116.0, 269.5), p(1115.8, 269.5), p(1115.5, 269.4), p(1115.4, 269.5), p(1115.1, 269.5), p(1114.8, 269.6), p(1114.6, 269.7), p(1114.3, 269.8), p(1114.1, 269.9), p(1113.9, 270.0), p(1113.6, 270.0), p(1113.4, 270.2), p(1113.2, 270.3), p(1113.0, 270.5), p(1112.7, 270.6), p(1112.5, 270.7), p(1112.3, 270.9), p(1112.0, 271.1), p(1111.8, 271.2), p(1111.6, 271.3), p(1111.4, 271.6), p(1111.1, 271.8), p(1110.9, 271.9), p(1110.7, 272.1), p(1110.5, 272.4), p(1110.3, 272.5), p(1110.0, 272.8), p(1109.9, 273.0), p(1109.6, 273.2), p(1109.4, 273.5), p(1109.3, 273.7), p(1109.0, 274.0), p(1108.8, 274.3), p(1108.7, 274.6), p(1108.6, 274.9), p(1108.6, 275.3), p(1108.6, 275.7), p(1108.6, 276.1), p(1108.7, 276.4), p(1108.8, 276.7), p(1108.9, 277.1), p(1109.2, 277.4), p(1109.3, 277.9), p(1109.5, 278.2), p(1109.8, 278.5), p(1110.0, 278.9), p(1110.3, 279.2), p(1110.5, 279.5), p(1110.8, 279.8), p(1111.1, 280.2), p(1111.4, 280.5), p(1111.7, 280.9), p(1112.0, 281.2), p(1112.3, 281.5), p(1112.6, 281.9), p(1113.0, 282.2), p(1113.3, 282.6), p(1113.6, 282.8), p(1114.1, 283.1), p(1114.5, 283.3), p(1114.9, 283.5), p(1115.4, 283.8), p(1115.8, 284.0), p(1116.2, 284.2), p(1116.6, 284.5), p(1117.1, 284.7), p(1117.5, 285.0), p(1117.9, 285.3), p(1118.3, 285.7), p(1118.5, 286.1), p(1118.5, 286.5), p(1118.4, 287.0), p(1118.3, 287.6), p(1118.1, 288.0), p(1117.8, 288.4), p(1117.6, 288.8), p(1117.3, 289.3), p(1117.0, 289.6), p(1116.7, 290.0), p(1116.4, 290.4), p(1116.0, 290.7), p(1115.7, 291.2), p(1115.4, 291.4), p(1115.0, 291.8), p(1114.6, 292.0), p(1114.2, 292.3), p(1113.8, 292.5), p(1113.4, 292.7), p(1113.0, 292.8), p(1112.4, 292.8), p(1112.0, 292.7), p(1111.6, 292.5), p(1111.2, 292.3), p(1110.8, 292.1), p(1110.5, 291.8), p(1110.1, 291.6), p(1109.9, 291.2), p(1109.5, 291.0), p(1109.2, 290.7), p(1108.9, 290.5), p(1108.6, 290.1), p(1108.3, 289.9), p(1108.1, 289.6), p(1107.8, 289.4), p(1107.5, 289.1), p(1107.2, 288.8), p(1106.9, 288.6), p(1106.7, 288.3), p(1106.4, 288.1), p(1106.2, 287.9), p(1105.9, 287.6), p(1105.7, 287.5), p(1105.4, 287.2)]
        let loop = editor.perform(.stroke(s23), with: interpreter)
        #expect(editor.document.transitions.last.map { [$0.from, $0.to] } == [3, 3], "\(loop)")
        let head = editor.perform(.stroke(s24), with: interpreter)
        #expect(head.contains("its head"), "\(head)")
        #expect(editor.document.pending.word == nil && editor.document.transitions.last?.symbols == [], "\(head)")
        for stroke in [s25, s26, s27, s28] { editor.perform(.stroke(stroke), with: interpreter) }
        #expect(editor.document.transitions.last?.symbols == [.epsilon])
    }
}

/// A second loop on a state that has its self-loop, which the model does not see as a loop,
/// is the label written by the first.
@Suite struct SecondLoopIsWritingTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }

    @Test func anEWrittenByASelfLoopIsNoSecondLoop() throws {
        // `automata bench drawings --handwriting --seed 6`, drawing 74: a self-loop on t, then
        // its label "eps", whose e hangs on t's rim: it was a second self-loop, and the label "ps".
        let start = AutomatonDocument().applying([.addState(center: p(233.4, 237.4), radius: 34.1),
                                                  .addState(center: p(500.7, 231), radius: 29.7),
                                                  .addState(center: p(359.3, 491.5), radius: 51)])
        let loop = [p(526.0, 219.0), p(527.1, 220.6), p(528.3, 222.0), p(529.6, 223.0), p(530.8, 223.8), p(532.2, 224.4), p(533.5, 224.7), p(534.9, 225.1), p(536.3, 225.1), p(537.8, 225.0), p(539.5, 224.7), p(541.1, 224.1), p(542.9, 223.2), p(544.7, 221.9), p(546.4, 220.2), p(547.8, 218.1), p(548.7, 215.5), p(549.1, 212.7), p(548.6, 209.8), p(547.3, 207.0), p(545.1, 204.6), p(542.2, 203.0), p(538.8, 202.3), p(535.3, 202.6), p(532.0, 203.9), p(529.2, 206.0), p(527.2, 208.5), p(526.0, 211.3), p(525.6, 214.1), p(525.9, 216.6), p(526.7, 218.8), p(527.8, 220.6), p(526.9, 220.4), p(525.0, 219.5), p(524.4, 219.1), p(526.3, 220.1), p(528.3, 221.0), p(527.6, 217.6), p(527.0, 215.2)]
        let e = [p(523.1, 204.6), p(524.5, 204.4), p(525.9, 204.2), p(527.3, 204.1), p(528.7, 204.0), p(530.0, 203.9), p(531.3, 203.7), p(532.6, 203.6), p(533.8, 203.5), p(535.0, 203.3), p(536.1, 203.1), p(537.2, 203.0), p(538.2, 202.7), p(539.1, 202.4), p(539.9, 202.0), p(540.4, 201.3), p(540.3, 200.5), p(539.9, 199.8), p(539.4, 199.2), p(538.9, 198.7), p(538.4, 198.2), p(538.0, 197.7), p(537.7, 197.3), p(537.3, 196.8), p(537.1, 196.4), p(536.8, 196.0), p(536.6, 195.6), p(536.4, 195.2), p(536.2, 194.9), p(536.0, 194.6), p(535.8, 194.3), p(535.6, 194.0), p(535.5, 193.8), p(535.3, 193.5), p(535.1, 193.3), p(534.9, 193.1), p(534.8, 192.8), p(534.5, 192.7), p(534.4, 192.4), p(534.1, 192.3), p(533.8, 192.2), p(533.5, 192.1), p(533.2, 192.0), p(532.8, 192.1), p(532.4, 192.2), p(532.0, 192.4), p(531.6, 192.7), p(531.2, 192.9), p(530.8, 193.3), p(530.4, 193.6), p(530.0, 194.1), p(529.5, 194.5), p(529.0, 195.0), p(528.5, 195.6), p(528.0, 196.2), p(527.5, 196.8), p(526.9, 197.5), p(526.3, 198.2), p(525.8, 199.0), p(525.2, 199.8), p(524.6, 200.7), p(524.0, 201.6), p(523.5, 202.6), p(522.9, 203.7), p(522.5, 204.9), p(522.3, 206.1), p(522.2, 207.5), p(522.2, 208.8), p(522.3, 210.2), p(522.5, 211.6), p(522.8, 213.0), p(523.2, 214.4), p(523.8, 215.8), p(524.5, 217.1), p(525.6, 218.0), p(527.1, 218.2), p(528.6, 217.9), p(530.1, 217.3), p(531.5, 216.7), p(532.9, 216.0), p(534.2, 215.4), p(535.6, 214.6), p(537.0, 214.0), p(538.3, 213.3), p(539.2, 212.2), p(539.2, 212.2)]
        // At the model's stored threshold, as the editor loads it: the e is an unsure cycle.
        let shapes = try EditorClassifier.load(ShippedModel.url)
        var ink = Editor(document: start)
        ink.perform(.stroke(loop), with: StrokeInterpreter(classifier: shapes))
        let second = ink.perform(.stroke(e), with: StrokeInterpreter(classifier: shapes))
        #expect(ink.document.transitions.count == 1, "\(second)")
        var written = Editor(document: start)
        for stroke in [loop, e, [p(559.3, 192.0), p(558.7, 193.7), p(557.8, 195.8), p(556.8, 198.3), p(555.8, 201.0), p(554.6, 203.7), p(553.5, 206.4), p(552.5, 208.8), p(551.7, 210.8), p(551.0, 212.4), p(550.6, 213.6), p(550.1, 214.5), p(549.8, 215.4), p(549.4, 216.3), p(549.1, 217.4), p(549.2, 217.6), p(549.7, 215.8), p(550.2, 214.0), p(550.8, 212.2), p(551.4, 210.4), p(551.9, 208.6), p(552.4, 206.8), p(553.0, 205.0), p(553.6, 203.2), p(554.2, 201.5), p(555.0, 199.7), p(555.9, 198.0), p(557.1, 196.5), p(558.6, 195.3), p(560.1, 194.0), p(561.8, 193.2), p(563.7, 192.5), p(565.6, 192.1), p(567.5, 192.2), p(569.3, 193.0), p(570.6, 194.4), p(571.4, 196.1), p(571.9, 198.0), p(571.4, 199.8), p(570.4, 201.5), p(569.2, 203.0), p(567.9, 204.5), p(566.5, 205.9), p(565.0, 207.2), p(563.5, 208.3), p(561.8, 209.2), p(559.8, 209.4), p(558.0, 208.7), p(556.4, 207.7), p(554.9, 206.5), p(553.2, 205.7), p(552.9, 205.5)], [p(604.1, 197.4), p(602.4, 196.9), p(600.8, 196.5), p(599.0, 195.9), p(597.2, 195.5), p(595.2, 195.4), p(593.2, 195.4), p(591.1, 195.7), p(589.0, 196.0), p(587.2, 197.0), p(587.1, 199.1), p(588.0, 201.2), p(589.0, 203.1), p(590.3, 204.8), p(591.8, 206.3), p(593.6, 207.6), p(595.2, 208.9), p(596.5, 210.3), p(595.8, 211.8), p(594.1, 212.7), p(592.5, 213.3), p(590.9, 213.9), p(589.3, 214.2), p(587.6, 214.6), p(586.1, 214.7), p(584.6, 214.7), p(583.2, 214.4), p(581.9, 213.5), p(580.8, 212.5), p(579.7, 211.3), p(578.7, 210.2), p(577.9, 209.4)]] { written.perform(.stroke(stroke), with: StrokeInterpreter(classifier: shapes, symbols: Handwriting.symbols)) }
        #expect(written.document.transitions.map(\.symbols) == [[.epsilon]])
    }
}

/// The other ways a head's ink reads as a letter: drawn after the shaft at its tip, or as a
/// V drawn first just off the state it points into.
@Suite struct HeadReadAsLetterTests {
    private func p(_ x: Double, _ y: Double) -> CanvasPoint { CanvasPoint(x: x, y: y) }
    private let interpreter = Handwriting.interpreter

    @Test func aLetterSizedMarkAtTheTipInsideTheStateIsNoName() throws {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        editor.perform(.stroke(HandDrawn.arrow(from: p(142, 200), to: p(266, 200), head: false)), with: interpreter)
        // Taller than a head's second barb (`tipMark`), but where the arrow meets q1.
        let mark = (0...12).map { p(268, 188 + Double($0) * 2) }
        let reading = editor.perform(.stroke(mark), with: interpreter)
        #expect(editor.document.states.map(\.name) == ["q0", "q1"], "\(reading)")
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(reading)")
    }

    @Test func aTallOneWithItsFlagBesideAnArrowIsItsLabelNotAHead() throws {
        // `automata bench drawings --handwriting --seed 7`, drawing 21: the label 1 of q1 → q2,
        // written in one stroke with its flag (a V), 29 points tall beside states of typical
        // radius 38. Over three quarters of that, it was no letter, so it waited as a head.
        let states = [(p(284, 254), 45.0), (p(276, 505), 52.0), (p(236, 753), 38.0), (p(242, 988), 38.0), (p(238, 1241), 36.0)]
        var editor = Editor(document: AutomatonDocument().applying(states.map { .addState(center: $0.0, radius: $0.1) }
            + [.addTransition(from: 1, to: 2, start: p(269, 550), end: p(243, 716), head: .drawn)]))
        let one = editor.perform(.stroke([p(275.9, 626.7), p(276.7, 626.4), p(278.4, 625.7), p(281.2, 624.5), p(284.0, 623.3), p(285.4, 622.7), p(284.6, 625.3), p(283.9, 628.0), p(283.1, 630.9), p(282.3, 633.7), p(281.6, 636.2), p(280.9, 638.4), p(280.3, 640.2), p(279.9, 641.7), p(279.6, 642.9), p(279.2, 643.9), p(278.9, 644.9), p(278.7, 646.0), p(278.3, 647.4), p(277.8, 649.2), p(277.2, 651.2), p(277.0, 651.8)]), with: interpreter)
        #expect(!one.contains("a head on its own"), "\(one)")
        #expect(editor.document.transitions.map(\.symbols) == [[.text("1")]], "\(one)")
        #expect(editor.document.pending.heads.isEmpty)
    }

    @Test func aVDrawnFirstJustOffItsStateDirectsTheShaftThatComesToIt() throws {
        var editor = HandDrawn.editor(withStatesAt: [p(100, 200), p(300, 200)])
        let v = [p(221, 190), p(228, 195), p(235, 200), p(228, 205), p(221, 210)]
        let first = editor.perform(.stroke(v), with: interpreter)
        #expect(first.contains("waits"), "25 points off q1, it reads as a letter: \(first)")
        let shaft = editor.perform(.stroke(HandDrawn.arrow(from: p(142, 200), to: p(234, 200), head: false)), with: interpreter)
        #expect(editor.document.transitions.map { [$0.from, $0.to] } == [[0, 1]], "\(first) / \(shaft)")
        #expect(editor.document.transitions.first?.head == .drawn, "\(first) / \(shaft)")
        #expect(editor.document.pending.texts.isEmpty && editor.document.words.isEmpty, "\(first) / \(shaft)")
    }
}
