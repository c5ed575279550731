import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

/// `automata serve` as people run it: it prints its URL, serves, stops on SIGTERM with
/// status 0, and a server started again on the same folder has every change.
@Suite("automata serve")
struct ServeCLITests {
    /// A running `automata serve --port 0` and the URL it printed.
    final class Server {
        let process = Process()
        let url: URL
        let errors: URL

        init(documents: URL, in scratch: ScratchFolder) throws {
            let output = Pipe()
            errors = scratch.url.appendingPathComponent("serve-\(UUID().uuidString).err")
            try Data().write(to: errors)
            process.executableURL = try StrokesProcess.executable(named: "automata")
            process.arguments = ["serve", "--port", "0", "--documents", documents.path,
                                 "--corrections", scratch.url.appendingPathComponent("corrections").path,
                                 "--model", AutomataCLITests.shippedModel]
            process.currentDirectoryURL = scratch.url
            process.standardOutput = output
            process.standardError = try FileHandle(forWritingTo: errors)
            try process.run()
            // The first stdout line is the URL, once the server listens; a server that never
            // says it is stopped after 60 s, so the test fails instead of hanging.
            let process = self.process
            let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
            DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
            var line = Data()
            while !line.contains(0x0A) {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                line += chunk
            }
            watchdog.cancel()
            let text = String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            guard text.hasPrefix("http://127.0.0.1:"), let url = URL(string: text) else {
                process.terminate()
                throw ServeTestError.noURL(text + String(decoding: (try? Data(contentsOf: errors)) ?? Data(), as: UTF8.self))
            }
            self.url = url
        }

        func post(_ path: String, _ body: String) async throws -> (Int, [String: Any]) {
            var request = URLRequest(url: url.appendingPathComponent(path))
            request.httpMethod = "POST"
            request.httpBody = Data(body.utf8)
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            return try await answer(request)
        }

        func get(_ path: String) async throws -> (Int, [String: Any]) {
            try await answer(URLRequest(url: url.appendingPathComponent(path)))
        }

        private func answer(_ request: URLRequest) async throws -> (Int, [String: Any]) {
            let (data, response) = try await URLSession.shared.data(for: request)
            let json = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, json)
        }

        /// SIGTERM, then the exit status.
        func stop() -> Int32 {
            process.terminate()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    enum ServeTestError: Error {
        case noURL(String)
    }

    @Test func servesStopsOnSIGTERMAndLosesNothingOnRestart() async throws {
        let scratch = try ScratchFolder()
        let documents = scratch.url.appendingPathComponent("documents")
        let circle = AutomataCLITests.circle(size: 80, x: 200, y: 200)
        let arrow = AutomataCLITests.arrow(from: [-20, 200], to: [158, 200])
        func stroke(_ points: [[Double]]) -> String {
            "{\"stroke\": [" + points.map { "[\($0[0]), \($0[1])]" }.joined(separator: ", ") + "]}"
        }

        let first = try Server(documents: documents, in: scratch)
        defer { if first.process.isRunning { first.process.terminate() } }
        let (status, made) = try await first.post("api/documents/kept/events", stroke(circle))
        #expect(status == 200)
        #expect((made["message"] as? String)?.contains("state q0") == true)
        let (_, initial) = try await first.post("api/documents/kept/events", stroke(arrow))
        #expect((initial["message"] as? String)?.contains("initial") == true, "\(initial["message"] ?? "")")
        let (bad, refusal) = try await first.post("api/documents/kept/events", "{\"stroke\": [[1, 2]")
        #expect(bad == 400)
        #expect(refusal["error"] is String)
        let (_, view) = try await first.get("api/documents/kept/view")
        #expect(first.stop() == 0)
        #expect(try String(contentsOf: first.errors, encoding: .utf8).contains("error") == false)

        let second = try Server(documents: documents, in: scratch)
        defer { if second.process.isRunning { second.process.terminate() } }
        let (again, reopened) = try await second.get("api/documents/kept/view")
        #expect(again == 200)
        let before = view["file"] as? [String: Any], after = reopened["file"] as? [String: Any]
        #expect(NSDictionary(dictionary: before ?? [:]).isEqual(to: after ?? [:]))
        let states = (after?["document"] as? [String: Any])?["states"] as? [[String: Any]]
        #expect(states?.count == 1)
        #expect(states?.first?["isInitial"] as? Bool == true)
        #expect(second.stop() == 0)
    }
}
