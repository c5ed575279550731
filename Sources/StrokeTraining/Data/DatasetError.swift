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
    /// Class folders whose names are equal but for letter case (e.g. `Circle` and `circle`).
    case labelsDifferOnlyInCase(String, labels: [String])

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
        case let .labelsDifferOnlyInCase(path, labels):
            // Case-insensitive file systems (macOS, Windows) would merge them, so the same
            // dataset would have other classes there.
            "\(path) has class folders \(labels.joined(separator: " and ")) that differ only in letter case; "
                + "merge them into one folder or give them distinct names"
        }
    }
}
