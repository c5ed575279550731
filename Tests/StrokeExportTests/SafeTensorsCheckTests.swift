import Foundation
import PythonSupport
import StrokeModel
import StrokeTraining
import Testing

/// The model file read by Python's `safetensors` and run by a forward pass written in numpy
/// from the file's own metadata (architecture, labels, input scale): it must give our
/// classifier's labels and probabilities on real images, and stop giving them when a weight
/// or the labels are changed.
@Suite struct SafeTensorsCheckTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shippedModel = packageRoot.appendingPathComponent("models/automata-classifier.safetensors")

    /// 20 images of each class from the hand-drawn dataset (the built-in generated one when
    /// the hand-drawn one is not beside the repository), in a fixed order.
    static let images: Dataset = {
        let real = packageRoot.appendingPathComponent("../shared/datasets/automata-strokes").standardizedFileURL
        let folder = FileManager.default.fileExists(atPath: real.path)
            ? real : packageRoot.appendingPathComponent("datasets/synthetic-strokes")
        do {
            let all = try DatasetLoader.load(folder) { _ in }.train
            let picked = all.labels.indices.flatMap { c in all.targets.indices.filter { all.targets[$0] == c }.prefix(20) }
            return all.subset(picked)
        } catch {
            fatalError("cannot load \(folder.path): \(error)")
        }
    }()

    /// What the numpy forward pass says about `file`, against the shipped classifier.
    struct Verdict {
        let labels: [String]
        let maxDifference: Double
        let sameTopLabels: Bool
    }

    static func check(_ file: URL) async throws -> Verdict {
        let classifier = StrokeClassifier(model: try ModelFile.read(from: shippedModel))
        let result = try await PythonEnvironment.run(numpyForward, arguments: [file.path], input: Data(images.images))
        #expect(result.status == 0, "\(result.stderr)")
        struct Output: Decodable { let labels: [String]; let probabilities: [[Double]] }
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        var maxDifference = 0.0, sameTop = true
        for (index, theirs) in output.probabilities.enumerated() {
            let ours = classifier.classify(image: images.image(index)).probabilities.map(Double.init)
            maxDifference = max(maxDifference, zip(ours, theirs).map { abs($0 - $1) }.max() ?? .infinity)
            let top = { (p: [Double]) in p.indices.max { p[$0] < p[$1] }! }
            sameTop = sameTop && output.labels[top(theirs)] == classifier.model.labels[top(ours)]
        }
        #expect(output.probabilities.count == images.count)
        return Verdict(labels: output.labels, maxDifference: maxDifference, sameTopLabels: sameTop)
    }

    /// Reads everything from the file: tensors by name, the layer list, the labels, the
    /// input scale and the calibration's temperature; images arrive on stdin as 784 bytes each.
    static let numpyForward = """
        import json, sys
        import numpy as np
        from safetensors import safe_open
        from safetensors.numpy import load_file

        path = sys.argv[1]
        tensors = {k: v.astype(np.float64) for k, v in load_file(path).items()}
        with safe_open(path, framework="numpy") as f:
            meta = f.metadata()
        architecture = json.loads(meta["architecture"])
        labels = json.loads(meta["labels"])
        scale = json.loads(meta["input"])["scale"]
        c, h, w = architecture["input"]
        raw = np.frombuffer(sys.stdin.buffer.read(), dtype=np.uint8)
        x = raw.reshape(-1, c, h, w).astype(np.float64) * scale

        for i, layer in enumerate(architecture["layers"]):
            kind = layer["type"]
            if kind == "conv2d":
                weight, bias, pad = tensors[f"layers.{i}.weight"], tensors[f"layers.{i}.bias"], layer["padding"]
                k = weight.shape[2]
                padded = np.pad(x, ((0, 0), (0, 0), (pad, pad), (pad, pad)))
                windows = np.lib.stride_tricks.sliding_window_view(padded, (k, k), axis=(2, 3))
                x = np.einsum("nchwij,fcij->nfhw", windows, weight) + bias[None, :, None, None]
            elif kind == "relu":
                x = np.maximum(x, 0)
            elif kind == "maxpool2d":
                s = layer["size"]
                n, ch, hh, ww = x.shape
                x = x[:, :, :hh // s * s, :ww // s * s].reshape(n, ch, hh // s, s, ww // s, s).max(axis=(3, 5))
            elif kind == "flatten":
                x = x.reshape(x.shape[0], -1)
            elif kind == "linear":
                x = x @ tensors[f"layers.{i}.weight"].T + tensors[f"layers.{i}.bias"]
            else:
                raise SystemExit(f"unknown layer type {kind}")
        x = x / json.loads(meta.get("calibration", "{}")).get("temperature", 1.0)
        e = np.exp(x - x.max(axis=1, keepdims=True))
        print(json.dumps({"labels": labels, "probabilities": (e / e.sum(axis=1, keepdims=True)).tolist()}))
        """

    static func temporaryFile(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strokes-st-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent(name)
    }

    @Test func numpyFromTheFilesMetadataGivesOurProbabilities() async throws {
        let verdict = try await Self.check(Self.shippedModel)
        #expect(verdict.labels == ["arrow", "circle", "cycle", "other"])
        #expect(verdict.sameTopLabels)
        #expect(verdict.maxDifference < 1e-5, "max difference \(verdict.maxDifference)")
    }

    @Test func aChangedWeightIsCaught() async throws {
        var model = try ModelFile.read(from: Self.shippedModel)
        model.parameters[3][17] += 0.05  // one weight of the second convolution
        let file = try Self.temporaryFile("weight.safetensors")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try ModelFile.write(model, to: file)
        let verdict = try await Self.check(file)
        #expect(verdict.maxDifference > 1e-5, "the check must notice: \(verdict.maxDifference)")
    }

    @Test func swappedLabelsAreCaught() async throws {
        var model = try ModelFile.read(from: Self.shippedModel)
        model.labels.swapAt(1, 2)
        let file = try Self.temporaryFile("labels.safetensors")
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try ModelFile.write(model, to: file)
        let verdict = try await Self.check(file)
        #expect(verdict.maxDifference < 1e-5, "the numbers are unchanged")
        #expect(!verdict.sameTopLabels, "but circle and cycle now name each other's output")
    }
}
