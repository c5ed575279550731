import AutomataEditorCore
import Foundation
import Testing
@testable import AutomataEditorServer

/// `GET /api/vocabulary`: the core's and the server's rules, as the page builds from them.
@Suite struct VocabularyRouteTests {
    @Test func theVocabularyListsTheCoresOperationsAndClassesAndTheServersRules() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let answer = try await client.send(.get, "/api/vocabulary")
            #expect(answer.status == .ok)
            let operations = try #require(answer.json["operations"] as? [[String: Any]])
            #expect(operations.map { $0["name"] as? String } == AutomatonOperation.allCases.map(\.rawValue))
            #expect(operations.contains { $0["name"] as? String == "reverse" && $0["takesSecond"] as? Bool == false })
            #expect(operations.filter { $0["takesSecond"] as? Bool == true }.map { $0["name"] as? String } == ["union", "intersection", "equivalence"])
            #expect(operations.first?["title"] as? String == "Determinise")
            #expect(answer.json["shapeClasses"] as? [String] == ["circle", "arrow", "cycle"])
            // Teach's buttons: the shapes in a student's words (never "cycle"), then the rest.
            let teach = try #require(answer.json["teachClasses"] as? [[String: String]])
            #expect(teach.map { $0["name"] } == ["circle", "arrow", "cycle", "nothing", "part", "writing"])
            #expect(teach.map { $0["title"] } == ["state", "transition", "self-loop", "nothing", "part of the last element", "writing"])
            #expect(answer.json["uploadLimit"] as? Int == 1 << 20)
            let words = try #require(answer.json["words"] as? [String: Any])
            #expect(words["separator"] as? String == ",")
            #expect(words["empty"] as? [String] == ["", "ε"])
        }
    }

    /// The page checks names with the pattern it is sent: the pattern must say what the
    /// server says, name by name.
    @Test(arguments: ["q0", "even-ones_2", String(repeating: "a", count: 64), "", String(repeating: "a", count: 65),
                      "a b", "é", "a/b", "ab.jff"])
    func theNamePatternAgreesWithTheServersCheck(name: String) async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let answer = try await client.send(.get, "/api/vocabulary")
            let rule = try #require(answer.json["documentName"] as? [String: Any])
            let pattern = try #require(rule["pattern"] as? String)
            let byPattern = name.range(of: pattern, options: .regularExpression) != nil
            let byServer = (try? DocumentName(name)) != nil
            #expect(byPattern == byServer, "\(name): pattern \(byPattern), server \(byServer)")
        }
    }
}
