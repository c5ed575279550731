import Foundation
import StrokeModel
import StrokeTraining
import Testing

// Which images `strokes evaluate` reads from a folder with train/ and test/.

/// `data/train` is the bars fixture (7 images); `data/test` has one bar per class (2 images).
private func splitFolder() throws -> ScratchFolder {
    let folder = try ScratchFolder()
    try BarsFixture.writeDataset(in: folder.path("data/train"))
    try PNGWriter.write(BarsFixture.bar(horizontal: true, at: 20), to: folder.path("data/test/h/0.png"))
    try PNGWriter.write(BarsFixture.bar(horizontal: false, at: 3), to: folder.path("data/test/v/0.png"))
    try ModelFile.write(BarsFixture.model(), to: folder.path("m.safetensors"))
    return folder
}

/// Runs an evaluation and returns its JSON's `images` and `split`.
private func evaluate(_ extra: [String], in folder: ScratchFolder) throws -> (images: Int?, split: String?) {
    let result = try StrokesProcess.run(["evaluate", "m.safetensors", "data", "--json", "e.json"] + extra, in: folder.url)
    #expect(result.status == 0, "stderr: \(result.stderr)")
    let object = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.path("e.json"))) as? [String: Any]
    return (object?["images"] as? Int, object?["split"] as? String)
}

@Test func testSplitIsTheDefault() throws {
    let folder = try splitFolder()
    let run = try evaluate([], in: folder)
    #expect(run.images == 2)
    #expect(run.split == "test")
}

@Test func splitOptionChoosesTrainOrAll() throws {
    let folder = try splitFolder()
    let train = try evaluate(["--split", "train"], in: folder)
    #expect(train.images == 7)
    #expect(train.split == "train")
    let all = try evaluate(["--split", "all"], in: folder)
    #expect(all.images == 9)
    #expect(all.split == "all")
}

@Test func askingForATestSplitThatIsNotThereFails() throws {
    let folder = try ScratchFolder()
    try BarsFixture.writeDataset(in: folder.path("data"))
    try ModelFile.write(BarsFixture.model(), to: folder.path("m.safetensors"))
    let result = try StrokesProcess.run(["evaluate", "m.safetensors", "data", "--split", "test"], in: folder.url)
    #expect(result.status != 0)
    #expect(result.errorLines.count == 1)
    #expect(result.errorLines.first?.hasPrefix("error: data has no train/ and test/ folders") == true)
}
