import Foundation
import AutomataEditorCore
import Hummingbird

/// What the drawn automaton does: running words, the algorithms that make new documents, and
/// the equivalence check, which answers with its verdict alone.
extension EditorServices {
    /// The longest word a run takes, in characters.
    static let wordLimit = 10_000

    func addAutomatonRoutes(to router: Router<some RequestContext>) {
        router.post("api/documents/:name/run") { request, context in
            let name = try Self.name(context)
            let text = try await RequestBody.object(of: request, allowed: ["word"]).string("word")
            guard text.count <= Self.wordLimit else {
                throw APIError.badRequest("\"word\" has \(text.count) characters; the most is \(Self.wordLimit)")
            }
            let editor = try await store.existingEditor(name)
            let states = editor.document.states
            // Every word gets a verdict, as in JFLAP: no initial state or a symbol no
            // transition reads is a rejection with a note, not a refused request.
            let outcome = editor.document.automaton.run(Word(typed: text))
            // The trace names automaton states by index; the page knows them by document id.
            let trace = outcome.trace.map { step in
                RunStep(symbol: step.symbol, states: step.states.map { states[$0].id }, stateNames: step.stateNames)
            }
            return JSONResponse.make(RunAnswer(word: outcome.word.description, accepted: outcome.accepted,
                                               verdict: outcome.verdict, note: outcome.reason?.description, trace: trace))
        }
        // Runs a test set on the document, keeping it with the document (as saving it does).
        router.post("api/documents/:name/tests") { request, context in
            let name = try Self.name(context)
            let text = try await Self.testSet(in: request)
            let tests: WordTestSet
            do throws(WordTestSetError) {
                tests = try WordTestSet(parsing: text, source: "the test set")
            } catch {
                throw APIError.badRequest(error.description)
            }
            let editor = try await store.update(name, creating: false) { $0.keepTestSet(text) }.editor
            return JSONResponse.make(TestsAnswer(WordTestReport(editor.document.automaton, on: tests)))
        }
        // Keeps a test set with the document as the student types it, unchecked (it may be half written).
        router.put("api/documents/:name/tests") { request, context in
            let name = try Self.name(context)
            let text = try await Self.testSet(in: request)
            _ = try await store.update(name, creating: false) { $0.keepTestSet(text) }
            return JSONResponse.make(["tests": text])
        }
        router.post("api/documents/:name/algorithms") { request, context in
            let name = try Self.name(context)
            let fields = try await RequestBody.object(of: request, allowed: ["operation", "with"])
            let text = try fields.string("operation")
            guard let operation = AutomatonOperation(named: text) else {
                throw APIError.badRequest("\"operation\" is \"\(text.prefix(40))\", not one of \(AutomatonOperation.names)")
            }
            let otherName = try fields.optionalString("with").map { text throws(APIError) in try DocumentName(text, as: "\"with\"") }
            let automaton = try await store.existingEditor(name).document.automaton
            var other: Automaton?
            if operation.takesSecond {
                guard let otherName else { throw APIError.badRequest("\(operation.rawValue) needs \"with\": another document's name") }
                other = try await store.existingEditor(otherName).document.automaton
            }
            let result: OperationOutcome
            do throws(OperationError) {
                result = try operation.apply(to: automaton, with: other, names: (name.text, otherName?.text))
            } catch {
                throw APIError.unprocessable(error.description)
            }
            // A verdict is an answer, not a document: equivalence makes none.
            if let comparison = result.comparison {
                // Feedback for the open document, the other taken as what it should accept.
                let feedback = comparison.isEquivalent ? nil : Feedback(for: automaton, against: other!)
                return JSONResponse.make(EquivalenceAnswer(comparison, names: (name.text, otherName?.text ?? ""), message: result.message,
                                                           feedback: feedback))
            }
            return JSONResponse.make(try await addResult(result, of: operation, on: name, with: otherName))
        }
    }

    /// Saves an operation's result as a new document, laid out, that remembers where it came from.
    private func addResult(_ result: OperationOutcome, of operation: AutomatonOperation, on name: DocumentName,
                           with otherName: DocumentName?) async throws -> AlgorithmAnswer {
        var document = AutomatonLayout.document(for: result.automaton)
        document.origin = .init(source: name.text, operation: operation.rawValue, other: operation.takesSecond ? otherName?.text : nil)
        let newName = try await store.add(document, namedAfter: operation.resultName(for: name.text, with: otherName?.text))
        return AlgorithmAnswer(message: "\(result.message): opened as \(newName)", name: newName.text,
                               view: DocumentView(name: newName, editor: Editor(document: document)))
    }
}

struct RunStep: Encodable, Sendable {
    /// Null for the first step (before any symbol is read).
    let symbol: String?
    /// Document ids of the current states.
    let states: [Int]
    let stateNames: [String]

    private enum CodingKeys: String, CodingKey { case symbol, states, stateNames }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(symbol, forKey: .symbol) // null, not left out
        try container.encode(states, forKey: .states)
        try container.encode(stateNames, forKey: .stateNames)
    }
}

struct RunAnswer: Encodable, Sendable {
    let word: String
    let accepted: Bool
    let verdict: String
    /// Why the word was rejected before the transitions could decide (`no transition reads 4`); null otherwise.
    let note: String?
    let trace: [RunStep]

    private enum CodingKeys: String, CodingKey { case word, accepted, verdict, note, trace }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(word, forKey: .word)
        try container.encode(accepted, forKey: .accepted)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(note, forKey: .note) // null, not left out
        try container.encode(trace, forKey: .trace)
    }
}

struct TestsAnswer: Encodable, Sendable {
    struct Row: Encodable, Sendable {
        let line: Int
        let word: String
        let expected: String
        let accepted: Bool
        let passed: Bool
        /// Why the word was rejected before the transitions could decide; null otherwise.
        let note: String?

        private enum CodingKeys: String, CodingKey { case line, word, expected, accepted, passed, note }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(line, forKey: .line)
            try container.encode(word, forKey: .word)
            try container.encode(expected, forKey: .expected)
            try container.encode(accepted, forKey: .accepted)
            try container.encode(passed, forKey: .passed)
            try container.encode(note, forKey: .note) // null, not left out
        }
    }

    let passed: Int
    let total: Int
    let summary: String
    let results: [Row]

    init(_ report: WordTestReport) {
        passed = report.passedCount
        total = report.results.count
        summary = report.summary
        results = report.results.map { result in
            Row(line: result.testCase.line, word: result.testCase.word.description,
                expected: result.testCase.expectsAcceptance ? "accept" : "reject", accepted: result.accepted, passed: result.passed,
                note: result.reason?.description)
        }
    }
}

/// An operation's result, saved as the new document `name`.
struct AlgorithmAnswer: Encodable, Sendable {
    let message: String
    let name: String
    let view: DocumentView
}

/// The equivalence check's verdict: whether both accept the same words; if not, the shortest
/// word they differ on (`ε` for the empty word) and the name of the document that accepts it.
/// When they differ, feedback for the open document against the other: the shortest word
/// only it accepts (`onlyFirst`) and only the other accepts (`onlySecond`), its share of the
/// words up to length 8 classified as the other does, and one change that would make it
/// equivalent (`hint`), when there is one.
struct EquivalenceAnswer: Encodable, Sendable {
    let equivalent: Bool
    let counterexample: String?
    let acceptedBy: String?
    let message: String
    let onlyFirst: String?
    let onlySecond: String?
    let share: Double?
    let hint: String?

    init(_ comparison: LanguageComparison, names: (first: String, second: String), message: String, feedback: Feedback? = nil) {
        equivalent = comparison.isEquivalent
        counterexample = comparison.distinguishingWord?.description
        acceptedBy = comparison.isEquivalent ? nil : (comparison.firstAccepts ? names.first : names.second)
        self.message = message
        onlyFirst = feedback?.wronglyAccepted?.description
        onlySecond = feedback?.wronglyRejected?.description
        share = feedback?.share
        hint = feedback?.hint?.description
    }

    private enum CodingKeys: String, CodingKey { case equivalent, counterexample, acceptedBy, message, onlyFirst, onlySecond, share, hint }

    // Absent rather than null when equivalent, as before.
    func encode(to encoder: any Encoder) throws {
        var values = encoder.container(keyedBy: CodingKeys.self)
        try values.encode(equivalent, forKey: .equivalent)
        try values.encodeIfPresent(counterexample, forKey: .counterexample)
        try values.encodeIfPresent(acceptedBy, forKey: .acceptedBy)
        try values.encode(message, forKey: .message)
        try values.encodeIfPresent(onlyFirst, forKey: .onlyFirst)
        try values.encodeIfPresent(onlySecond, forKey: .onlySecond)
        try values.encodeIfPresent(share, forKey: .share)
        try values.encodeIfPresent(hint, forKey: .hint)
    }
}

extension EditorServices {
    /// The `tests` text of a request, held to `InputLimits.testSet`.
    static func testSet(in request: Request) async throws -> String {
        let text = try await RequestBody.object(of: request, allowed: ["tests"]).string("tests")
        guard text.count <= InputLimits.testSet else {
            throw APIError.badRequest("\"tests\" has \(text.count) characters; the most is \(InputLimits.testSet)")
        }
        return text
    }
}
