import Foundation
import Testing

/// `automata bench writing`: held-out writers' letters and FC_A texts, counted as promised.
@Suite("automata bench writing")
struct BenchWritingCLITests {
    static func writeLetters(in folder: URL) throws {
        for (name, writers) in [("latin-x", 1...3), ("greek-lambda", 1...3), ("greek-alpha", 1...3)] {
            let classFolder = folder.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: classFolder, withIntermediateDirectories: true)
            for writer in writers {
                try Data("[[[0, 0], [40, 60]], [[40, 0], [0, 60]]]".utf8)
                    .write(to: classFolder.appendingPathComponent("0001_0\(writer).json"))
            }
        }
    }

    /// One flowchart with two texts: "v" (in the alphabet) and "A=1" (not).
    static func writeFlowchart(in folder: URL) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data("""
            <ink xmlns="http://www.w3.org/2003/InkML">
            <annotationXML type="truth"><flowchart><text xml:id="t1">v</text><text xml:id="t2">A=1</text></flowchart></annotationXML>
            <trace id="0">0 0, 10 30, 20 0</trace>
            <trace id="1">100 0, 110 30, 120 0</trace>
            <traceGroup>
              <traceGroup><annotation type="truth">text</annotation><traceView traceDataRef="0"/><annotationXML href="t1"/></traceGroup>
              <traceGroup><annotation type="truth">text</annotation><traceView traceDataRef="1"/><annotationXML href="t2"/></traceGroup>
            </traceGroup>
            </ink>
            """.utf8).write(to: folder.appendingPathComponent("small.inkml"))
    }

    @Test func heldOutLettersAndTextsInTheAlphabetAreCounted() throws {
        let scratch = try ScratchFolder()
        try Self.writeLetters(in: scratch.path("letters"))
        try Self.writeFlowchart(in: scratch.path("flowcharts"))
        let result = try AutomataCLITests.automata(["bench", "writing", "--symbol-model", HandwritingCLITests.symbolModel,
                                                    "--letters", "letters", "--held-out-writers", "1", "--flowcharts", "flowcharts", "--json"],
                                                   in: scratch)
        #expect(result.status == 0, "\(result.stderr)")
        let figures = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let letters = try #require(figures["letters"] as? [String: Any])
        #expect(letters["writers"] as? [Int] == [3])
        // Writer 3's x and λ; greek-alpha is no symbol class.
        #expect((letters["characters"] as? [String: Any])?["total"] as? Int == 2)
        #expect((letters["courses"] as? [String: Any])?["total"] as? Int == 1, "λ is one of the courses' symbols")
        let texts = try #require(figures["texts"] as? [String: Any])
        #expect(texts["texts"] as? Int == 2 && texts["outside_alphabet"] as? Int == 1)
        #expect((texts["characters"] as? [String: Any])?["total"] as? Int == 1)
        #expect((texts["whole"] as? [String: Any])?["total"] as? Int == 1)
    }

    @Test func missingFoldersAreSkippedWithALineAndAMissingModelIsOne() throws {
        let scratch = try ScratchFolder()
        let skipped = try AutomataCLITests.automata(["bench", "writing", "--symbol-model", HandwritingCLITests.symbolModel,
                                                     "--letters", "none-here", "--flowcharts", "nor-here"], in: scratch)
        #expect(skipped.status == 0, "\(skipped.stderr)")
        #expect(skipped.stdout.contains("no folder none-here: held-out writers skipped"), "\(skipped.stdout)")
        #expect(skipped.stdout.contains("no folder nor-here: FC_A texts skipped"), "\(skipped.stdout)")
        let missing = try AutomataCLITests.automata(["bench", "writing", "--symbol-model", "gone.safetensors"], in: scratch)
        #expect(missing.status != 0 && missing.errorLines.count == 1 && missing.stderr.contains("gone.safetensors"), "\(missing.stderr)")
    }
}
