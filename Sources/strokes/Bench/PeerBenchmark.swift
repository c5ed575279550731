import Foundation
import CommandLineSupport

/// The peers' side of `strokes bench suite`: `Benchmarks/peers/peers.py` (PyTorch and onnxruntime in
/// their own virtual environment) run for one figure at a time, so the suite can alternate.
struct PeerBenchmark {
    struct Figure: Decodable {
        let value: Double
        let unit: String
        let peerName: String

        enum CodingKeys: String, CodingKey { case value, unit, peerName = "peer_name" }
    }

    /// The interpreter and the script, e.g. `Benchmarks/peers/.venv/bin/python` and `Benchmarks/peers/peers.py`.
    let python: String
    let script: String
    let seconds: Double
    /// The ONNX export the peers' inference figures run: the one beside ours.
    let onnxModel: String
    /// The model's class count: the peers' training network scores as many, and an ONNX export
    /// that scores another count is an error.
    let classes: Int

    /// The script's exit status when a peer a figure needs (PyTorch, onnxruntime) is not
    /// installed in `python`.
    static let missingPeerStatus: Int32 = 3

    /// A figure's peer is not installed in `python`: its one line says which.
    struct MissingPeer: Error, CustomStringConvertible {
        let description: String
    }

    /// Measures `name` in a fresh peer process; a failure names the figure and quotes the
    /// script's last error lines.
    func measure(_ name: String) throws -> Figure {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [script, "--only", name, "--seconds", String(seconds), "--model", onnxModel, "--classes", String(classes)]
        let output = Pipe()
        let errors = FileManager.default.temporaryDirectory.appendingPathComponent("peers-\(UUID().uuidString).err")
        try Data().write(to: errors)
        defer { try? FileManager.default.removeItem(at: errors) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        do {
            try process.run()
        } catch {
            throw UsageError("cannot start \(python) \(script): \(error.localizedDescription); run `make bench`, which makes Benchmarks/peers/.venv")
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let said = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            let last = said.split(separator: "\n").suffix(3).joined(separator: " | ")
            if process.terminationStatus == Self.missingPeerStatus {
                throw MissingPeer(description: said.split(separator: "\n").last.map(String.init) ?? last)
            }
            throw UsageError("\(script) --only \(name) failed with status \(process.terminationStatus): \(last)")
        }
        let figures = try JSONDecoder().decode([String: Figure].self, from: data)
        guard let figure = figures[name] else { throw UsageError("\(script) gave no figure \(name)") }
        return figure
    }
}
