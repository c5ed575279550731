import Foundation
import Testing
@testable import StrokeTraining

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Dataset folders as people make them (docs/bad-inputs.md): every problem is one error naming
/// the folder, or a warning naming the file that is skipped.
@Suite struct DatasetBadInputTests {
    /// A 28×28 white-on-black PNG whose first pixel identifies it.
    static func write(_ mark: UInt8, _ relative: String, in folder: TemporaryFolder) throws {
        var pixels = [UInt8](repeating: 0, count: 784)
        pixels[0] = mark
        pixels[14 * 28 + 14] = 255
        TestPNG.writeGray(pixels, width: 28, height: 28, to: try folder.file(relative))
    }

    static func load(_ folder: URL) throws(DatasetError) -> (Dataset, [String]) {
        var warnings: [String] = []
        let loaded = try DatasetLoader.load(folder) { warnings.append($0) }
        return (loaded.train, warnings)
    }

    static func error(_ folder: URL) -> DatasetError? {
        do {
            _ = try load(folder)
            return nil
        } catch {
            return error
        }
    }

    static func link(_ relative: String, to destination: String, in folder: TemporaryFolder) throws {
        try FileManager.default.createSymbolicLink(atPath: try folder.file(relative).path, withDestinationPath: destination)
    }

    @Test func anEmptyFolderHasNoClassFolders() throws {
        let folder = try TemporaryFolder()
        let error = Self.error(folder.url)
        #expect(error == .noClassFolders(folder.url.path))
        #expect(error?.description.contains("\(folder.url.path)/circle/1.png") == true, "says what the layout is")
    }

    @Test func aClassFolderWithoutImagesIsAnError() throws {
        let folder = try TemporaryFolder()
        try Self.write(1, "arrow/a.png", in: folder)
        _ = try folder.folder("circle")
        let error = Self.error(folder.url)
        #expect(error == .emptyClass(folder.url.path, label: "circle"))
        #expect(error?.description.contains("\(folder.url.path)/circle") == true)
    }

    @Test func filesThatAreNotImagesAreWarnedAboutAndSkipped() throws {
        let folder = try TemporaryFolder()
        try Self.write(1, "circle/1.png", in: folder)
        try Data("notes".utf8).write(to: try folder.file("circle/notes.txt"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: try folder.file("circle/photo.jpg"))
        try Data([0xFF, 0xD8, 0xFF, 0xE0]).write(to: try folder.file("circle/2.png"))  // a JPEG renamed
        try Self.write(3, "circle/3.png", in: folder)
        try Data("{}".utf8).write(to: try folder.file("circle/3.json"))  // strokes beside their image: no warning
        try Self.write(4, "line/4.png", in: folder)
        let (data, warnings) = try Self.load(folder.url)
        let circle = folder.url.appendingPathComponent("circle").path
        #expect(warnings == [
            "skipped \(circle)/notes.txt: not a .png file; only PNG images are read (convert it to PNG)",
            "skipped \(circle)/photo.jpg: not a .png file; only PNG images are read (convert it to PNG)",
            "skipped \(circle)/2.png: not a PNG file (no PNG signature); convert it to PNG or remove it",
        ])
        // The images after a skipped one keep their own bytes.
        #expect((0..<data.count).map { data.image($0)[0] } == [1, 3, 4])
        #expect(data.paths.map { URL(fileURLWithPath: $0).lastPathComponent } == ["1.png", "3.png", "4.png"])
    }

    @Test func hiddenFilesAndFoldersAreSkippedSilently() throws {
        let folder = try TemporaryFolder()
        try Self.write(1, "circle/1.png", in: folder)
        try Self.write(2, "line/2.png", in: folder)
        try Data("junk".utf8).write(to: try folder.file(".DS_Store"))
        try Data("junk".utf8).write(to: try folder.file("circle/.DS_Store"))
        try Data("junk".utf8).write(to: try folder.file("circle/._1.png"))  // macOS resource fork
        try Self.write(3, ".Trash/x/3.png", in: folder)
        try Self.write(4, "circle/.cache/4.png", in: folder)
        let (data, warnings) = try Self.load(folder.url)
        #expect(warnings.isEmpty, "\(warnings)")
        #expect(data.labels == ["circle", "line"] && data.count == 2)
    }

    @Test func nestedFoldersAreWarnedAboutAndNotRead() throws {
        let folder = try TemporaryFolder()
        try Self.write(1, "circle/1.png", in: folder)
        try Self.write(2, "circle/more/2.png", in: folder)
        try Self.write(3, "line/3.png", in: folder)
        let (data, warnings) = try Self.load(folder.url)
        let circle = folder.url.appendingPathComponent("circle").path
        #expect(warnings == ["skipped \(circle)/more: a folder inside class folder \(circle); sub-folders are not read (move its images up)"])
        #expect(data.count == 2)
    }

    /// Links back up the tree, to themselves or to nothing: each is named and skipped, and
    /// loading ends (nothing is read recursively).
    @Test func symlinkLoopsAreSkippedAndDoNotHang() throws {
        let folder = try TemporaryFolder()
        try Self.write(1, "circle/1.png", in: folder)
        try Self.write(2, "line/2.png", in: folder)
        try Self.link("back", to: "..", in: folder)
        try Self.link("here", to: ".", in: folder)
        try Self.link("circle/again", to: "..", in: folder)
        try Self.link("circle/self.png", to: "self.png", in: folder)
        try Self.link("circle/gone.png", to: "nowhere.png", in: folder)
        let (data, warnings) = try Self.load(folder.url)
        #expect(data.labels == ["circle", "line"] && data.count == 2)
        let root = folder.url.path, home = folder.url.resolvingSymlinksInPath().path
        #expect(warnings.count == 5, "\(warnings)")
        #expect(warnings.contains("skipped \(root)/back: a link to \(URL(fileURLWithPath: home).deletingLastPathComponent().path), which holds this dataset (a loop); remove the link"))
        #expect(warnings.contains("skipped \(root)/here: a link to \(home), which holds this dataset (a loop); remove the link"))
        #expect(warnings.contains { $0.hasPrefix("skipped \(root)/circle/again: a folder inside class folder") })
        #expect(warnings.contains("skipped \(root)/circle/self.png: cannot be read (it is a symbolic link that loops back on itself); check that it exists and is readable"))
        #expect(warnings.contains("skipped \(root)/circle/gone.png: cannot be read (it is a link to nowhere.png, which does not exist); check that it exists and is readable"))
    }

    @Test func aDatasetFolderThatIsALoopingLinkIsAnError() throws {
        let folder = try TemporaryFolder()
        try Self.link("loop", to: "loop", in: folder)
        let loop = folder.url.appendingPathComponent("loop")
        #expect(Self.error(loop) == .folderUnreadable(loop.path, reason: "it is a symbolic link to loop, which does not exist or loops"))
    }

    @Test func classNamesThatDifferOnlyInCaseAreRefused() throws {
        let folder = try TemporaryFolder()
        try Self.write(1, "Circle/1.png", in: folder)
        try Self.write(2, "circle/2.png", in: folder)
        try Self.write(3, "line/3.png", in: folder)
        let error = Self.error(folder.url)
        #expect(error == .labelsDifferOnlyInCase(folder.url.path, labels: ["Circle", "circle"]))
        #expect(error?.description == "\(folder.url.path) has class folders Circle and circle that differ only in letter case; "
            + "merge them into one folder or give them distinct names")
    }

    @Test func caseOnlyDifferencesInATestSplitAreRefusedToo() throws {
        let folder = try TemporaryFolder()
        for split in ["train", "test"] {
            try Self.write(1, "\(split)/arrow/1.png", in: folder)
            try Self.write(2, "\(split)/circle/2.png", in: folder)
        }
        try Self.write(3, "test/Arrow/3.png", in: folder)
        #expect(Self.error(folder.url) == .labelsDifferOnlyInCase(folder.url.appendingPathComponent("test").path, labels: ["Arrow", "arrow"]))
    }

    /// Root reads any file, so this runs only as another user; CommandLineTests covers it as root
    /// by running `strokes train` as `nobody`.
    @Test(.enabled(if: getuid() != 0, "root can read a file without read permission"))
    func anUnreadableImageIsWarnedAboutAndSkipped() throws {
        let folder = try TemporaryFolder()
        try Self.write(1, "circle/1.png", in: folder)
        try Self.write(2, "circle/2.png", in: folder)
        try Self.write(3, "line/3.png", in: folder)
        let locked = folder.url.appendingPathComponent("circle/2.png").path
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: locked)
        let (data, warnings) = try Self.load(folder.url)
        #expect(warnings == ["skipped \(locked): cannot be read (permission denied); check that it exists and is readable"])
        #expect(data.count == 2)
    }
}
