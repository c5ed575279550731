import Foundation
import Testing

/// `strokes export` end to end: the file, its format from the extension, and clear errors.
@Suite("export end to end")
struct ExportCLITests {
    static let shipped = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("models/automata-classifier.safetensors").path

    @Test(arguments: [
        (["--format", "onnx", "--out", "m.onnx"], "m.onnx", "ONNX"),
        (["--out", "m.onnx"], "m.onnx", "ONNX"),
        (["--format", "coreml", "--out", "m.mlmodel"], "m.mlmodel", "Core ML"),
        (["--out", "sub/dir/m.mlmodel"], "sub/dir/m.mlmodel", "Core ML"),
    ])
    func writesTheFormatAskedForOrImpliedByTheExtension(arguments: [String], file: String, format: String) throws {
        let scratch = try ScratchFolder()
        let result = try StrokesProcess.run(["export", Self.shipped] + arguments, in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("wrote \(file) (\(format)"), "\(result.stdout)")
        let bytes = try Data(contentsOf: scratch.path(file))
        #expect(bytes.count > 800_000, "the weights are in it: \(bytes.count) bytes")
        let leftovers = try FileManager.default.subpathsOfDirectory(atPath: scratch.url.path).filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty)
    }

    @Test func theSameModelGivesTheSameBytes() throws {
        let scratch = try ScratchFolder()
        for name in ["a.onnx", "b.onnx", "a.mlmodel", "b.mlmodel"] {
            let result = try StrokesProcess.run(["export", Self.shipped, "--out", name], in: scratch.url)
            #expect(result.status == 0, "\(result.stderr)")
        }
        #expect(try Data(contentsOf: scratch.path("a.onnx")) == Data(contentsOf: scratch.path("b.onnx")))
        #expect(try Data(contentsOf: scratch.path("a.mlmodel")) == Data(contentsOf: scratch.path("b.mlmodel")))
    }

    @Test func anUnknownExtensionOrABadModelIsOneClearLine() throws {
        let scratch = try ScratchFolder()
        let unknown = try StrokesProcess.run(["export", Self.shipped, "--out", "m.bin"], in: scratch.url)
        #expect(unknown.status != 0)
        #expect(unknown.errorLines == ["error: cannot tell the format from m.bin: give --format onnx or --format coreml"])

        try Data("not a model".utf8).write(to: scratch.path("bad.safetensors"))
        try Data("keep me".utf8).write(to: scratch.path("m.onnx"))
        let bad = try StrokesProcess.run(["export", "bad.safetensors", "--out", "m.onnx"], in: scratch.url)
        #expect(bad.status != 0)
        #expect(bad.errorLines.count == 1 && bad.errorLines[0].hasPrefix("error:") && bad.errorLines[0].contains("bad.safetensors"),
                "\(bad.stderr)")
        #expect(try Data(contentsOf: scratch.path("m.onnx")) == Data("keep me".utf8), "nothing already written is lost")
    }
}
