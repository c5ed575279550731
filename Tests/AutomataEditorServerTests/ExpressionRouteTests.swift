import AutomataEditorCore
import Foundation
import Testing
@testable import AutomataEditorServer

/// Regular expressions through the API: a document's language as an expression, and a new
/// document from a typed one.
@Suite struct ExpressionRouteTests {
    @Test func aDocumentsLanguageAsAnExpression() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            _ = try await client.send(.put, "/api/documents/two", body: try DocumentRouteTests.fileJSON(DocumentRouteTests.twoStates))
            let answer = try await client.send(.get, "/api/documents/two/expression")
            #expect(answer.status == .ok && answer.json["expression"] as? String == "a", "\(answer.text)")
            let missing = try await client.send(.get, "/api/documents/nothing-here/expression")
            #expect(missing.status == .notFound)
        }
    }

    @Test func aTypedExpressionBecomesADocument() async throws {
        let harness = try ServerHarness()
        try await harness.run { client in
            let made = try await client.send(.post, "/api/expressions", json: ["expression": "(ab)*|c"])
            #expect(made.status == .ok, "\(made.text)")
            #expect(made.json["message"] as? String == "(ab)*+c: ε-NFA of 9 states, opened as expression")
            let document = try AutomatonFile.read(from: harness.file("expression"))
            #expect(document.automaton.isEquivalent(to: try RegularExpression(parsing: "c+(ab)*").automaton))
            let minimal = try await client.send(.post, "/api/expressions", json: ["expression": "(ab)*|c", "minimal": true])
            #expect(minimal.json["name"] as? String == "expression-2" && (minimal.json["message"] as? String)?.contains("minimal DFA of 5 states") == true,
                    "\(minimal.text)")

            let malformed = try await client.send(.post, "/api/expressions", json: ["expression": "(a+"])
            #expect(malformed.status == .unprocessableContent)
            #expect(malformed.error == "\"(a+\" is a malformed regular expression: an operand is missing at the end")
            let notABool = try await client.send(.post, "/api/expressions", json: ["expression": "a", "minimal": 1])
            #expect(notABool.status == .badRequest && notABool.error == "\"minimal\" is not true or false", "\(notABool.text)")
            let stray = try await client.send(.post, "/api/expressions", json: ["regex": "a"])
            #expect(stray.status == .badRequest)
            // Nothing was made by the refusals.
            #expect(!FileManager.default.fileExists(atPath: harness.file("expression-3").path))
        }
    }
}
