/// Why a model file cannot be read or written. Every case carries the file's name
/// (`source`) so the one-line description can be shown to a user as it is.
public enum ModelFileError: Error, Equatable, CustomStringConvertible {
    case unreadable(source: String, reason: String)
    case unwritable(source: String, reason: String)
    /// The bytes are not a valid safetensors container.
    case container(source: String, SafeTensorsError)
    case missingMetadata(source: String, key: String)
    case wrongFormat(source: String, found: String)
    case unsupportedVersion(source: String, found: String, readable: [Int])
    /// A metadata value (`architecture`, `labels`, `input`, `training`) is not the JSON it should be.
    case invalidMetadata(source: String, key: String, reason: String)
    case invalidArchitecture(source: String, ArchitectureError)
    case labelCount(source: String, labels: Int, classes: Int)
    case duplicateLabel(source: String, label: String)
    case emptyLabel(source: String, index: Int)
    case missingTensor(source: String, name: String, shape: [Int])
    case unexpectedTensor(source: String, name: String)
    case shapeMismatch(source: String, name: String, found: [Int], expected: [Int])
    /// `value` is the offending number as text (`nan`, `inf`, `-inf`).
    case nonFiniteWeight(source: String, name: String, index: Int, value: String)

    /// The file (or source of bytes) the error is about, as its one-line description names it.
    public var source: String {
        switch self {
        case let .unreadable(source, _), let .unwritable(source, _), let .container(source, _),
             let .missingMetadata(source, _), let .wrongFormat(source, _), let .unsupportedVersion(source, _, _),
             let .invalidMetadata(source, _, _), let .invalidArchitecture(source, _), let .labelCount(source, _, _),
             let .duplicateLabel(source, _), let .emptyLabel(source, _), let .missingTensor(source, _, _),
             let .unexpectedTensor(source, _), let .shapeMismatch(source, _, _, _), let .nonFiniteWeight(source, _, _, _):
            source
        }
    }

    public var description: String { "\(source): \(problem)" }

    private var problem: String {
        switch self {
        case let .unreadable(_, reason):
            "cannot read the model file: \(reason)"
        case let .unwritable(_, reason):
            "cannot write the model file: \(reason)"
        case let .container(_, error):
            "not a valid safetensors file: \(error)"
        case let .missingMetadata(_, key):
            "the metadata has no '\(key)'; this is not a strokes classifier file (write one with `strokes train`)"
        case let .wrongFormat(_, found):
            "the metadata says format '\(found)', not '\(ModelFile.formatName)'; this safetensors file is not a strokes classifier"
        case let .unsupportedVersion(_, found, readable):
            "format version '\(found)' is not supported; this build reads version "
                + readable.map(String.init).joined(separator: ", ") + " (a newer strokes may read it)"
        case let .invalidMetadata(_, key, reason):
            "metadata '\(key)' is invalid: \(reason); the file is corrupt or was edited by hand"
        case let .invalidArchitecture(_, error):
            "the architecture is invalid: \(error)"
        case let .labelCount(_, labels, classes):
            "the file has \(labels) labels but the architecture has \(classes) outputs; there must be one label per output"
        case let .duplicateLabel(_, label):
            "label '\(label)' appears more than once; labels must be unique"
        case let .emptyLabel(_, index):
            "label \(index) is empty; every class needs a name"
        case let .missingTensor(_, name, shape):
            "tensor \(name) with shape \(shape) is missing; the architecture needs it"
        case let .unexpectedTensor(_, name):
            "tensor \(name) is not a parameter of the architecture; the file belongs to another network or is corrupt"
        case let .shapeMismatch(_, name, found, expected):
            "tensor \(name) has shape \(found), the architecture needs \(expected)"
        case let .nonFiniteWeight(_, name, index, value):
            "tensor \(name) holds \(value) at index \(index); the file is corrupt (retrain or restore it)"
        }
    }
}
