import Foundation
import PythonSupport
import Testing
@testable import StrokeReports

// Notebooks are checked with the tools their readers use: nbformat (the reference
// implementation of the format) and matplotlib in the project's Python environment.

/// Text that JSON and line splitting can get wrong: quotes, backslashes, tabs, control
/// characters, `</script>`, non-ASCII and emoji, Windows and Unicode line breaks, no final newline.
private let awkward = "say \"hi\" \\ C:\\path\t</script> → ≥ é 🙂\r\nnext\u{2028}line\u{1}\u{7F}\n\nend"

/// PNG signature, then bytes that cover every base64 padding case and zero bytes.
private let pngBytes = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + (0..<61).map { UInt8($0 * 37 % 256) })

private let svg = """
    <svg xmlns="http://www.w3.org/2000/svg" width="40" height="20">
      <text x="2" y="15">→ ≥ é 🙂 "q" &amp; \\</text>
    </svg>

    """

/// Every kind of cell and output, with awkward text in each.
private let everyKind = Notebook(
    cells: [
        .markdown("# Run \"7\" → ≥ é 🙂\n\nA path: C:\\data\\strokes </script>\n"),
        .code("print(\"hi\")\nx = 1  # → ≥", outputs: [
            .text("hi\n\tindented \"quoted\"\n"),
            .markdown("| class | recall |\n|---|---|\n| cycle → circle | ≥ 97.5% |"),
            .svg(svg),
            .png(pngBytes),
        ]),
        .code("# not run yet", outputs: []),
        .markdown(awkward),
        .code(awkward, outputs: [.text(awkward), .markdown(awkward), .svg(awkward)]),
        .markdown(""),
        .code("", outputs: [.text("")]),
    ],
    title: "Training run \"7\" → ≥ é")

/// Validates the notebook on stdin as written and as nbformat reads it; warnings count as
/// errors, so a missing id or an odd field cannot slip through as a log line.
private let validate = """
    import json, sys, warnings
    import nbformat
    warnings.simplefilter("error")
    text = sys.stdin.read()
    nbformat.validate(json.loads(text))
    notebook = nbformat.reads(text, as_version=4)
    nbformat.validate(notebook)
    print("valid")
    """

/// Validates, then prints what nbformat read back: texts as code points and images as bytes,
/// so the comparison depends on neither side's JSON or text encoding.
private let readBack = validate + """

    import base64
    def points(text):
        return [ord(c) for c in text]
    def output(o):
        if o.output_type == "stream":
            assert o.name == "stdout"
            return {"kind": "text", "content": points(o.text)}
        assert o.output_type == "display_data" and "text/plain" in o.data, o
        if "image/png" in o.data:
            return {"kind": "png", "content": list(base64.b64decode(o.data["image/png"], validate=True))}
        if "image/svg+xml" in o.data:
            return {"kind": "svg", "content": points(o.data["image/svg+xml"])}
        return {"kind": "markdown", "content": points(o.data["text/markdown"])}
    def cell(c):
        entry = {"type": c.cell_type, "source": points(c.source)}
        if c.cell_type == "code":
            entry["execution_count"] = c.execution_count
            entry["outputs"] = [output(o) for o in c.outputs]
        return entry
    print(json.dumps({"title": notebook.metadata.get("title"), "cells": [cell(c) for c in notebook.cells]}))
    """

/// What Python read, in the shape `readBack` prints.
private struct ReadBack: Decodable, Equatable {
    struct Cell: Decodable, Equatable {
        let type: String
        let source: [UInt32]
        var executionCount: Int?
        var outputs: [Output]?

        enum CodingKeys: String, CodingKey {
            case type, source, outputs
            case executionCount = "execution_count"
        }
    }

    struct Output: Decodable, Equatable {
        let kind: String
        let content: [UInt32]
    }

    let title: String?
    let cells: [Cell]

    /// What `readBack` should print for `notebook`.
    init(expecting notebook: Notebook) {
        func points(_ text: String) -> [UInt32] { text.unicodeScalars.map(\.value) }
        var runs = 0
        title = notebook.title
        cells = notebook.cells.map { cell in
            switch cell {
            case .markdown(let source):
                return Cell(type: "markdown", source: points(source))
            case .code(let source, let outputs):
                if !outputs.isEmpty { runs += 1 }
                return Cell(
                    type: "code", source: points(source), executionCount: outputs.isEmpty ? nil : runs,
                    outputs: outputs.map { output in
                        switch output {
                        case .text(let text): Output(kind: "text", content: points(text))
                        case .markdown(let text): Output(kind: "markdown", content: points(text))
                        case .svg(let text): Output(kind: "svg", content: points(text))
                        case .png(let data): Output(kind: "png", content: data.map(UInt32.init))
                        }
                    })
            }
        }
    }
}

/// The notebook's JSON as Foundation objects, for looking at or editing its structure.
private func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

private func cellObjects(_ text: String) throws -> [[String: Any]] {
    try #require(try jsonObject(text)["cells"] as? [[String: Any]])
}

/// `text` with one change made to its JSON structure.
private func edited(_ text: String, _ change: (inout [String: Any]) throws -> Void) throws -> String {
    var object = try jsonObject(text)
    try change(&object)
    return String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
}

@Suite struct NotebookTests {
    @Test func everyKindValidatesAndReadsBackExactly() async throws {
        let result = try await PythonEnvironment.run(readBack, input: Data(try everyKind.json().utf8))
        try #require(result.status == 0, "nbformat rejected the notebook:\n\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.first == "valid")
        let read = try JSONDecoder().decode(ReadBack.self, from: Data(try #require(lines.last).utf8))
        let expected = ReadBack(expecting: everyKind)
        #expect(read.title == expected.title)
        #expect(read.cells.count == expected.cells.count)
        for (got, wanted) in zip(read.cells, expected.cells) { #expect(got == wanted) }
    }

    @Test func jupyterWouldSaveTheSameStructure() async throws {
        // Opening and saving in Jupyter then changes nothing but whitespace.
        let script = validate + """

            resaved = json.loads(nbformat.writes(notebook))
            if resaved != json.loads(text):
                print(nbformat.writes(notebook))
                sys.exit(1)
            """
        let result = try await PythonEnvironment.run(script, input: Data(try everyKind.json().utf8))
        #expect(result.status == 0, "nbformat saves it differently:\n\(result.stdout)\(result.stderr)")
    }

    @Test func anEmptyNotebookIsValid() async throws {
        let result = try await PythonEnvironment.run(validate, input: Data(try Notebook(cells: []).json().utf8))
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "valid\n")
    }

    /// Edits that each break a rule of the format.
    enum Breakage: String, CaseIterable, Sendable {
        case cellWithoutSource, codeCellWithoutExecutionCount, invalidCellID, duplicateCellID
        case executionCountOnDisplayData, noMinorVersion

        func apply(to notebook: inout [String: Any]) throws {
            var cells = try #require(notebook["cells"] as? [[String: Any]])
            switch self {
            case .cellWithoutSource: cells[0]["source"] = nil
            case .codeCellWithoutExecutionCount: cells[1]["execution_count"] = nil
            case .invalidCellID: cells[0]["id"] = "cell 0!"
            case .duplicateCellID: cells[1]["id"] = cells[0]["id"]
            case .executionCountOnDisplayData:
                var outputs = try #require(cells[1]["outputs"] as? [[String: Any]])
                outputs[1]["execution_count"] = 1
                cells[1]["outputs"] = outputs
            case .noMinorVersion: notebook["nbformat_minor"] = nil
            }
            notebook["cells"] = cells
        }

        /// What nbformat raises: it would repair duplicate ids, with a warning (an error here).
        var complaint: String { self == .duplicateCellID ? "DuplicateCellId" : "ValidationError" }
    }

    @Test(arguments: Breakage.allCases)
    func aBrokenNotebookFailsValidation(_ breakage: Breakage) async throws {
        let text = try everyKind.json()
        let broken = try edited(text) { try breakage.apply(to: &$0) }
        let valid = try await PythonEnvironment.run(validate, input: Data(text.utf8))
        #expect(valid.status == 0, "the unbroken notebook should pass: \(valid.stderr)")
        let result = try await PythonEnvironment.run(validate, input: Data(broken.utf8))
        #expect(result.status != 0, "nbformat accepted a notebook with \(breakage)")
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains(breakage.complaint), "failed for another reason: \(result.stderr)")
    }

    @Test func codeCellsRunAndDrawWithMatplotlib() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("notebook-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let notebook = Notebook(cells: [
            .markdown("# Accuracy per epoch"),
            .code("import matplotlib.pyplot as plt\nimport numpy as np\n\naccuracy = np.array([0.61, 0.83, 0.94, 0.97])", outputs: []),
            .code("""
                figure, axes = plt.subplots(figsize=(4, 3))
                axes.plot(np.arange(1, len(accuracy) + 1), accuracy, marker="o")
                axes.set_title("accuracy → 97%")
                figure.savefig("accuracy.png")
                print("saved")
                """, outputs: [.text("saved\n")]),
        ])
        let file = folder.appendingPathComponent("run.ipynb")
        try Data(try notebook.json().utf8).write(to: file)
        // Like Jupyter: the code cells in order, in the notebook's folder.
        let run = """
            import os, sys
            import nbformat
            path = os.path.abspath(sys.argv[1])
            notebook = nbformat.read(path, as_version=4)
            code = "\\n".join(cell.source for cell in notebook.cells if cell.cell_type == "code")
            os.chdir(os.path.dirname(path))
            exec(compile(code, path, "exec"), {"__name__": "__main__"})
            """
        let result = try await PythonEnvironment.run(run, arguments: [file.path], environment: ["MPLBACKEND": "Agg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout == "saved\n")
        let plot = try Data(contentsOf: folder.appendingPathComponent("accuracy.png"))
        #expect(plot.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(plot.count > 5_000, "a 4×3 inch plot should not be this small: \(plot.count) bytes")
    }

    @Test func theSameNotebookGivesTheSameBytes() throws {
        let copy = Notebook(cells: everyKind.cells, title: everyKind.title)
        #expect(try everyKind.json() == everyKind.json())
        #expect(try copy.json() == everyKind.json())
    }

    @Test func differentNotebooksGiveDifferentText() throws {
        var changedPNG = pngBytes
        changedPNG[20] ^= 1
        var variants: [Notebook] = [
            Notebook(cells: everyKind.cells), Notebook(cells: everyKind.cells, title: "other"),
            Notebook(cells: everyKind.cells.dropLast()), Notebook(cells: everyKind.cells + [.markdown("")]),
            Notebook(cells: everyKind.cells.reversed()), Notebook(cells: [.code("x", outputs: [.png(changedPNG)])]),
            Notebook(cells: [.code("x", outputs: [.png(pngBytes)])]), Notebook(cells: [.code("x", outputs: [])]),
            Notebook(cells: [.markdown("x")]), Notebook(cells: [.code("x", outputs: [.text("x")])]),
            Notebook(cells: [.code("x", outputs: [.markdown("x")])]), Notebook(cells: [.code("x", outputs: [.svg("x")])]),
        ]
        variants.append(everyKind)
        let texts = try variants.map { try $0.json() }
        #expect(Set(texts).count == variants.count)
    }

    @Test func cellIDsAreUniqueAndValid() throws {
        let many = Notebook(cells: (0..<150).map { $0.isMultiple(of: 2) ? .markdown("\($0)") : .code("\($0)", outputs: []) })
        for notebook in [everyKind, many] {
            let ids = try cellObjects(try notebook.json()).map { $0["id"] as? String ?? "" }
            #expect(ids.count == notebook.cells.count)
            #expect(Set(ids).count == ids.count)
            for id in ids {
                #expect((1...64).contains(id.count) && id.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") },
                        "\(id) is not a valid nbformat cell id")
            }
        }
    }

    @Test func runCodeCellsAreCountedAndDisplayDataHasNoCount() throws {
        let cells = try cellObjects(try everyKind.json())
        let counts = cells.filter { $0["cell_type"] as? String == "code" }.map { $0["execution_count"] }
        #expect(counts.map { $0 as? Int } == [1, nil, 2, 3])
        #expect(counts[1] is NSNull, "a code cell without outputs has execution_count null")
        #expect(cells.filter { $0["cell_type"] as? String == "markdown" }.allSatisfy { $0["execution_count"] == nil && $0["outputs"] == nil })
        let outputs = cells.compactMap { $0["outputs"] as? [[String: Any]] }.joined()
        #expect(outputs.allSatisfy { $0["execution_count"] == nil })
        let metadata = try #require(try jsonObject(try everyKind.json())["metadata"] as? [String: Any])
        #expect((metadata["kernelspec"] as? [String: Any])?["name"] as? String == "python3")
        #expect((metadata["language_info"] as? [String: Any])?["name"] as? String == "python")
        #expect(metadata["title"] as? String == everyKind.title)
        let untitled = try #require(try jsonObject(try Notebook(cells: []).json())["metadata"] as? [String: Any])
        #expect(untitled["title"] == nil)
    }

    @Test func textsAreListsOfLinesAndImagesOneString() throws {
        let cells = try cellObjects(try everyKind.json())
        #expect(cells[0]["source"] as? [String] == ["# Run \"7\" → ≥ é 🙂\n", "\n", "A path: C:\\data\\strokes </script>\n"])
        #expect(cells[1]["source"] as? [String] == ["print(\"hi\")\n", "x = 1  # → ≥"])
        #expect(cells[5]["source"] as? [String] == [])
        let outputs = try #require(cells[1]["outputs"] as? [[String: Any]])
        #expect(outputs[0]["text"] as? [String] == ["hi\n", "\tindented \"quoted\"\n"])
        let png = try #require(outputs[3]["data"] as? [String: Any])
        #expect(png["image/png"] as? String == pngBytes.base64EncodedString())
        let svgLines = try #require((outputs[2]["data"] as? [String: Any])?["image/svg+xml"] as? [String])
        #expect(svgLines.count == 3 && svgLines.joined() == svg)
    }

    @Test func linesSplitWhereJupyterSplitsThem() {
        #expect("".pythonLines == [])
        #expect("a".pythonLines == ["a"])
        #expect("a\n".pythonLines == ["a\n"])
        #expect("a\n\nb".pythonLines == ["a\n", "\n", "b"])
        #expect("a\r\nb\rc\u{2028}d\u{0C}e".pythonLines == ["a\r\n", "b\r", "c\u{2028}", "d\u{0C}", "e"])
        #expect("\r\n\r".pythonLines == ["\r\n", "\r"])
        #expect("tab\tstays\u{1}".pythonLines == ["tab\tstays\u{1}"])
    }

    @Test func theTextIsReadableUTF8WithOnlyNecessaryEscapes() throws {
        let text = try everyKind.json()
        #expect(text.contains("→ ≥ é 🙂"))
        #expect(text.contains("</script>") && !text.contains("\\/"))
        #expect(text.contains(#"say \"hi\" \\ C:\\path\t<"#))
        #expect(text.contains(#"line\u0001"#))
        #expect(text.hasSuffix("}\n"))
        let blankLines = text.dropLast().split(separator: "\n", omittingEmptySubsequences: false).filter { $0.allSatisfy(\.isWhitespace) }
        #expect(blankLines.isEmpty, "empty containers should be written as {} and []")
    }
}
