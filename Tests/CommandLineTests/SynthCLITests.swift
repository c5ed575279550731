import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// `strokes synth`: the dataset with its drawings, and the contact sheet.
@Suite("strokes synth")
struct SynthCLITests {
    @Test func writesImagesDrawingsAndASheetThatOtherCommandsRead() throws {
        let scratch = try ScratchFolder()
        let made = try StrokesProcess.run(
            ["synth", "--out", "set", "--per-class", "4", "--seed", "2", "--sheet", "sheet.png", "--sheet-columns", "3"], in: scratch.url)
        #expect(made.status == 0, "stderr: \(made.stderr)")
        for label in ["arrow", "circle", "cycle", "other"] {
            let names = try FileManager.default.contentsOfDirectory(atPath: scratch.path("set/\(label)").path).sorted()
            #expect(names == ["00000.json", "00000.png", "00001.json", "00001.png", "00002.json", "00002.png", "00003.json", "00003.png"])
        }
        // The sheet: 4 rows (classes) of 3 cells, each 28×28 enlarged 3×, 4-pixel gutters.
        let sheet = try PNGDecoder.decode(contentsOf: scratch.path("sheet.png"))
        #expect(sheet.width == 4 + 3 * (84 + 4) && sheet.height == 4 + 4 * (84 + 4))
        // Its first cell is the first arrow's image, enlarged.
        let arrow = try PNGDecoder.decode(contentsOf: scratch.path("set/arrow/00000.png"))
        var mismatches = 0
        for y in 0..<84 {
            for x in 0..<84 where sheet.pixels[(4 + y) * sheet.width + 4 + x] != arrow.pixels[(y / 3) * 28 + x / 3] { mismatches += 1 }
        }
        #expect(mismatches == 0, "\(mismatches) sheet pixels differ from the enlarged image")

        // A drawing replays: predict reads it as a drawing file, and the same seed gives the same files.
        let model = PredictFixtures.shippedModel.path
        let predicted = try StrokesProcess.run(["predict", model, "--strokes", "set/cycle/00001.json", "--json"], in: scratch.url)
        #expect(predicted.status == 0, "stderr: \(predicted.stderr)")
        #expect(predicted.stdout.contains("\"input\" : \"set/cycle/00001.json\""))
        let again = try StrokesProcess.run(["synth", "--out", "again", "--per-class", "4", "--seed", "2"], in: scratch.url)
        #expect(again.status == 0)
        for file in ["cycle/00003.json", "cycle/00003.png", "circle/00000.png"] {
            #expect(try Data(contentsOf: scratch.path("again/\(file)")) == Data(contentsOf: scratch.path("set/\(file)")), "\(file)")
        }
    }

    @Test func sheetAloneWritesNoDataset() throws {
        let scratch = try ScratchFolder()
        let made = try StrokesProcess.run(["synth", "--sheet", "look.png", "--seed", "5"], in: scratch.url)
        #expect(made.status == 0, "stderr: \(made.stderr)")
        let sheet = try PNGDecoder.decode(contentsOf: scratch.path("look.png"))
        #expect(sheet.width == 4 + 10 * 88 && sheet.height == 4 + 4 * 88)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).filter { !$0.hasPrefix(".") } == ["look.png"])
    }

    @Test func nothingToWriteIsOneClearLine() throws {
        let scratch = try ScratchFolder()
        let result = try StrokesProcess.run(["synth", "--per-class", "3"], in: scratch.url)
        #expect(result.status != 0)
        #expect(result.stderr.contains("--out") && result.stderr.contains("--sheet"), "stderr: \(result.stderr)")
    }
}
