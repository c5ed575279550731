import Foundation
import PythonSupport
import StrokeModel
import StrokeTraining
import Testing

/// The model file seen from outside: Python's `safetensors` reads what we write, and we read
/// what it writes, in the project's Python environment (`.venv`, made by scripts/python-env.sh).
@Suite struct PythonInteropTests {
    typealias F = ModelFileFixtures

    /// What Python reports about one of our files.
    struct PythonView: Decodable {
        let keys: [String]
        let shapes: [String: [Int]]
        let dtypes: [String: String]
        /// Per tensor: the first, middle and last value, then the float64 sum.
        let samples: [String: [Double]]
        let metadata: [String: String]
        let architecture: ArchitectureView
        let labels: [String]

        struct ArchitectureView: Decodable {
            let input: [Int]
            let layers: [[String: JSONScalar]]
        }
    }

    enum JSONScalar: Decodable, Equatable {
        case int(Int), string(String)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let int = try? container.decode(Int.self) { self = .int(int) } else { self = .string(try container.decode(String.self)) }
        }
    }

    @Test func pythonReadsOurFile() async throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("ours.safetensors")
        let model = F.reference
        try ModelFile.write(model, to: url)

        let output = try await Python.run("""
            path = sys.argv[1]
            tensors = load_file(path)
            with safe_open(path, framework="numpy") as f:
                metadata = f.metadata()
                keys = list(f.keys())
            def samples(v):
                flat = v.reshape(-1)
                return [float(flat[0]), float(flat[flat.size // 2]), float(flat[-1]), float(flat.sum(dtype=np.float64))]
            print(json.dumps({
                "keys": keys,
                "shapes": {k: list(v.shape) for k, v in tensors.items()},
                "dtypes": {k: str(v.dtype) for k, v in tensors.items()},
                "samples": {k: samples(v) for k, v in tensors.items()},
                "metadata": metadata,
                "architecture": json.loads(metadata["architecture"]),
                "labels": json.loads(metadata["labels"]),
            }))
            """, arguments: [url.path])
        let view = try JSONDecoder().decode(PythonView.self, from: Data(output.utf8))

        let specs = model.architecture.parameterSpecs
        #expect(view.keys.sorted() == specs.map(\.name).sorted())
        #expect(view.shapes == Dictionary(uniqueKeysWithValues: specs.map { ($0.name, $0.shape) }))
        #expect(Set(view.dtypes.values) == ["float32"])
        for (spec, values) in zip(specs, model.parameters) {
            let sample = try #require(view.samples[spec.name])
            // Single values are exact; the sum only close (numpy adds pairwise).
            #expect(sample[0..<3].map { Float($0).bitPattern } == [values[0], values[values.count / 2], values[values.count - 1]].map(\.bitPattern))
            let sum = values.reduce(0.0) { $0 + Double($1) }
            #expect(abs(sample[3] - sum) <= 1e-9 * max(1, values.reduce(0.0) { $0 + abs(Double($1)) }), "\(spec.name)")
        }
        #expect(view.metadata == (try SafeTensors.decode(ModelFile.encode(model)).metadata))
        #expect(view.metadata["format"] == "strokes.classifier")
        #expect(view.metadata["format_version"] == "1")
        #expect(view.labels == F.labels)
        #expect(view.architecture.input == [1, 28, 28])
        #expect(view.architecture.layers.map { $0["type"] } == [
            "conv2d", "relu", "maxpool2d", "conv2d", "relu", "maxpool2d", "flatten", "linear", "relu", "linear",
        ].map { .string($0) })
        #expect(view.architecture.layers[7]["units"] == .int(128))
    }

    /// The file means what PyTorch means: numpy runs the reference network from the file
    /// with PyTorch's conventions (NCHW, weights `[out, in, kh, kw]`, flatten in `(c, y, x)`
    /// order) and gets the classifier's probabilities, although the classifier computes
    /// channels-last with reordered weights.
    @Test func numpyForwardFromTheFileAgreesWithTheClassifier() async throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("random.safetensors")
        let architecture = Architecture.reference(classes: F.labels.count)
        var generator = SeededGenerator(seed: 7)
        // Scaled like an initialisation, so the probabilities are spread out, not saturated.
        let parameters = architecture.parameterSpecs.map { spec in
            let bound = spec.kind == .weight ? (3 / Float(spec.shape.dropFirst().reduce(1, *))).squareRoot() : 0.1
            return (0..<spec.count).map { _ in Float.random(in: -bound...bound, using: &generator) }
        }
        let model = ClassifierModel(architecture: architecture, labels: F.labels, parameters: parameters)
        try ModelFile.write(model, to: url)
        // A ring, a diagonal line and noise: inputs with structure in every direction.
        let images: [[Float]] = [
            (0..<784).map { i in abs(hypot(Float(i % 28) - 13.5, Float(i / 28) - 12) - 8) < 1.2 ? 1 : 0 },
            (0..<784).map { i in abs(i % 28 - i / 28 + 3) <= 1 ? 0.8 : 0 },
            (0..<784).map { _ in Float.random(in: 0...1, using: &generator) },
        ]
        let output = try await Python.run("""
            t = load_file(sys.argv[1])
            def conv(x, w, b, pad):
                k = w.shape[2]
                x = np.pad(x, ((0, 0), (pad, pad), (pad, pad)))
                windows = np.lib.stride_tricks.sliding_window_view(x, (k, k), axis=(1, 2))
                return np.einsum("chwij,fcij->fhw", windows, w) + b[:, None, None]
            def pool(x):
                c, h, w = x.shape
                return x[:, :h // 2 * 2, :w // 2 * 2].reshape(c, h // 2, 2, w // 2, 2).max(axis=(2, 4))
            relu = lambda x: np.maximum(x, 0)
            p = {k: v.astype(np.float64) for k, v in t.items()}
            results = []
            for image in json.loads(sys.argv[2]):
                x = np.array(image, dtype=np.float64).reshape(1, 28, 28)
                x = pool(relu(conv(x, p["layers.0.weight"], p["layers.0.bias"], 2)))
                x = pool(relu(conv(x, p["layers.3.weight"], p["layers.3.bias"], 2)))
                x = relu(p["layers.7.weight"] @ x.reshape(-1) + p["layers.7.bias"])
                z = p["layers.9.weight"] @ x + p["layers.9.bias"]
                e = np.exp(z - z.max())
                results.append((e / e.sum()).tolist())
            print(json.dumps(results))
            """, arguments: [url.path, String(decoding: try JSONEncoder().encode(images), as: UTF8.self)])
        let expected = try JSONDecoder().decode([[Double]].self, from: Data(output.utf8))
        let classifier = StrokeClassifier(model: try ModelFile.read(from: url))
        for (image, reference) in zip(images, expected) {
            let probabilities = classifier.classify(image: image).probabilities.map(Double.init)
            #expect(reference.max()! < 0.99, "probabilities spread out, so differences show: \(reference)")
            let difference = zip(probabilities, reference).map { abs($0 - $1) }.max()!
            #expect(difference < 1e-5, "classifier \(probabilities), numpy \(reference)")
        }
    }

    @Test func weReadWhatPythonRewrites() async throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.safetensors")
        let theirs = folder.appendingPathComponent("theirs.safetensors")
        try ModelFile.write(F.reference, to: ours)
        try await rewrite(ours, to: theirs, dtype: "float32")
        // Python lays the tensors out in its own order; the model must still come back exactly.
        #expect(try Data(contentsOf: theirs) != Data(contentsOf: ours))
        let model = try ModelFile.read(from: theirs)
        #expect(model == F.reference)
        #expect(F.bitPatterns(model) == F.bitPatterns(F.reference))
    }

    @Test func weReadAModelMadeInPython() async throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("handmade.safetensors")
        // Metadata written by Python's json.dumps (spaces after separators), no `input` key.
        _ = try await Python.run("""
            save_file({
                "layers.1.weight": np.arange(32, dtype=np.float32).reshape(2, 16) / 8,
                "layers.1.bias": np.array([0.5, -0.25], dtype=np.float32),
            }, sys.argv[1], metadata={
                "format": "strokes.classifier", "format_version": "1",
                "architecture": json.dumps({"input": [1, 4, 4], "layers": [{"type": "flatten"}, {"type": "linear", "units": 2}]}),
                "labels": json.dumps(["yes", "no"]),
            })
            """, arguments: [url.path])
        let model = try ModelFile.read(from: url)
        #expect(model.architecture == (try Architecture(input: .init(channels: 1, height: 4, width: 4), layers: [.flatten, .dense(units: 2)])))
        #expect(model.labels == ["yes", "no"])
        #expect(model.parameters == [(0..<32).map { Float($0) / 8 }, [0.5, -0.25]])
        #expect(model.input == InputEncoding())
        #expect(model.provenance == nil)
    }

    @Test func weRejectAnF16TensorFromPython() async throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let ours = folder.appendingPathComponent("ours.safetensors")
        let half = folder.appendingPathComponent("half.safetensors")
        try ModelFile.write(F.reference, to: ours)
        try await rewrite(ours, to: half, dtype: "float16")
        #expect(throws: ModelFileError.container(source: half.path, .unsupportedDType(tensor: "layers.0.weight", dtype: "F16"))) {
            try ModelFile.read(from: half)
        }
    }

    /// Loads `source` with Python and saves it again with the same metadata, `layers.0.weight` as `dtype`.
    private func rewrite(_ source: URL, to destination: URL, dtype: String) async throws {
        _ = try await Python.run("""
            source, destination, dtype = sys.argv[1:4]
            tensors = load_file(source)
            with safe_open(source, framework="numpy") as f:
                metadata = f.metadata()
            tensors["layers.0.weight"] = tensors["layers.0.weight"].astype(dtype)
            save_file(tensors, destination, metadata=metadata)
            """, arguments: [source.path, destination.path, dtype])
    }
}

/// Runs Python scripts with numpy and safetensors, in the project's environment (.venv).
enum Python {
    struct ScriptFailed: Error, CustomStringConvertible {
        let status: Int32
        let stderr: String
        var description: String { "the Python script failed with status \(status): \(stderr)" }
    }

    static let prelude = """
        import json, sys
        import numpy as np
        from safetensors import safe_open
        from safetensors.numpy import load_file, save_file

        """

    /// Runs `script` after the imports; returns its standard output. Fails (never skips)
    /// when the environment cannot be made: PythonEnvironment throws with the reason.
    static func run(_ script: String, arguments: [String]) async throws -> String {
        let result = try await PythonEnvironment.run(prelude + script, arguments: arguments)
        guard result.status == 0 else { throw ScriptFailed(status: result.status, stderr: result.stderr) }
        return result.stdout
    }
}
