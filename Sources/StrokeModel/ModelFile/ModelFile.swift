import Foundation

/// The classifier's model file: a safetensors file whose tensors are the parameters
/// (`layers.<i>.weight`, `layers.<i>.bias`) and whose `__metadata__` says what they mean
/// (see "The model file" in DESIGN.md). Readable by any safetensors tooling.
public enum ModelFile {
    /// The `format` value in every model file's metadata: a file without it is not a classifier.
    public static let formatName = "strokes.classifier"
    /// The version this build writes.
    public static let formatVersion = 1
    /// The versions this build reads.
    public static let readableVersions = [1]

    /// The bytes of the model's file: its parameters as tensors, what they mean as metadata.
    public static func encode(_ model: ClassifierModel) -> [UInt8] {
        let tensors = zip(model.architecture.parameterSpecs, model.parameters).map { spec, values in
            SafeTensors.Tensor(name: spec.name, shape: spec.shape, values: values)
        }
        return SafeTensors.encode(tensors, metadata: ModelMetadata.encode(model))
    }

    /// `source` names the bytes in error messages (usually the file's path).
    public static func decode(_ bytes: [UInt8], source: String) throws(ModelFileError) -> ClassifierModel {
        let contents: SafeTensors.Contents
        do {
            contents = try SafeTensors.decode(bytes)
        } catch {
            throw .container(source: source, error)
        }
        let header = try ModelMetadata.decode(contents.metadata, source: source)
        let parameters = try parameters(of: header.architecture, in: contents.tensors, source: source)
        return ClassifierModel(
            architecture: header.architecture, labels: header.labels, parameters: parameters,
            input: header.input, rasterizer: header.rasterizer, provenance: header.provenance,
            calibration: header.calibration)
    }

    /// The model in the file at `url`, checked against its architecture.
    /// - Throws: `ModelFileError`, naming the file and what is wrong with it.
    public static func read(from url: URL) throws(ModelFileError) -> ClassifierModel {
        let source = name(of: url)
        guard let data = try? Data(contentsOf: url) else {
            throw .unreadable(source: source, reason: FileReadFailure.reason(url.path))
        }
        return try decode(Array(data), source: source)
    }

    /// Writes atomically: readers see the old file or the new one, never a part of it.
    public static func write(_ model: ClassifierModel, to url: URL) throws(ModelFileError) {
        do {
            try AtomicFile.write(encode(model), to: url)
        } catch {
            throw .unwritable(source: name(of: url), reason: error.localizedDescription)
        }
    }

    /// The path as the user gave it (relative paths stay relative), for messages.
    private static func name(of url: URL) -> String {
        url.isFileURL ? url.relativePath : url.absoluteString
    }

    /// The file's tensors in `parameterSpecs` order, after checking names, shapes and values.
    private static func parameters(
        of architecture: Architecture, in tensors: [SafeTensors.Tensor], source: String
    ) throws(ModelFileError) -> [[Float]] {
        let specs = architecture.parameterSpecs
        let byName = Dictionary(uniqueKeysWithValues: tensors.map { ($0.name, $0) })
        let expected = Set(specs.map(\.name))
        // Report extras in file order so the message is stable.
        if let extra = tensors.first(where: { !expected.contains($0.name) }) {
            throw .unexpectedTensor(source: source, name: extra.name)
        }
        return try specs.map { spec throws(ModelFileError) -> [Float] in
            guard let tensor = byName[spec.name] else {
                throw .missingTensor(source: source, name: spec.name, shape: spec.shape)
            }
            guard tensor.shape == spec.shape else {
                throw .shapeMismatch(source: source, name: spec.name, found: tensor.shape, expected: spec.shape)
            }
            if let index = tensor.values.firstIndex(where: { !$0.isFinite }) {
                throw .nonFiniteWeight(source: source, name: spec.name, index: index, value: "\(tensor.values[index])")
            }
            return tensor.values
        }
    }
}
