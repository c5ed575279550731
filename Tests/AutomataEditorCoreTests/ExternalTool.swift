import Foundation

/// Runs command-line tools the export tests hand their output to (graphviz, librsvg).
enum ExternalTool {
    /// The tool's path on PATH, or nil when not installed.
    static func find(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Runs it with `input` on stdin; the exit status and stderr.
    static func run(_ executable: String, _ arguments: [String], input: String = "") throws -> (status: Int32, output: Data, errors: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Output is read on its own thread while input is written, so neither pipe fills up.
        let collected = OutputCollector()
        let reader = Thread {
            collected.set(stdout.fileHandleForReading.readDataToEndOfFile(), stderr.fileHandleForReading.readDataToEndOfFile())
        }
        reader.start()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        process.waitUntilExit()
        while !collected.isDone { Thread.sleep(forTimeInterval: 0.01) }
        let (output, errors) = collected.value
        return (process.terminationStatus, output, String(decoding: errors, as: UTF8.self))
    }

    private final class OutputCollector: @unchecked Sendable {
        private let lock = NSLock()
        private var result: (Data, Data)?
        func set(_ output: Data, _ errors: Data) { lock.withLock { result = (output, errors) } }
        var isDone: Bool { lock.withLock { result != nil } }
        var value: (Data, Data) { lock.withLock { result ?? (Data(), Data()) } }
    }
}
