import Foundation

/// The project's Python virtual environment (`.venv/`, made by `scripts/python-env.sh`), for
/// tests that check our files with the Python tools their users will open them with.
///
/// The script runs once per test process, the first time a test asks for Python; when it
/// fails, every such test fails with the script's message rather than being skipped.
public enum PythonEnvironment {
    /// The package root: this file is `Tests/PythonSupport/PythonEnvironment.swift`.
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let python = packageRoot.appendingPathComponent(".venv/bin/python")

    /// Runs `python -c script arguments…` in the environment, with `input` on stdin.
    /// Non-ASCII text passes as UTF-8 whatever the locale.
    public static func run(
        _ script: String, arguments: [String] = [], input: Data = Data(),
        environment: [String: String] = [:], timeout: TimeInterval = 120
    ) async throws -> ProcessResult {
        try await ready.value
        return try await ProcessResult.run(
            python, arguments: ["-c", script] + arguments, input: input,
            environment: environment.merging(["PYTHONUTF8": "1"]) { mine, _ in mine }, timeout: timeout)
    }

    /// A static let runs its initializer once, even when tests start in parallel.
    private static let ready = Task {
        let script = packageRoot.appendingPathComponent("scripts/python-env.sh")
        // Creating the environment downloads and installs packages: minutes, not seconds.
        let result = try await ProcessResult.run(
            URL(fileURLWithPath: "/bin/bash"), arguments: [script.path], timeout: 1800)
        guard result.status == 0 else {
            throw PythonEnvironmentError(
                "scripts/python-env.sh could not make the Python environment (exit \(result.status)):\n"
                    + result.stderr)
        }
    }
}

/// Why a Python check could not run; its description is what the failing test shows.
public struct PythonEnvironmentError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// The exit status and output of a finished process.
public struct ProcessResult: Sendable {
    public let status: Int32
    public let stdout: String
    public let stderr: String

    /// Runs `executable` to the end, or stops it after `timeout` seconds and throws. Output goes
    /// to temporary files, so a chatty process never blocks on a full pipe. The waiting is done
    /// on a Dispatch thread, not on the test runner's few concurrency threads.
    public static func run(
        _ executable: URL, arguments: [String], input: Data = Data(),
        environment: [String: String] = [:], timeout: TimeInterval
    ) async throws -> ProcessResult {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Result {
                    try runBlocking(executable, arguments: arguments, input: input,
                                    environment: environment, timeout: timeout)
                })
            }
        }
    }

    private static func runBlocking(
        _ executable: URL, arguments: [String], input: Data,
        environment: [String: String], timeout: TimeInterval
    ) throws -> ProcessResult {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("process-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let inputFile = folder.appendingPathComponent("stdin")
        let outputFile = folder.appendingPathComponent("stdout")
        let errorFile = folder.appendingPathComponent("stderr")
        try input.write(to: inputFile)
        for file in [outputFile, errorFile] { try Data().write(to: file) }

        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, mine in mine }
        process.standardInput = try FileHandle(forReadingFrom: inputFile)
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        let finished = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in finished.signal() }
        try process.run()
        if finished.wait(timeout: .now() + timeout) == .timedOut {
            process.terminate()
            finished.wait()
            throw PythonEnvironmentError(
                "\(executable.lastPathComponent) \(arguments.joined(separator: " ").prefix(200)) "
                    + "did not finish within \(Int(timeout)) s")
        }
        return ProcessResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: outputFile), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: errorFile), as: UTF8.self))
    }
}
