import Foundation
import Testing
@testable import StrokeTraining

/// A 28×28 white-on-black image whose first pixel identifies it.
private func marked(_ mark: UInt8) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: 784)
    pixels[0] = mark
    pixels[14 * 28 + 14] = 255
    return pixels
}

private func writeImage(_ mark: UInt8, _ relative: String, in folder: TemporaryFolder) throws {
    TestPNG.writeGray(marked(mark), width: 28, height: 28, to: try folder.file(relative))
}

private func load(_ url: URL) throws(DatasetError) -> (DatasetFolder, [String]) {
    var warnings: [String] = []
    let loaded = try DatasetLoader.load(url) { warnings.append($0) }
    return (loaded, warnings)
}

private func loadError(_ url: URL) -> DatasetError? {
    do {
        _ = try load(url)
        return nil
    } catch {
        return error
    }
}

@Test func classFoldersLoadInSortedOrder() throws {
    let folder = try TemporaryFolder()
    // Created out of order: labels and files must still come out sorted.
    try writeImage(30, "zeta/b.png", in: folder)
    try writeImage(31, "zeta/a.png", in: folder)
    try writeImage(10, "alpha/only.png", in: folder)
    try writeImage(22, "mid/3.png", in: folder)
    try writeImage(20, "mid/1.png", in: folder)
    try writeImage(21, "mid/2.PNG", in: folder)
    try writeImage(99, ".hidden/x.png", in: folder)
    try Data("junk".utf8).write(to: try folder.file("mid/.DS_Store"))
    try Data("about".utf8).write(to: try folder.file("README.md"))

    let (loaded, warnings) = try load(folder.url)
    let train = loaded.train
    #expect(warnings.isEmpty)
    #expect(loaded.test == nil)
    #expect(train.labels == ["alpha", "mid", "zeta"])
    #expect(train.count == 6 && train.classCounts == [1, 3, 2])
    #expect(train.targets == [0, 1, 1, 1, 2, 2])
    #expect((0..<train.count).map { train.image($0)[0] } == [10, 20, 21, 22, 31, 30])
    #expect(train.paths.map { URL(fileURLWithPath: $0).lastPathComponent } == ["only.png", "1.png", "2.PNG", "3.png", "a.png", "b.png"])
    #expect(train.paths[0] == folder.url.appendingPathComponent("alpha/only.png").path)
    #expect(train.image(2) == marked(21))
}

@Test func loadingIsDeterministic() throws {
    let folder = try TemporaryFolder()
    for i in 0..<40 { try writeImage(UInt8(i), "c\(i % 3)/\(i).png", in: folder) }
    let (first, _) = try load(folder.url)
    let (second, _) = try load(folder.url)
    #expect(first == second)
    #expect(first.train.count == 40)
}

@Test func trainTestLayout() throws {
    let folder = try TemporaryFolder()
    try writeImage(1, "train/circle/a.png", in: folder)
    try writeImage(2, "train/arrow/a.png", in: folder)
    try writeImage(3, "train/arrow/b.png", in: folder)
    try writeImage(4, "test/arrow/a.png", in: folder)
    try writeImage(5, "test/circle/a.png", in: folder)
    try writeImage(6, "test/circle/b.png", in: folder)

    let (loaded, warnings) = try load(folder.url)
    #expect(warnings.isEmpty)
    #expect(loaded.train.labels == ["arrow", "circle"])
    #expect(loaded.train.classCounts == [2, 1])
    #expect((0..<3).map { loaded.train.image($0)[0] } == [2, 3, 1])
    let test = try #require(loaded.test)
    #expect(test.labels == ["arrow", "circle"] && test.classCounts == [1, 2])
    #expect((0..<3).map { test.image($0)[0] } == [4, 5, 6])
}

@Test func corruptFileIsWarnedAboutAndSkipped() throws {
    let folder = try TemporaryFolder()
    try writeImage(1, "arrow/good.png", in: folder)
    try writeImage(2, "circle/good.png", in: folder)
    let bad = try folder.file("circle/bad.png")
    try Data("definitely not a png".utf8).write(to: bad)

    let (loaded, warnings) = try load(folder.url)
    #expect(loaded.train.count == 2 && loaded.train.classCounts == [1, 1])
    #expect(!loaded.train.paths.contains(bad.path))
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains(bad.path) == true)
    #expect(warnings.first?.contains("not a PNG") == true)
}

@Test func nonSquareDarkOnWhiteFilesAreNormalized() throws {
    let folder = try TemporaryFolder()
    var pixels = [UInt8](repeating: 255, count: 56 * 28)
    for x in 0..<56 { pixels[14 * 56 + x] = 0 }  // a dark horizontal line on white
    TestPNG.writeGray(pixels, width: 56, height: 28, to: try folder.file("line/wide.png"))
    let (loaded, _) = try load(folder.url)
    let image = loaded.train.image(0)
    #expect(image.count == 784)
    #expect(image[0] == 0, "background inverted to black")
    #expect((0..<28).allSatisfy { image[14 * 28 + $0] == 128 }, "half a row's ink at row 7 + 14/2")
}

// MARK: errors

@Test func missingFolderIsAnError() throws {
    let folder = try TemporaryFolder()
    let missing = folder.url.appendingPathComponent("nope")
    let error = loadError(missing)
    #expect(error == .folderMissing(missing.path))
    #expect(error?.description.contains(missing.path) == true)
}

@Test func fileInsteadOfFolderIsAnError() throws {
    let folder = try TemporaryFolder()
    let file = try folder.file("a.png")
    try writeImage(1, "a.png", in: folder)
    #expect(loadError(file) == .notAFolder(file.path))
}

@Test func folderWithoutClassFoldersIsAnError() throws {
    let folder = try TemporaryFolder()
    try writeImage(1, "loose.png", in: folder)
    let error = loadError(folder.url)
    #expect(error == .noClassFolders(folder.url.path))
    #expect(error?.description.contains("sub-folder") == true)
}

@Test func datasetWithoutImagesIsAnError() throws {
    let folder = try TemporaryFolder()
    _ = try folder.folder("arrow")
    _ = try folder.folder("circle")
    #expect(loadError(folder.url) == .noImages(folder.url.path, labels: ["arrow", "circle"]))
}

@Test func classWithoutReadableImageIsAnError() throws {
    let folder = try TemporaryFolder()
    try writeImage(1, "arrow/a.png", in: folder)
    try Data([0x89, 0x50, 0x4E]).write(to: try folder.file("circle/cut.png"))
    var warnings: [String] = []
    #expect(throws: DatasetError.emptyClass(folder.url.path, label: "circle")) {
        try DatasetLoader.load(folder.url) { warnings.append($0) }
    }
    #expect(warnings.count == 1 && warnings[0].contains("cut.png"))
    let description = DatasetError.emptyClass(folder.url.path, label: "circle").description
    #expect(description.contains(folder.url.appendingPathComponent("circle").path))
}

@Test func testLabelsMustMatchTrainLabels() throws {
    let folder = try TemporaryFolder()
    try writeImage(1, "train/arrow/a.png", in: folder)
    try writeImage(2, "train/circle/a.png", in: folder)
    try writeImage(3, "test/arrow/a.png", in: folder)
    try writeImage(4, "test/cycle/a.png", in: folder)
    let error = loadError(folder.url)
    #expect(error == .labelMismatch(folder.url.path, train: ["arrow", "circle"], test: ["arrow", "cycle"]))
    #expect(error?.description.contains("cycle") == true)
}

@Test func testFolderWithoutTrainFolderIsAnError() throws {
    let folder = try TemporaryFolder()
    try writeImage(1, "test/arrow/a.png", in: folder)
    #expect(loadError(folder.url) == .testWithoutTrain(folder.url.path))
}

// MARK: the real dataset

/// The shared hand-drawn dataset, beside the repository; absent on machines without it.
private let realDataset = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("../shared/datasets/automata-strokes").standardizedFileURL

@Test(.enabled(if: FileManager.default.fileExists(atPath: realDataset.path), "needs ../shared/datasets/automata-strokes"))
func loadsTheRealDataset() throws {
    let started = Date()
    let (loaded, warnings) = try load(realDataset)
    let elapsed = Date().timeIntervalSince(started)
    let train = loaded.train
    #expect(warnings.isEmpty)
    #expect(loaded.test == nil)
    #expect(train.count == 595)
    #expect(train.labels == ["arrow", "circle", "cycle"])
    #expect(train.classCounts == [161, 198, 236])
    #expect(elapsed < 2, "loading took \(elapsed) s")
    // Computed independently in Python (zlib + hashlib) following `Dataset.fingerprint`'s recipe.
    #expect(train.fingerprint == "3f760c0452d12d3d42c4b2ede25835eff6027ea0336b099c32ed41ffaa9a77cc")
    // The files are already 28×28 white on black: none may be inverted or resampled.
    for i in 0..<train.count {
        let decoded = try PNGDecoder.decode(contentsOf: URL(fileURLWithPath: train.paths[i]))
        #expect(decoded.pixels == train.image(i), "\(train.paths[i])")
    }
}

/// The editor's corrections folder: Teach's shape classes beside `symbols/`, the corrected
/// handwriting's own dataset of class folders. Training on the folder reads the shapes and
/// says why `symbols/` was left out; training on `symbols/` reads the characters.
@Test func aFolderOfClassFoldersInsideADatasetIsSkippedAsADatasetOfItsOwn() throws {
    let folder = try TemporaryFolder()
    try writeImage(1, "arrow/one.png", in: folder)
    try writeImage(2, "symbols/a/one.png", in: folder)
    try writeImage(3, "symbols/b/one.png", in: folder)
    let (loaded, warnings) = try load(folder.url)
    #expect(loaded.train.labels == ["arrow"] && loaded.train.count == 1)
    #expect(warnings.count == 1 && warnings[0].contains("symbols") && warnings[0].contains("a dataset of its own"), "\(warnings)")
    let (symbols, none) = try load(folder.url.appendingPathComponent("symbols"))
    #expect(symbols.train.labels == ["a", "b"] && none.isEmpty)
}
