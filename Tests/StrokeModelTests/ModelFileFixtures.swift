import Foundation
import StrokeModel
import StrokeTraining

/// Models, bytes and folders shared by the model-file tests (namespaced: other suites share this target).
enum ModelFileFixtures {
    static let source = "models/x.safetensors"
    static let labels = ["circle", "line", "loop"]

    /// The reference network with seeded random weights, plus values that only a bit-exact
    /// writer keeps (negative zero, the smallest subnormal, the largest finite float).
    static func model(seed: UInt64 = 42, provenance: TrainingProvenance? = provenance()) -> ClassifierModel {
        let architecture = Architecture.reference(classes: labels.count)
        var generator = SeededGenerator(seed: seed)
        var parameters = architecture.parameterSpecs.map { spec in
            (0..<spec.count).map { _ in Float.random(in: -1...1, using: &generator) }
        }
        parameters[0][0] = -0.0
        parameters[1][0] = .leastNonzeroMagnitude
        parameters[parameters.count - 1][0] = -.greatestFiniteMagnitude
        return ClassifierModel(
            architecture: architecture, labels: labels, parameters: parameters,
            input: InputEncoding(), provenance: provenance)
    }

    static func provenance() -> TrainingProvenance {
        TrainingProvenance(
            datasetFingerprint: String(repeating: "ab12", count: 16), datasetImages: 1234, seed: .max, epochs: 12,
            bestEpoch: 9, batchSize: 64, optimizer: "adam", learningRate: 0.001, weightDecay: 5e-4,
            schedule: "cosine", augmentation: "rotate ±15°, width 0.5…1.5", threads: 4, validationImages: 240,
            validationAccuracy: 0.9375, validationConfusion: [[80, 0, 0], [1, 79, 0], [12, 2, 66]],
            command: #"strokes train "data/ü set" --out models/x.safetensors"#)
    }

    /// `model()`, made once: building and encoding 200k weights is slow in debug builds.
    static let reference = model()
    static let referenceContents = try! SafeTensors.decode(ModelFile.encode(reference))

    /// Good model bytes, decoded into safetensors contents, changed by `edit`, encoded again.
    static func patched(_ edit: (inout SafeTensors.Contents) -> Void) -> [UInt8] {
        var contents = referenceContents
        edit(&contents)
        return SafeTensors.encode(contents.tensors, metadata: contents.metadata)
    }

    /// The error `ModelFile.decode` throws for `bytes`, or nil if it accepts them.
    static func rejection(_ bytes: [UInt8]) -> ModelFileError? {
        do {
            _ = try ModelFile.decode(bytes, source: source)
            return nil
        } catch {
            return error
        }
    }

    /// The error `SafeTensors.decode` throws for `bytes`, or nil if it accepts them.
    static func rejection(safeTensors bytes: [UInt8]) -> SafeTensorsError? {
        do {
            _ = try SafeTensors.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A safetensors file made by hand: length field, header text as given (no padding), data.
    static func raw(header: String, data: [UInt8] = []) -> [UInt8] {
        raw(headerBytes: Array(header.utf8), data: data)
    }

    static func raw(headerBytes: [UInt8], data: [UInt8] = []) -> [UInt8] {
        withUnsafeBytes(of: UInt64(headerBytes.count).littleEndian) { Array($0) } + headerBytes + data
    }

    /// The header text of an encoded file, padding included.
    static func header(of bytes: [UInt8]) -> String {
        let length = Int(bytes[0..<8].reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
        return String(decoding: bytes[8..<8 + length], as: UTF8.self)
    }

    /// A new empty folder under the system's temporary folder; remove it when done.
    static func temporaryFolder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("strokes-modelfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    static func bitPatterns(_ model: ClassifierModel) -> [[UInt32]] {
        model.parameters.map { $0.map(\.bitPattern) }
    }
}
