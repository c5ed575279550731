import Dispatch
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

/// Why a dataset folder cannot be used. Each description names the folder and says what to do.
public enum DatasetError: Error, Equatable, CustomStringConvertible {
    case folderMissing(String)
    case notAFolder(String)
    case folderUnreadable(String, reason: String)
    case noClassFolders(String)
    case noImages(String, labels: [String])
    case emptyClass(String, label: String)
    case testWithoutTrain(String)
    case labelMismatch(String, train: [String], test: [String])

    private static let layout = "one sub-folder of PNGs per class, named after the class"

    public var description: String {
        switch self {
        case let .folderMissing(path):
            "dataset folder \(path) does not exist; pass a folder with \(Self.layout)"
        case let .notAFolder(path):
            "\(path) is a file, not a folder; pass a dataset folder with \(Self.layout)"
        case let .folderUnreadable(path, reason):
            "cannot list dataset folder \(path) (\(reason)); check that it is readable"
        case let .noClassFolders(path):
            "\(path) has no class folders; put the images in \(Self.layout) (e.g. \(path)/circle/1.png)"
        case let .noImages(path, labels):
            "\(path) has no readable PNG image in its class folders (\(labels.joined(separator: ", "))); add PNG images to them"
        case let .emptyClass(path, label):
            "class folder \(path)/\(label) has no readable PNG image; add images to it or remove the folder"
        case let .testWithoutTrain(path):
            "\(path) has a test/ folder but no train/ folder; put the training classes in \(path)/train/"
        case let .labelMismatch(path, train, test):
            "\(path): the classes in test/ (\(test.joined(separator: ", "))) differ from those in train/ (\(train.joined(separator: ", "))); give both the same class folders"
        }
    }
}

/// Loads PNG datasets laid out as class folders (like torchvision's ImageFolder), optionally
/// split into `train/` and `test/`.
public enum DatasetLoader {
    /// Loads `folder`. Files that cannot be decoded are reported through `warn` (one line each,
    /// naming the file and the reason) and skipped. Files, labels and images come out in sorted
    /// order, so the same folder always gives the same dataset.
    public static func load(_ folder: URL, warn: (String) -> Void) throws(DatasetError) -> DatasetFolder {
        let folders = try subfolders(of: folder)
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
        try loadClasses(folder, subfolders: try subfolders(of: folder), warn: warn)
    }

    /// `name.json` beside `name.png`: the pen strokes the image was drawn from (as `strokes
    /// synth` writes them), not a stray file worth a warning.
    private static func isDrawingBesideItsImage(_ name: String, pngs: Set<String>) -> Bool {
        name.hasSuffix(".json") && pngs.contains(String(name.dropLast(5)) + ".png")
    }

    private static func loadClasses(_ folder: URL, subfolders labels: [String], warn: (String) -> Void) throws(DatasetError) -> Dataset {
        guard !labels.isEmpty else { throw .noClassFolders(folder.path) }
        var files: [(url: URL, target: Int)] = []
        for (target, label) in labels.enumerated() {
            let classFolder = folder.appendingPathComponent(label)
            let names = try visibleEntries(of: classFolder)
            let pngs = Set(names.filter { $0.lowercased().hasSuffix(".png") })
            for name in names {
                let url = classFolder.appendingPathComponent(name)
                if pngs.contains(name) && !isFolder(url.path) {
                    files.append((url, target))
                } else if !isDrawingBesideItsImage(name, pngs: pngs) {
                    warn("skipped \(url.path): not a .png file")
                }
            }
        }

        let decoded = decodeInParallel(files.map(\.url))
        var images = [UInt8](), targets = [Int](), paths = [String]()
        images.reserveCapacity(files.count * Dataset.imageSize)
        for (file, result) in zip(files, decoded) {
            switch result {
            case let .success(bytes):
                images.append(contentsOf: bytes)
                targets.append(file.target)
                paths.append(file.url.path)
            case let .failure(error):
                warn("skipped \(error.description)")
            }
        }

        let dataset = Dataset(labels: labels, images: images, targets: targets, paths: paths)
        guard dataset.count > 0 else { throw .noImages(folder.path, labels: labels) }
        if let empty = dataset.classCounts.firstIndex(of: 0) { throw .emptyClass(folder.path, label: labels[empty]) }
        return dataset
    }

    /// Decodes and normalizes every file; results come back in input order whatever the scheduling.
    private static func decodeInParallel(_ urls: [URL]) -> [Result<[UInt8], ImageError>] {
        let slots = Slots<Result<[UInt8], ImageError>>(count: urls.count)
        DispatchQueue.concurrentPerform(iterations: urls.count) { i in
            slots.buffer[i] = Result { () throws(ImageError) in
                ImageNormalizer.normalize(try PNGDecoder.decode(contentsOf: urls[i]))
            }
        }
        return slots.buffer.map { $0! }
    }

    /// Visible sub-folders, sorted by name.
    private static func subfolders(of folder: URL) throws(DatasetError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder.path, isDirectory: &isDirectory) else {
            throw .folderMissing(folder.path)
        }
        guard isDirectory.boolValue else { throw .notAFolder(folder.path) }
        return try visibleEntries(of: folder).filter { isFolder(folder.appendingPathComponent($0).path) }
    }

    /// Entry names not starting with "." (hidden files, macOS metadata), sorted by name.
    private static func visibleEntries(of folder: URL) throws(DatasetError) -> [String] {
        do {
            return try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { !$0.hasPrefix(".") }.sorted()
        } catch {
            throw .folderUnreadable(folder.path, reason: error.localizedDescription)
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

/// Fixed slots that parallel workers fill, each at its own index (so no two touch the same memory).
private final class Slots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element?>

    init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        _ = buffer.deinitialize()
        buffer.deallocate()
    }
}
