import Foundation

/// A loaded dataset folder: its training images and, with a `train/` + `test/` layout, its test images.
public struct DatasetFolder: Sendable, Equatable {
    public var train: Dataset
    public var test: Dataset?

    public init(train: Dataset, test: Dataset?) {
        self.train = train
        self.test = test
    }
}

/// Loads PNG datasets laid out as class folders (like torchvision's ImageFolder), optionally
/// split into `train/` and `test/`.
///
/// What is not an image is skipped: hidden entries (names starting with ".", like .DS_Store)
/// silently, files in the dataset folder itself (a README) silently, and in a class folder
/// anything else with a warning naming it: a file that is not a .png, a .png that does not
/// decode, a sub-folder (not read: a class is one flat folder). A folder holding only folders
/// is a dataset of its own (the editor's `corrections/symbols/` beside Teach's shape classes):
/// skipped with a warning, not taken for a class. A link back to the dataset
/// folder or above it is skipped with a warning, and nothing is read recursively, so link
/// loops cannot hang the loader.
public enum DatasetLoader {
    /// Loads `folder`. Skipped entries are reported through `warn` (one line each, naming the
    /// file and the reason). Files, labels and images come out in sorted order, so the same
    /// folder always gives the same dataset.
    public static func load(_ folder: URL, warn: (String) -> Void) throws(DatasetError) -> DatasetFolder {
        let folders = try subfolders(of: folder, warn: warn)
        guard folders.contains("train") else {
            if folders.contains("test") { throw .testWithoutTrain(folder.path) }
            return DatasetFolder(train: try loadClasses(folder, subfolders: folders, warn: warn), test: nil)
        }
        for ignored in folders where ignored != "train" && ignored != "test" {
            warn("ignored \(folder.appendingPathComponent(ignored).path): with train/ and test/, other folders are not read")
        }
        let train = try loadClasses(folder.appendingPathComponent("train"), warn: warn)
        guard folders.contains("test") else { return DatasetFolder(train: train, test: nil) }
        let test = try loadClasses(folder.appendingPathComponent("test"), warn: warn)
        guard test.labels == train.labels else {
            throw .labelMismatch(folder.path, train: train.labels, test: test.labels)
        }
        return DatasetFolder(train: train, test: test)
    }

    /// One folder of class folders.
    public static func loadClasses(_ folder: URL, warn: (String) -> Void) throws(DatasetError) -> Dataset {
        try loadClasses(folder, subfolders: try subfolders(of: folder, warn: warn), warn: warn)
    }

    /// `name.json` beside `name.png`: the pen strokes the image was drawn from (as `strokes
    /// synth` writes them), not a stray file worth a warning.
    private static func isDrawingBesideItsImage(_ name: String, pngs: Set<String>) -> Bool {
        name.hasSuffix(".json") && pngs.contains(String(name.dropLast(5)) + ".png")
    }

    private static func loadClasses(_ folder: URL, subfolders: [String], warn: (String) -> Void) throws(DatasetError) -> Dataset {
        var labels: [String] = []
        for label in subfolders {
            let path = folder.appendingPathComponent(label).path
            guard try !isDatasetOfItsOwn(path) else {
                warn("skipped \(path): it holds folders and no images, a dataset of its own (as the editor's corrections/symbols); train on it by its path")
                continue
            }
            labels.append(label)
        }
        guard !labels.isEmpty else { throw .noClassFolders(folder.path) }
        try checkDistinctIgnoringCase(labels, in: folder)
        var files: [(path: String, target: Int)] = []
        for (target, label) in labels.enumerated() {
            let classFolder = folder.appendingPathComponent(label)
            let names = try visibleEntries(of: classFolder)
            let pngs = Set(names.filter { $0.lowercased().hasSuffix(".png") })
            for name in names {
                let path = classFolder.appendingPathComponent(name).path
                if isFolder(path) {
                    warn("skipped \(path): a folder inside class folder \(classFolder.path); sub-folders are not read (move its images up)")
                } else if pngs.contains(name) {
                    files.append((path, target))
                } else if !isDrawingBesideItsImage(name, pngs: pngs) {
                    warn("skipped \(path): not a .png file; only PNG images are read (convert it to PNG)")
                }
            }
        }

        let (images, failures) = ImageBatchDecoder.decode(files.map(\.path))
        for failure in failures { warn("skipped \(failure.error.description)") }
        let failed = Set(failures.map(\.index))
        let kept = files.indices.filter { !failed.contains($0) }
        let dataset = Dataset(labels: labels, images: images, targets: kept.map { files[$0].target }, paths: kept.map { files[$0].path })
        guard dataset.count > 0 else { throw .noImages(folder.path, labels: labels) }
        if let empty = dataset.classCounts.firstIndex(of: 0) { throw .emptyClass(folder.path, label: labels[empty]) }
        return dataset
    }

    /// `Circle` and `circle` are one folder on macOS and Windows: refused, so a dataset means
    /// the same classes everywhere. (Swift's String equality also treats differently encoded
    /// accents as equal.)
    private static func checkDistinctIgnoringCase(_ labels: [String], in folder: URL) throws(DatasetError) {
        var seen: [String: String] = [:]
        for label in labels {
            if let other = seen.updateValue(label, forKey: label.lowercased()) {
                throw .labelsDifferOnlyInCase(folder.path, labels: [other, label])
            }
        }
    }

    /// Visible sub-folders, sorted by name, without links that lead back to `folder` or above it.
    private static func subfolders(of folder: URL, warn: (String) -> Void) throws(DatasetError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder.path) {
                throw .folderUnreadable(folder.path, reason: "it is a symbolic link to \(target), which does not exist or loops")
            }
            throw .folderMissing(folder.path)
        }
        guard isDirectory.boolValue else { throw .notAFolder(folder.path) }
        let home = folder.resolvingSymlinksInPath().path
        return try visibleEntries(of: folder).filter { name in
            let path = folder.appendingPathComponent(name).path
            guard isFolder(path) else { return false }
            let target = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            guard target != home, target != "/", !home.hasPrefix(target + "/") else {
                warn("skipped \(path): a link to \(target), which holds this dataset (a loop); remove the link")
                return false
            }
            return true
        }
    }

    /// Entry names not starting with "." (hidden files, macOS metadata), sorted by name.
    private static func visibleEntries(of folder: URL) throws(DatasetError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            let readable = FileManager.default.isReadableFile(atPath: folder.path)
            throw .folderUnreadable(folder.path, reason: readable ? error.localizedDescription : "permission denied")
        }
    }

    /// A folder of folders only (the editor's `corrections/symbols/` beside the shape classes).
    private static func isDatasetOfItsOwn(_ path: String) throws(DatasetError) -> Bool {
        let entries = try visibleEntries(of: URL(fileURLWithPath: path))
        return !entries.isEmpty && entries.allSatisfy { isFolder(path + "/" + $0) }
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}
