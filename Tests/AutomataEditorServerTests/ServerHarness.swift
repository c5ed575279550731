import AutomataEditorCore
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import StrokeModel
import Testing
@testable import AutomataEditorServer

/// A server over fresh temporary folders and the shipped model, driven through Hummingbird's
/// router test client (no socket) or a live one (a real loopback connection).
struct ServerHarness {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let classifier: StrokeClassifier = {
        // The editor's own default: the threshold the model file recommends.
        try! EditorClassifier.load(packageRoot.appendingPathComponent("models/automata-classifier.safetensors"))
    }()

    /// The shipped symbol model, for the harnesses that read handwriting.
    static let symbols: StrokeClassifier = {
        try! EditorClassifier.load(packageRoot.appendingPathComponent("models/symbol-classifier.safetensors"))
    }()

    let root: URL
    /// Whether the server reads handwriting with the shipped symbol model.
    var readsHandwriting = false
    var documents: URL { root.appendingPathComponent("documents") }
    var corrections: URL { root.appendingPathComponent("corrections") }

    init(readsHandwriting: Bool = false) throws {
        self.readsHandwriting = readsHandwriting
        root = FileManager.default.temporaryDirectory.appendingPathComponent("server-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    func server() throws -> EditorServer {
        try EditorServer(settings: .init(documents: documents, corrections: corrections, port: 0), classifier: Self.classifier,
                         symbols: readsHandwriting ? Self.symbols : nil)
    }

    /// Runs `body` against a new server on these folders; removes the folders afterwards
    /// unless `keep` (a test that restarts the server on them).
    func run<T: Sendable>(_ setup: TestingSetup = .router, keep: Bool = false,
                          _ body: @Sendable (Client) async throws -> T) async throws -> T {
        defer { if !keep { try? FileManager.default.removeItem(at: root) } }
        return try await server().application().test(setup) { client in try await body(Client(client: client)) }
    }

    func file(_ name: String) -> URL { documents.appendingPathComponent("\(name).automaton") }
}

/// Requests as the page makes them, answers as JSON.
struct Client: Sendable {
    let client: any TestClientProtocol

    struct Answer: Sendable {
        let status: HTTPResponse.Status
        let headers: HTTPFields
        let body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
        var json: [String: Any] { ((try? JSONSerialization.jsonObject(with: body)) as? [String: Any]) ?? [:] }
        /// The one-line error of a refusal.
        var error: String? { json["error"] as? String }
        /// The document inside a view or a `.automaton` answer, decoded straight from the
        /// answer's bytes (no detour through JSONSerialization, whose numbers may differ in the last bit).
        var document: AutomatonDocument? {
            (try? JSONDecoder().decode(ViewShape.self, from: body).file.document)
                ?? (try? JSONDecoder().decode(FileShape.self, from: body).document)
        }
    }

    private struct FileShape: Decodable { let document: AutomatonDocument }
    private struct ViewShape: Decodable { let file: FileShape }

    func send(_ method: HTTPRequest.Method, _ path: String, body: Data? = nil) async throws -> Answer {
        try await client.execute(uri: path, method: method, headers: [.contentType: "application/json"],
                                 body: body.map { ByteBuffer(bytes: $0) }) { response in
            Answer(status: response.status, headers: response.headers, body: Data(response.body.readableBytesView))
        }
    }

    func send(_ method: HTTPRequest.Method, _ path: String, json: Any) async throws -> Answer {
        try await send(method, path, body: try JSONSerialization.data(withJSONObject: json, options: [.fragmentsAllowed]))
    }

    func get(_ path: String) async throws -> Answer { try await send(.get, path) }

    /// POSTs one drawing event to the document's events endpoint.
    func event(_ event: DrawingEvent, to name: String) async throws -> Answer {
        try await send(.post, "/api/documents/\(name)/events", body: Data(DrawingFile.text(of: event).utf8))
    }
}
