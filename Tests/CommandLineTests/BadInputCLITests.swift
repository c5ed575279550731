import Foundation
import StrokeModel
import StrokeTraining
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Bad command lines and bad files through the real executables (docs/bad-inputs.md): one
/// `error:` line, a non-zero exit, nothing printed on stdout and nothing written.
@Suite("bad inputs end to end")
struct BadInputCLITests {
    static func expectRefused(_ result: RunResult, naming names: [String], sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status != 0, "status \(result.status)", sourceLocation: sourceLocation)
        #expect(result.errorLines.count == 1, "stderr: \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stdout.isEmpty, "stdout: \(result.stdout)", sourceLocation: sourceLocation)
        let line = result.errorLines.first ?? ""
        #expect(line.hasPrefix("error: "), "\(line)", sourceLocation: sourceLocation)
        for name in names { #expect(line.contains(name), "\(line) does not name \(name)", sourceLocation: sourceLocation) }
    }

    /// A scratch folder with a small dataset in `data/`.
    static func withData() throws -> ScratchFolder {
        let scratch = try ScratchFolder()
        try ShapesFixture.write(to: scratch.path("data"), perClass: 3, seed: 1)
        return scratch
    }

    static func exists(_ relative: String, in scratch: ScratchFolder) -> Bool {
        FileManager.default.fileExists(atPath: scratch.path(relative).path)
    }

    // MARK: command lines

    @Test(arguments: [
        (["train", "data", "--frobnicate"], ["Unknown option '--frobnicate'", "strokes train --help"]),
        (["train"], ["Missing expected argument '<dataset> ...'"]),
        (["train", "data", "--out"], ["Missing value for '--out <out>'"]),
        (["train", "data", "--epochs", "many"], ["'many' is invalid for '--epochs <epochs>'"]),
        (["evaluate", "m.safetensors"], ["Missing expected argument '<dataset>'", "strokes evaluate --help"]),
        (["predict"], ["Missing expected argument '<model>'"]),
        (["frobnicate"], ["Unexpected argument 'frobnicate'", "strokes --help"]),
    ])
    func unknownOptionsAndMissingArgumentsAreOneLine(arguments: [String], naming: [String]) throws {
        let scratch = try Self.withData()
        Self.expectRefused(try StrokesProcess.run(arguments, in: scratch.url), naming: naming)
    }

    @Test(arguments: [
        (["--batch-size", "0"], "--batch-size must be at least 1"),
        (["--threads", "0"], "--threads must be at least 1"),
        (["--epochs", "0"], "--epochs must be at least 1"),
        (["--learning-rate=-0.5"], "--learning-rate must be a number above 0, not -0.5"),
        (["--learning-rate", "-0.5"], "to give --learning-rate a negative number, write --learning-rate=-0.5"),
        (["--learning-rate", "0"], "--learning-rate must be a number above 0, not 0.0"),
        (["--learning-rate", "nan"], "--learning-rate must be a number above 0, not nan"),
        (["--weight-decay=-1"], "--weight-decay must be 0 or more"),
        (["--momentum", "1"], "--momentum must be in [0, 1)"),
        (["--warmup=-2"], "--warmup must be 0 or more epochs"),
        (["--label-smoothing", "1"], "--label-smoothing must be in [0, 1)"),
        (["--mirror", "1.5"], "--mirror is a probability and must be in [0, 1]"),
        (["--zoom", "1"], "--zoom must be in [0, 1)"),
        (["--rotate=-5"], "--rotate must be 0 or more"),
        (["--validation-split", "1"], "--validation-split must be in [0, 1)"),
        (["--folds", "1"], "--folds needs at least 2 folds"),
        // The pipeline refuses it (a fold would miss a class); the command names the option and the dataset.
        (["--folds", "1000"], "--folds 1000 is more than the"),
    ])
    func impossibleTrainingValuesAreRefusedBeforeAnythingIsWritten(extra: [String], message: String) throws {
        let scratch = try Self.withData()
        let result = try StrokesProcess.run(["train", "data", "--out", "m.safetensors", "--report", "report"] + extra, in: scratch.url)
        Self.expectRefused(result, naming: [message])
        #expect(!Self.exists("m.safetensors", in: scratch) && !Self.exists("report", in: scratch))
    }

    @Test func impossibleValuesOfTheOtherCommandsAreOneLine() throws {
        let scratch = try Self.withData()
        try ModelFile.write(BarsFixture.model(labels: ["h", "s"]), to: scratch.path("m.safetensors"))
        Self.expectRefused(try StrokesProcess.run(["evaluate", "m.safetensors", "data", "--threads", "0", "--json", "e.json"], in: scratch.url),
                           naming: ["--threads must be at least 1"])
        Self.expectRefused(try StrokesProcess.run(["evaluate", "m.safetensors", "data", "--batch-size", "0"], in: scratch.url),
                           naming: ["--batch-size must be at least 1"])
        Self.expectRefused(try StrokesProcess.run(["predict", "m.safetensors", "data/h/img0.png", "--threads", "0"], in: scratch.url),
                           naming: ["--threads must be at least 1"])
        Self.expectRefused(try StrokesProcess.run(["synth", "--out", "synth", "--per-class", "0"], in: scratch.url),
                           naming: ["--per-class must be at least 1"])
        #expect(!Self.exists("e.json", in: scratch) && !Self.exists("synth", in: scratch))
    }

    // MARK: files

    @Test func aHalfDownloadedModelIsOneLineNamingIt() throws {
        let scratch = try Self.withData()
        let whole = ModelFile.encode(BarsFixture.model(labels: ["h", "s"]))
        try Data(whole.prefix(whole.count * 2 / 3)).write(to: scratch.path("m.safetensors"))
        Self.expectRefused(try StrokesProcess.run(["evaluate", "m.safetensors", "data", "--json", "e.json"], in: scratch.url),
                           naming: ["m.safetensors: not a valid safetensors file", "the file is truncated"])
        Self.expectRefused(try StrokesProcess.run(["predict", "m.safetensors", "data/h/img0.png"], in: scratch.url),
                           naming: ["m.safetensors", "the file is truncated"])
        #expect(!Self.exists("e.json", in: scratch))
    }

    @Test func classFoldersDifferingOnlyInCaseAreOneLine() throws {
        let scratch = try ScratchFolder()
        try ShapesFixture.write(to: scratch.path("data"), labels: ["H", "h", "v"], perClass: 2, seed: 1)
        let result = try StrokesProcess.run(["train", "data", "--epochs", "1", "--out", "m.safetensors"], in: scratch.url)
        Self.expectRefused(result, naming: ["data has class folders H and h that differ only in letter case"])
        #expect(!Self.exists("m.safetensors", in: scratch))
    }

    @Test func aDrawingWithNaNCoordinatesIsOneLine() throws {
        let scratch = try ScratchFolder()
        try Data("[[[0, 0], [NaN, 1], [2, 2]]]".utf8).write(to: scratch.path("nan.json"))
        Self.expectRefused(
            try StrokesProcess.run(["rasterize", "nan.json", "--out", "nan.png"], in: scratch.url),
            naming: ["nan.json: not valid JSON"])
        let automata = try StrokesProcess.executable(named: "automata").path
        let drawn = try StrokesProcess.runTool(
            automata, ["draw", "nan.json", "--model", PredictFixtures.shippedModel.path, "--out", "nan.automaton"], in: scratch.url)
        Self.expectRefused(drawn, naming: ["nan.json: not valid JSON (invalid value around character"])
        #expect(!Self.exists("nan.png", in: scratch) && !Self.exists("nan.automaton", in: scratch))
    }

    @Test func emptyDrawingFilesAreOneLine() throws {
        let scratch = try ScratchFolder()
        try Data().write(to: scratch.path("empty.json"))
        Self.expectRefused(try StrokesProcess.run(["rasterize", "empty.json", "--ascii"], in: scratch.url),
                           naming: ["empty.json: the file is empty"])
        let automata = try StrokesProcess.executable(named: "automata").path
        Self.expectRefused(
            try StrokesProcess.runTool(
                automata, ["draw", "empty.json", "--model", PredictFixtures.shippedModel.path, "--out", "e.automaton"], in: scratch.url),
            naming: ["empty.json: the file is empty"])
        #expect(!Self.exists("e.automaton", in: scratch))
    }

    @Test func aBrokenDocumentToDrawOntoIsOneLine() throws {
        let scratch = try ScratchFolder()
        try Data("[[[10, 10], [90, 10]]]".utf8).write(to: scratch.path("line.json"))
        try Data("{\"format\": \"strokes-automaton\"".utf8).write(to: scratch.path("cut.automaton"))
        let automata = try StrokesProcess.executable(named: "automata").path
        Self.expectRefused(
            try StrokesProcess.runTool(automata, ["draw", "line.json", "--model", PredictFixtures.shippedModel.path, "--symbol-model", "none",
                                                  "--onto", "cut.automaton", "--out", "d.automaton"], in: scratch.url),
            naming: ["cut.automaton: not valid JSON"])
        #expect(!Self.exists("d.automaton", in: scratch))
    }

    /// One stroke of a million points, as a stuck pen or a generator might write: it is drawn,
    /// in about the time it takes to read the file.
    @Test func aMillionPointDrawingIsRasterizedAndRecognised() throws {
        let scratch = try ScratchFolder()
        var text = "{\"events\": [{\"stroke\": ["
        text.reserveCapacity(40_000_000)
        let count = 1_000_000
        for i in 0..<count {
            let angle = 2 * Double.pi * Double(i) / Double(count)
            text += "[\(Int(200 + 100 * cos(angle))),\(Int(200 + 100 * sin(angle)))]" + (i + 1 < count ? "," : "")
        }
        text += "]}]}"
        try Data(text.utf8).write(to: scratch.path("events.json"))
        let automata = try StrokesProcess.executable(named: "automata").path
        let started = Date()
        let drawn = try StrokesProcess.runTool(
            automata, ["draw", "events.json", "--model", PredictFixtures.shippedModel.path, "--out", "big.automaton"], in: scratch.url)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stdout.contains("event 1: New state q0."), "\(drawn.stdout)")
        // The same points as a plain list of strokes, for `strokes`.
        let strokes = "[" + text.dropFirst("{\"events\": [{\"stroke\": ".count).dropLast(3) + "]"
        try Data(strokes.utf8).write(to: scratch.path("strokes.json"))
        let rasterized = try StrokesProcess.run(["rasterize", "strokes.json", "--out", "big.png"], in: scratch.url)
        #expect(rasterized.status == 0, "\(rasterized.stderr)")
        #expect(Self.exists("big.png", in: scratch))
        let seconds = Date().timeIntervalSince(started)
        #expect(seconds < 60, "took \(seconds) s")
    }

    // MARK: permissions

    /// Runs `strokes` so that file permissions apply: root reads every file, so as root the
    /// command runs as `nobody` through util-linux's setpriv.
    static func runUnprivileged(_ arguments: [String], in scratch: ScratchFolder) throws -> RunResult {
        let strokes = try StrokesProcess.executable().path
        guard getuid() == 0 else { return try StrokesProcess.run(arguments, in: scratch.url) }
        return try StrokesProcess.runTool(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", strokes] + arguments, in: scratch.url)
    }

    static let canDropPrivileges = getuid() != 0 || FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")

    @Test(.enabled(if: canDropPrivileges, "as root, needs /usr/bin/setpriv to run as nobody"))
    func anUnreadableImageIsNamed() throws {
        let scratch = try ScratchFolder()
        try BarsFixture.writeDataset(in: scratch.path("data"))
        try ModelFile.write(BarsFixture.model(), to: scratch.path("m.safetensors"))
        let locked = scratch.path("data/h/1.png").path
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked)

        Self.expectRefused(try Self.runUnprivileged(["predict", "m.safetensors", "data/h/0.png", "data/h/1.png"], in: scratch),
                           naming: ["data/h/1.png: cannot be read (permission denied)"])
        // In a dataset it is one of many: skipped with a warning, the rest evaluated.
        let evaluated = try Self.runUnprivileged(["evaluate", "m.safetensors", "data"], in: scratch)
        #expect(evaluated.status == 0, "\(evaluated.stderr)")
        #expect(evaluated.errorLines.contains("warning: skipped \(locked): cannot be read (permission denied); check that it exists and is readable"),
                "\(evaluated.stderr)")
        #expect(evaluated.errorLines.contains { $0.contains("6 images") }, "\(evaluated.stderr)")
    }

    @Test(.enabled(if: canDropPrivileges, "as root, needs /usr/bin/setpriv to run as nobody"))
    func anUnreadableClassFolderIsOneLine() throws {
        let scratch = try ScratchFolder()
        try BarsFixture.writeDataset(in: scratch.path("data"))
        try ModelFile.write(BarsFixture.model(), to: scratch.path("m.safetensors"))
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: scratch.path("data/v").path)
        Self.expectRefused(try Self.runUnprivileged(["evaluate", "m.safetensors", "data"], in: scratch),
                           naming: ["cannot list dataset folder \(scratch.path("data/v").path) (permission denied)"])
    }
}
