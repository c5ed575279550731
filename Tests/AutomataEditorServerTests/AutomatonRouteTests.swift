import AutomataEditorCore
import Foundation
import Testing
@testable import AutomataEditorServer

/// Running words, opening the algorithms' results as new, laid-out documents, and the
/// equivalence check's verdict (no document).
@Suite struct AutomatonRouteTests {
    /// Words over {a, b} with an even number of a: q0 (initial, final) ⇄ q1 on a, loops on b.
    static let evenA = AutomatonDocument(states: [
        .init(id: 0, name: "q0", center: CanvasPoint(x: 100, y: 100), radius: 30, isInitial: true, isFinal: true),
        .init(id: 5, name: "q1", center: CanvasPoint(x: 300, y: 100), radius: 30),
    ], transitions: [
        .init(id: 1, from: 0, to: 5, start: CanvasPoint(x: 130, y: 95), end: CanvasPoint(x: 270, y: 95), symbols: [.text("a")]),
        .init(id: 2, from: 5, to: 0, start: CanvasPoint(x: 270, y: 105), end: CanvasPoint(x: 130, y: 105), symbols: [.text("a")]),
        .init(id: 3, from: 0, to: 0, start: CanvasPoint(x: 100, y: 70), end: CanvasPoint(x: 100, y: 40), symbols: [.text("b")]),
        .init(id: 4, from: 5, to: 5, start: CanvasPoint(x: 300, y: 70), end: CanvasPoint(x: 300, y: 40), symbols: [.text("b")]),
    ], nextID: 6)

    static func put(_ document: AutomatonDocument, as name: String, _ client: Client) async throws {
        let answer = try await client.send(.put, "/api/documents/\(name)", body: Data(try AutomatonFile.contents(of: document)))
        #expect(answer.status == .created)
    }

    @Test func aRunAnswersWithTheTraceInDocumentIDs() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await Self.put(Self.evenA, as: "even", client)
            let accepted = try await client.send(.post, "/api/documents/even/run", json: ["word": "aba"])
            #expect(accepted.json["accepted"] as? Bool == true)
            let trace = try #require(accepted.json["trace"] as? [[String: Any]])
            #expect(trace.map { $0["states"] as? [Int] } == [[0], [5], [5], [0]])
            #expect(trace.map { $0["symbol"] as? String } == [nil, "a", "b", "a"])
            #expect(trace[0]["symbol"] is NSNull, "the first step's symbol is null, not left out")
            #expect(trace.last?["stateNames"] as? [String] == ["q0"])

            let rejected = try await client.send(.post, "/api/documents/even/run", json: ["word": "ab"])
            #expect(rejected.json["accepted"] as? Bool == false)
            let empty = try await client.send(.post, "/api/documents/even/run", json: ["word": "ε"])
            #expect(empty.json["accepted"] as? Bool == true)
        }
    }

    /// Each result is a new document whose automaton is what the core computes, with every
    /// state placed apart from the others.
    @Test(arguments: ["determinise", "minimize", "complement", "reverse", "union", "intersection"])
    func anAlgorithmOpensItsResultAsANewDocument(operation: String) async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await Self.put(Self.evenA, as: "even", client)
            var endsInB = Self.evenA
            endsInB.transitions = [
                .init(id: 1, from: 0, to: 0, start: CanvasPoint(x: 100, y: 70), end: CanvasPoint(x: 100, y: 40), symbols: [.text("a"), .text("b")]),
                .init(id: 2, from: 0, to: 5, start: CanvasPoint(x: 130, y: 100), end: CanvasPoint(x: 270, y: 100), symbols: [.text("b")]),
            ]
            endsInB.states[0].isFinal = false
            endsInB.states[1].isFinal = true
            try await Self.put(endsInB, as: "endsb", client)

            let answer = try await client.send(.post, "/api/documents/even/algorithms", json: ["operation": operation, "with": "endsb"])
            #expect(answer.status == .ok, "\(answer.text)")
            let name = try #require(answer.json["name"] as? String)
            let saved = try AutomatonFile.read(from: harness.file(name))
            let a = Self.evenA.automaton, b = endsInB.automaton
            let expected = switch operation {
            case "determinise": a.determinized()
            case "minimize": a.minimized()
            case "complement": a.complemented()
            case "reverse": a.reversed()
            case "union": a.union(b)
            default: a.intersection(b)
            }
            #expect(saved.automaton.isEquivalent(to: expected))
            #expect(saved.states.count == expected.stateCount)
            for (i, s) in saved.states.enumerated() {
                for t in saved.states[(i + 1)...] { #expect(s.center.distance(to: t.center) > s.radius + t.radius) }
            }
            #expect(DocumentCheck.problems(in: saved).allSatisfy { $0.kind != .danglingTransition })
            // A second time, a second name.
            let again = try await client.send(.post, "/api/documents/even/algorithms", json: ["operation": operation, "with": "endsb"])
            #expect(again.json["name"] as? String == name + "-2")
            // The result remembers what it was made of.
            let takesSecond = ["union", "intersection"].contains(operation)
            #expect(saved.origin == .init(source: "even", operation: AutomatonOperation(named: operation)!.rawValue,
                                          other: takesSecond ? "endsb" : nil))
        }
    }

    /// The documents list says where each result came from, so the page can group it under its source.
    @Test func theListGivesAResultsOrigin() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await Self.put(Self.evenA, as: "even", client)
            let made = try await client.send(.post, "/api/documents/even/algorithms", json: ["operation": "minimise"])
            #expect(made.json["name"] as? String == "even-min")
            #expect(try AutomatonFile.read(from: harness.file("even-min")).origin == .init(source: "even", operation: "minimise"))
            let view = try #require(made.json["view"] as? [String: Any])
            #expect(((view["file"] as? [String: Any])?["document"] as? [String: Any])?["origin"] != nil, "the view carries it too")
            let list = try #require(try await client.get("/api/documents").json["documents"] as? [[String: Any]])
            let byName = Dictionary(uniqueKeysWithValues: list.map { ($0["name"] as? String ?? "", $0) })
            #expect(byName["even-min"]?["origin"] as? [String: String] == ["source": "even", "operation": "minimise"])
            #expect(byName["even"]?["origin"] == nil, "a drawn document has none")
        }
    }

    /// A file written before origins were kept reads, lists and is written as before.
    @Test func anOlderFileWithoutAnOriginStillReads() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let older = try AutomatonFile.contents(of: Self.evenA)
            #expect(!String(decoding: older, as: UTF8.self).contains("origin"))
            try Data(older).write(to: harness.file("older"))
            let view = try await client.get("/api/documents/older/view")
            #expect(view.status == .ok && view.document == Self.evenA)
            let list = try #require(try await client.get("/api/documents").json["documents"] as? [[String: Any]])
            #expect(list.count == 1 && list[0]["origin"] == nil && list[0]["states"] as? Int == 2)
            // Written again (its test words kept), still without one.
            let kept = try await client.send(.put, "/api/documents/older/tests", json: ["tests": "aa accept\n"])
            #expect(kept.status == .ok)
            #expect(!String(decoding: try Data(contentsOf: harness.file("older")), as: UTF8.self).contains("origin"))
        }
    }

    /// Equivalence answers with its verdict alone: the shortest word they differ on and who
    /// accepts it, or that they are equivalent; it makes no document.
    @Test func equivalenceAnswersWithTheVerdictAndMakesNoDocument() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            try await Self.put(Self.evenA, as: "even", client)
            var swapped = Self.evenA
            swapped.states[0].isFinal = false
            swapped.states[1].isFinal = true
            try await Self.put(swapped, as: "odd", client)
            let differ = try await client.send(.post, "/api/documents/even/algorithms", json: ["operation": "equivalence", "with": "odd"])
            #expect(differ.status == .ok, "\(differ.text)")
            #expect(differ.json["equivalent"] as? Bool == false)
            #expect(differ.json["counterexample"] as? String == "ε")
            #expect(differ.json["acceptedBy"] as? String == "even")
            #expect(differ.json["message"] as? String == "not equivalent: they differ on ε: even accepts it, odd does not")
            #expect(differ.json["name"] == nil && differ.json["view"] == nil)
            // Feedback for "even" against "odd": the other way round, the share, the one-change hint.
            #expect(differ.json["onlyFirst"] as? String == "ε" && differ.json["onlySecond"] != nil, "\(differ.text)")
            #expect(differ.json["share"] as? Double == 0)
            #expect(differ.json["hint"] == nil, "two marks differ: no single change")

            try await Self.put(Self.evenA, as: "copy", client)
            let same = try await client.send(.post, "/api/documents/even/algorithms", json: ["operation": "equivalence", "with": "copy"])
            #expect(same.json["equivalent"] as? Bool == true)
            #expect(same.json["message"] as? String == "equivalent")
            #expect(same.json["counterexample"] == nil && same.json["acceptedBy"] == nil && same.json["share"] == nil)
            let files = try FileManager.default.contentsOfDirectory(atPath: harness.documents.path).sorted()
            #expect(files == ["copy.automaton", "even.automaton", "odd.automaton"])
        }
    }

    /// The subset construction of "the 14th symbol from the end is a" has 2¹⁴ states: refused
    /// before it is made, and nothing is written.
    @Test func aConstructionBeyondTheBudgetIsRefused() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let n = 14
            let states = (0...n).map { i in
                AutomatonDocument.State(id: i, name: "q\(i)", center: CanvasPoint(x: Double(i) * 100, y: 100), radius: 30,
                                        isInitial: i == 0, isFinal: i == n)
            }
            var transitions = [AutomatonDocument.Transition(id: 100, from: 0, to: 0, start: CanvasPoint(x: 0, y: 70),
                                                            end: CanvasPoint(x: 0, y: 40), symbols: [.text("a"), .text("b")])]
            for i in 0..<n {
                transitions.append(.init(id: 101 + i, from: i, to: i + 1, start: CanvasPoint(x: Double(i) * 100 + 30, y: 100),
                                         end: CanvasPoint(x: Double(i) * 100 + 70, y: 100),
                                         symbols: i == 0 ? [.text("a")] : [.text("a"), .text("b")]))
            }
            try await Self.put(AutomatonDocument(states: states, transitions: transitions, nextID: 200), as: "late", client)
            let answer = try await client.send(.post, "/api/documents/late/algorithms", json: ["operation": "determinise"])
            #expect(answer.status == .unprocessableContent)
            #expect(answer.error == "determinise: \"late\" would determinise to more than 4096 states")
            #expect(try FileManager.default.contentsOfDirectory(atPath: harness.documents.path) == ["late.automaton"])
        }
    }
}
