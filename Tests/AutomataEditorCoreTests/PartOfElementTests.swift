import Foundation
import Testing
@testable import AutomataEditorCore

/// Teach's "part of the last element": a second ring makes its state final, a head drawn
/// apart directs its transition, anything else changes nothing.
@Suite struct PartOfElementTests {
    static let document = AutomatonDocument(states: [
        .init(id: 0, name: "q0", center: CanvasPoint(x: 100, y: 100), radius: 30, isInitial: true),
        .init(id: 1, name: "q1", center: CanvasPoint(x: 300, y: 100), radius: 30, isFinal: true),
    ], transitions: [
        .init(id: 2, from: 0, to: 1, start: CanvasPoint(x: 130, y: 100), end: CanvasPoint(x: 270, y: 100), symbols: [.text("a")], head: .awaited),
    ], nextID: 3)

    static func ring(round centre: CanvasPoint, radius: Double) -> [CanvasPoint] {
        (0...40).map { i in
            let angle = 2 * Double.pi * Double(i) / 40 * 1.05
            return CanvasPoint(x: centre.x + radius * cos(angle), y: centre.y + radius * sin(angle))
        }
    }

    /// A "V" whose point is at `apex`, opening towards +x or −x.
    static func vee(at apex: CanvasPoint, openingTo sign: Double) -> [CanvasPoint] {
        let leg = 16.0
        let top = (0...8).map { CanvasPoint(x: apex.x + sign * leg * Double(8 - $0) / 8 * 0.8, y: apex.y - leg * Double(8 - $0) / 8 * 0.6) }
        let bottom = (1...8).map { CanvasPoint(x: apex.x + sign * leg * Double($0) / 8 * 0.8, y: apex.y + leg * Double($0) / 8 * 0.6) }
        return top + bottom
    }

    @Test func aSecondRingMakesItsStateFinal() {
        let reading = RecognitionRules().completingElement(with: Self.ring(round: CanvasPoint(x: 102, y: 99), radius: 36), in: Self.document)
        #expect(reading.actions == [.toggleFinal(id: 0)], "\(reading)")
        #expect(reading.message == "a second ring round q0: q0 final")
        let again = RecognitionRules().completingElement(with: Self.ring(round: CanvasPoint(x: 300, y: 100), radius: 36), in: Self.document)
        #expect(again.actions.isEmpty && again.message.contains("already final"), "q1 stays final: \(again)")
    }

    @Test func aHeadAtTheStartTurnsTheTransitionRound() {
        // The shaft was drawn from q0 to q1, the head at q0's side: the arrow runs q1 → q0.
        let reading = RecognitionRules().completingElement(with: Self.vee(at: CanvasPoint(x: 132, y: 100), openingTo: 1), in: Self.document)
        let after = Self.document.applying(reading.actions)
        let turned = after.transitions.first
        #expect(turned?.from == 1 && turned?.to == 0 && turned?.head == .drawn, "\(reading)")
    }

    @Test func aHeadAtTheTipDirectsItAsDrawn() {
        let reading = RecognitionRules().completingElement(with: Self.vee(at: CanvasPoint(x: 268, y: 100), openingTo: -1), in: Self.document)
        #expect(reading.actions == [.setHead(transition: 2, head: .drawn)], "\(reading)")
    }

    @Test func aStrokeThatCompletesNothingChangesNothing() {
        let far = (0...20).map { CanvasPoint(x: 500 + Double($0) * 3, y: 400 + Double($0 % 2) * 20) }
        let reading = RecognitionRules().completingElement(with: far, in: Self.document)
        #expect(reading.actions.isEmpty && reading.message.hasSuffix("nothing changed"))
    }
}
