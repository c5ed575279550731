import Foundation

/// Graphviz's `dot` program, run on a graph to get its layout as JSON (`-Tjson`).
struct DotProgram: Sendable {
    let path: String

    /// `dot` on PATH, or nil when Graphviz is not installed.
    static let installed: DotProgram? = {
        let searched = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return searched.split(separator: ":").map { "\($0)/dot" }
            .first { FileManager.default.isExecutableFile(atPath: $0) }
            .map { DotProgram(path: $0) }
    }()

    /// The layout of `graph` (DOT text) as `dot -Tjson` writes it; nil when `dot` fails or
    /// takes longer than `timeout` seconds (it is then stopped).
    /// Files rather than pipes carry the graph and the answer, so no pipe can fill up while
    /// the process is waited for.
    func layout(of graph: String, timeout: Double = 10) -> Data? {
        let folder = FileManager.default.temporaryDirectory
        let stem = "strokes-layout-\(UUID().uuidString)"
        let input = folder.appendingPathComponent(stem + ".dot"), output = folder.appendingPathComponent(stem + ".json")
        defer {
            try? FileManager.default.removeItem(at: input)
            try? FileManager.default.removeItem(at: output)
        }
        do {
            try Data(graph.utf8).write(to: input)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["-Tjson", "-o", output.path, input.path]
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(timeout)
            while process.isRunning {
                if Date() > deadline {
                    process.terminate()
                    process.waitUntilExit()
                    return nil
                }
                Thread.sleep(forTimeInterval: 0.002)
            }
            guard process.terminationStatus == 0 else { return nil }
            return try Data(contentsOf: output)
        } catch {
            return nil
        }
    }
}
