import Foundation
import Testing

/// The outcome of one run of the `strokes` executable.
struct RunResult {
    let status: Int32
    let stdout: String
    let stderr: String

    /// stderr's non-empty lines.
    var errorLines: [String] { stderr.split(separator: "\n").map(String.init) }
}

enum StrokesProcess {
    /// The built `strokes` next to the test binary (SwiftPM puts both in the same build folder).
    /// `STROKES_EXECUTABLE` overrides the search.
    static func executable(named name: String = "strokes") throws -> URL {
        if name == "strokes", let path = ProcessInfo.processInfo.environment["STROKES_EXECUTABLE"] {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                Issue.record("STROKES_EXECUTABLE=\(path) is not an executable file")
                throw CLITestError.executableMissing
            }
            return URL(fileURLWithPath: path)
        }
        var folders = [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
        if let executable = Bundle.main.executableURL { folders.append(executable.deletingLastPathComponent()) }
        // macOS runs tests inside an .xctest bundle loaded by a runner elsewhere.
        folders += Bundle.allBundles.map(\.bundleURL).filter { $0.pathExtension == "xctest" }.map { $0.deletingLastPathComponent() }
        folders.append(URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent())
        for folder in folders {
            let candidate = folder.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        let searched = Set(folders.map(\.path)).sorted().joined(separator: ", ")
        Issue.record("no \(name) executable in \(searched); build it with `swift build --build-tests` first")
        throw CLITestError.executableMissing
    }

    /// Runs `strokes arguments…` in `folder` and waits for it. Output goes to files, not pipes,
    /// so a chatty run cannot block on a full pipe.
    /// `environment` adds to (or replaces in) this process's environment.
    static func run(_ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> RunResult {
        try runTool(try executable().path, arguments, in: folder, environment: environment)
    }

    /// Runs any program the same way.
    static func runTool(_ path: String, _ arguments: [String], in folder: URL, environment: [String: String] = [:]) throws -> RunResult {
        let out = folder.appendingPathComponent(".stdout-\(UUID().uuidString)")
        let err = folder.appendingPathComponent(".stderr-\(UUID().uuidString)")
        try Data().write(to: out)
        try Data().write(to: err)
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        if !environment.isEmpty {
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        }
        process.currentDirectoryURL = folder
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        return RunResult(
            status: process.terminationStatus,
            stdout: String(decoding: try Data(contentsOf: out), as: UTF8.self),
            stderr: String(decoding: try Data(contentsOf: err), as: UTF8.self))
    }
}

enum CLITestError: Error {
    case executableMissing
}

/// A fresh folder under the system's temporary folder, removed when the value is released.
final class ScratchFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("strokes-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func path(_ relative: String) -> URL { url.appendingPathComponent(relative) }
}
