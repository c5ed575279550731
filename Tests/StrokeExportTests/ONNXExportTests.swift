import Foundation
import PythonSupport
import StrokeModel
import StrokeTraining
import Testing
@testable import StrokeExport

/// The ONNX export read back two ways: field by field with `ProtobufFields` (the structure we
/// meant to write), and by ONNX's own tools (`onnx.checker` with full checks, onnxruntime),
/// whose probabilities must be our classifier's on real images — and must stop being so when
/// the file is corrupted.
@Suite("ONNX export", .serialized)
struct ONNXExportTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let shippedModelFile = packageRoot.appendingPathComponent("models/automata-classifier.safetensors")
    static let datasetFolder = packageRoot.appendingPathComponent("../shared/datasets/automata-strokes").standardizedFileURL

    /// The largest difference between onnxruntime's and `StrokeClassifier`'s probabilities
    /// that still counts as the same model.
    static let tolerance = 1e-5

    static func shippedModel() throws -> ClassifierModel { try ModelFile.read(from: shippedModelFile) }

    // MARK: structure, read back in Swift

    @Test func theModelDeclaresItsVersionsAndProducer() throws {
        let file = try ProtobufFields(ONNXExporter.encode(try Self.shippedModel()))
        #expect(file.int(1) == 7, "ir_version")
        #expect(file.string(2) == "strokes", "producer_name")
        let opsets = try file.messages(8)
        #expect(opsets.count == 1)
        #expect(opsets.first?.string(1) == "", "the default ONNX domain")
        #expect(opsets.first?.int(2) == 13)
    }

    @Test func nodesFollowTheLayerListThenSoftmax() throws {
        let model = try Self.shippedModel()
        let graph = try #require(try ProtobufFields(ONNXExporter.encode(model)).message(7))
        let nodes = try graph.messages(1)
        // A calibrated model scales its logits before the softmax (CalibratedONNXExportTests).
        let scale = model.calibration.temperature != 1 ? ["temperature"] : []
        #expect(nodes.map { $0.string(4) } == [
            "Conv", "Relu", "MaxPool", "Conv", "Relu", "MaxPool", "Flatten", "Gemm", "Relu", "Gemm",
        ] + scale.map { _ in "Mul" } + ["Softmax"])
        #expect(nodes.map { $0.string(3) } == (0..<10).map { "layers.\($0)" } + scale + ["softmax"])
        // Each node reads the previous node's output; the first reads the graph input.
        var previous = "input"
        for node in nodes {
            #expect(Self.strings(node, 1).first == previous)
            previous = try #require(Self.strings(node, 2).first)
        }
        #expect(previous == "probabilities")
        #expect(Self.strings(nodes[0], 1) == ["input", "layers.0.weight", "layers.0.bias"])
        #expect(Self.strings(nodes[9], 1) == ["layers.8.output", "layers.9.weight", "layers.9.bias"])

        let attributes = try nodes.map(Self.attributes)
        #expect(attributes[0] == ["kernel_shape": [5, 5], "pads": [2, 2, 2, 2], "strides": [1, 1]])
        #expect(attributes[2] == ["kernel_shape": [2, 2], "strides": [2, 2]])
        #expect(attributes[6] == ["axis": [1]])
        #expect(attributes[7] == ["transB": [1]])
        #expect(attributes.last == ["axis": [1]])
        #expect(attributes[1].isEmpty)
    }

    @Test func initializersAreTheModelsParametersWithTheirNamesAndShapes() throws {
        let model = try Self.shippedModel()
        let graph = try #require(try ProtobufFields(ONNXExporter.encode(model)).message(7))
        let initializers = try graph.messages(5)
        let specs = model.architecture.parameterSpecs
        // The parameters, then the calibration's scale when the model has one.
        #expect(initializers.prefix(specs.count).map { $0.string(8) } == specs.map(\.name))
        let scale = model.calibration.temperature == 1 ? [] : ["temperature.inverse"]
        #expect(initializers.dropFirst(specs.count).map { $0.string(8) } == scale)
        for (index, (tensor, spec)) in zip(initializers, specs).enumerated() {
            #expect(try tensor.ints(1) == spec.shape.map(Int64.init), "dims of \(spec.name)")
            #expect(tensor.int(2) == 1, "FLOAT")
            // Bit for bit: raw_data is little-endian IEEE 754.
            #expect(tensor.floats(9).map(\.bitPattern) == model.parameters[index].map(\.bitPattern), "values of \(spec.name)")
        }
        // Weights are constants, not graph inputs.
        #expect(try graph.messages(11).count == 1)
    }

    @Test func inputAndOutputHaveASymbolicBatchDimension() throws {
        let graph = try #require(try ProtobufFields(ONNXExporter.encode(try Self.shippedModel())).message(7))
        let inputs = try graph.messages(11), outputs = try graph.messages(12)
        #expect(inputs.map { $0.string(1) } == ["input"])
        #expect(outputs.map { $0.string(1) } == ["probabilities"])
        #expect(try Self.tensorType(inputs[0]) == .init(elementType: 1, dims: ["N", "1", "28", "28"]))
        #expect(try Self.tensorType(outputs[0]) == .init(elementType: 1, dims: ["N", "4"]))
        #expect(inputs[0].string(3)?.contains("0.003921569") == true, "the doc string says how to scale")
    }

    @Test func metadataCarriesLabelsAndInputEncoding() throws {
        let model = try Self.shippedModel()
        let metadata = try Self.metadata(ProtobufFields(ONNXExporter.encode(model)))
        #expect(metadata["labels"] == #"["arrow","circle","cycle","other"]"#)
        #expect(metadata["format"] == "strokes.classifier")
        #expect(metadata["input_scale"].flatMap(Float.init) == model.input.scale)
        #expect(metadata["ink"] == "white-on-black")
        #expect(metadata["rasterizer"]?.contains(#""side":28"#) == true)
        #expect(metadata["training"]?.contains("datasetFingerprint") == true)
    }

    @Test func exportIsDeterministic() throws {
        let model = try Self.shippedModel()
        #expect(try ONNXExporter.encode(model) == ONNXExporter.encode(model))
    }

    @Test func layerOrdersWithoutAnONNXEquivalentAreRefused() throws {
        let small = TensorShape(channels: 1, height: 5, width: 5)
        // A 5×5 convolution of a 5×5 image is 3×1×1, which our dense layers read as a vector.
        #expect(throws: ONNXExportError.denseWithoutFlatten(layer: 1, summary: "dense 2")) {
            try ONNXExporter.encode(Self.zeroModel(small, [.conv(filters: 3, kernel: 5, padding: 0), .dense(units: 2)]))
        }
        #expect(throws: ONNXExportError.spatialLayerAfterFlatten(layer: 1, summary: "maxpool 1")) {
            try ONNXExporter.encode(Self.zeroModel(small, [.flatten, .maxPool(size: 1), .dense(units: 2)]))
        }
        #expect(throws: ONNXExportError.outputNotFlat(lastLayer: 1, summary: "relu")) {
            try ONNXExporter.encode(Self.zeroModel(small, [.conv(filters: 3, kernel: 5, padding: 0), .relu]))
        }
        var short = try Self.zeroModel(small, [.flatten, .dense(units: 2)])
        short.parameters[0].removeLast()
        #expect(throws: ONNXExportError.parameterSize(name: "layers.1.weight", expected: 50, found: 49)) {
            try ONNXExporter.encode(short)
        }
        let message = ONNXExportError.denseWithoutFlatten(layer: 1, summary: "dense 2").description
        #expect(message.contains("layer 1 (dense 2)") && message.contains("add a flatten"))
    }

    // MARK: checked by onnx and onnxruntime

    @Test func theShippedModelPassesTheCheckerAndGivesOurProbabilities() async throws {
        let model = try Self.shippedModel()
        let images = try Self.testImages(for: model)
        #expect(images.count >= 30)
        #expect(Set(images.map(\.label)) == Set(model.labels), "every class")
        let verdict = try await Self.verdict(on: ONNXExporter.encode(model), images: images.map(\.pixels), reference: model)
        #expect(verdict.checkerError == nil)
        #expect(verdict.labelsError == nil)
        #expect(verdict.batchShape == [images.count, model.labels.count], "one run of the whole batch: the batch dimension is symbolic")
        #expect(verdict.matches, "max abs difference \(verdict.maxDifference)")
        print("ONNX export: \(images.count) images, max abs difference to StrokeClassifier \(verdict.maxDifference)")
    }

    /// The symbol model: 39 classes, ε and λ among the labels, on generated writing of each.
    @Test func theShippedSymbolModelPassesTheCheckerAndGivesOurProbabilities() async throws {
        let model = try ModelFile.read(from: Self.packageRoot.appendingPathComponent("models/symbol-classifier.safetensors"))
        #expect(model.labels.contains("ε") && model.labels.contains("λ") && model.labels.count == 39)
        let written = SyntheticSymbols.render(SyntheticSymbols.drawings(perClass: 1, seed: 11))
        let images = (0..<written.count).map { written.image($0) }
        let verdict = try await Self.verdict(on: ONNXExporter.encode(model), images: images, reference: model)
        #expect(verdict.checkerError == nil)
        #expect(verdict.labelsError == nil)
        #expect(verdict.matches, "max abs difference \(verdict.maxDifference)")
    }

    /// Another shape of network: no padding, a 3×3 kernel, pooling that drops a remainder
    /// (26 / 4), dense right after flatten, and labels that need JSON escaping.
    @Test func anotherArchitectureAlsoGivesOurProbabilities() async throws {
        var model = try Self.zeroModel(
            TensorShape(channels: 1, height: 28, width: 28),
            [.conv(filters: 4, kernel: 3, padding: 0), .relu, .maxPool(size: 4), .flatten, .dense(units: 3)],
            labels: ["état", #"say "hi""#, "a/b"])
        var random = SeededGenerator(seed: 7)
        model.parameters = model.parameters.map { $0.map { _ in Float.random(in: -0.3...0.3, using: &random) } }
        let images = try Self.testImages(for: try Self.shippedModel()).prefix(12).map(\.pixels)
        let verdict = try await Self.verdict(on: ONNXExporter.encode(model), images: Array(images), reference: model)
        #expect(verdict.checkerError == nil)
        #expect(verdict.labelsError == nil)
        #expect(verdict.matches, "max abs difference \(verdict.maxDifference)")
    }

    @Test func aChangedWeightInTheFileIsCaught() async throws {
        let model = try Self.shippedModel()
        var bytes = try ONNXExporter.encode(model)
        // The first conv weights are unique in the file: find them and change the centre tap of
        // the first filter in place, so the file stays well-formed.
        let start = try Self.offset(of: ONNXInitializer.littleEndianBytes(Array(model.parameters[0].prefix(8))), in: bytes)
        let changed = ONNXInitializer.littleEndianBytes([model.parameters[0][12] + 0.5])
        bytes.replaceSubrange((start + 48)..<(start + 52), with: changed)
        _ = try ProtobufFields(bytes)

        let images = try Self.testImages(for: model).map(\.pixels)
        let verdict = try await Self.verdict(on: bytes, images: images, reference: model)
        #expect(verdict.checkerError == nil, "still a valid model")
        #expect(verdict.labelsError == nil)
        #expect(!verdict.matches, "the probability check must fail: max abs difference \(verdict.maxDifference)")
    }

    @Test func swappedLabelsInTheFileAreCaught() async throws {
        let model = try Self.shippedModel()
        var bytes = try ONNXExporter.encode(model)
        let labels = Array(#"["arrow","circle","cycle","other"]"#.utf8)
        let swapped = Array(#"["cycle","circle","arrow","other"]"#.utf8)  // same length: lengths stay valid
        let start = try Self.offset(of: labels, in: bytes)
        bytes.replaceSubrange(start..<(start + labels.count), with: swapped)

        let images = try Self.testImages(for: model).map(\.pixels)
        let verdict = try await Self.verdict(on: bytes, images: images, reference: model)
        #expect(verdict.checkerError == nil)
        #expect(verdict.matches, "the numbers are unchanged")
        let error = try #require(verdict.labelsError, "the label check must fail")
        #expect(error.contains("cycle"))
    }

    @Test func wrongInitializerDimsFailTheChecker() async throws {
        let model = try Self.shippedModel()
        var graph = try ONNXGraph(model: model)
        // The first dense weight claims fewer inputs than the flatten gives it.
        #expect(graph.initializers[4].name == "layers.7.weight")
        graph.initializers[4].dims = [128, 1000]
        let bytes = ONNXExporter.encode(graph: graph, metadata: try ONNXMetadata(model: model))

        let verdict = try await Self.verdict(on: bytes, images: [], reference: model)
        let error = try #require(verdict.checkerError, "check_model must fail")
        #expect(error.contains("layers.7") || error.contains("Gemm"), "names the problem: \(error)")
    }

    // MARK: the Python side

    /// What `onnx.checker` and onnxruntime say about an exported file.
    struct Verdict {
        /// `check_model(full_check=True)`'s complaint, if any.
        var checkerError: String?
        /// Why the `labels` metadata is not the reference model's labels, if it is not.
        var labelsError: String?
        var batchShape: [Int]?
        var maxDifference: Double
        /// The one-image runs' probabilities, image by image.
        var probabilities: [[Double]] = []
        /// The file's `metadata_props` and `doc_string` as onnx reads them.
        var metadata: [String: String] = [:]
        var docString = ""
        /// Every probability of one-image runs and of one batch run within `tolerance` of ours.
        var matches: Bool { maxDifference <= ONNXExportTests.tolerance }
    }

    /// Runs the checks in `checkScript` on `onnx`, then compares onnxruntime's probabilities
    /// (one run per image and one batch run) with `StrokeClassifier`'s for `reference`.
    static func verdict(on onnx: [UInt8], images: [[UInt8]], reference: ClassifierModel) async throws -> Verdict {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("strokes-onnx-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("classifier.onnx")
        try Data(onnx).write(to: file)
        let labels = String(decoding: try JSONEncoder().encode(reference.labels), as: UTF8.self)

        // Throws with the environment script's message when .venv cannot be made: the test fails.
        let result = try await PythonEnvironment.run(
            checkScript, arguments: [file.path, labels, String(images.count)], input: Data(images.joined()))
        try #require(result.status == 0, "\(result.stderr)")
        struct Output: Decodable {
            let checker: String?
            let labels: String?
            let single: [[Double]]?
            let batch: [[Double]]?
            let metadata: [String: String]
            let doc: String
        }
        let output = try JSONDecoder().decode(Output.self, from: Data(result.stdout.utf8))
        var verdict = Verdict(checkerError: output.checker, labelsError: output.labels, maxDifference: 0)
        verdict.metadata = output.metadata
        verdict.docString = output.doc
        guard output.checker == nil else { return verdict }

        let single = try #require(output.single), batch = try #require(output.batch)
        verdict.batchShape = [batch.count, batch.first?.count ?? 0]
        verdict.probabilities = single
        try #require(single.count == images.count && batch.count == images.count)
        let classifier = StrokeClassifier(model: reference)
        for (index, image) in images.enumerated() {
            let ours = classifier.classify(image: image).probabilities.map(Double.init)
            for theirs in [single[index], batch[index]] {
                guard theirs.count == ours.count else { verdict.maxDifference = .infinity; continue }
                verdict.maxDifference = max(verdict.maxDifference, zip(ours, theirs).map { abs($0 - $1) }.max() ?? 0)
            }
        }
        return verdict
    }

    /// argv: the .onnx file, the expected labels (JSON), the image count; stdin: the images,
    /// 8-bit, one after the other. The input is scaled with the file's own `input_scale`, in
    /// float32 as `StrokeClassifier` does. Prints one JSON object.
    static let checkScript = """
        import json, sys
        import numpy as np
        import onnx
        import onnxruntime as ort

        path, expected_labels, count = sys.argv[1], json.loads(sys.argv[2]), int(sys.argv[3])
        model = onnx.load(path)
        report = {"checker": None, "labels": None}
        try:
            onnx.checker.check_model(model, full_check=True)
        except Exception as error:
            report["checker"] = f"{type(error).__name__}: {error}"

        meta = {p.key: p.value for p in model.metadata_props}
        report["metadata"], report["doc"] = meta, model.doc_string
        labels = json.loads(meta.get("labels", "null"))
        if labels != expected_labels:
            report["labels"] = f"metadata labels {labels!r} are not {expected_labels!r}"

        if report["checker"] is None:
            options = ort.SessionOptions()
            options.intra_op_num_threads = 1
            session = ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])
            (name, channels, height, width) = [session.get_inputs()[0].name] + session.get_inputs()[0].shape[1:]
            pixels = np.frombuffer(sys.stdin.buffer.read(), dtype=np.uint8)
            x = pixels.reshape(count, channels, height, width).astype(np.float32) * np.float32(meta["input_scale"])
            if count:
                report["single"] = [session.run(["probabilities"], {name: x[i:i + 1]})[0][0].tolist() for i in range(count)]
                report["batch"] = session.run(["probabilities"], {name: x})[0].tolist()
        print(json.dumps(report))
        """

    // MARK: fixtures

    struct TestImage {
        let pixels: [UInt8]
        let label: String
    }

    /// Real drawings: 10 of each class spread over its folder, every one the model gets wrong,
    /// and the 8 it is least sure of; for a model with `other`, 10 generated `other` strokes
    /// from the built-in dataset too (nobody hand-drew those).
    static func testImages(for model: ClassifierModel) throws -> [TestImage] {
        let dataset = try DatasetLoader.loadClasses(datasetFolder) { _ in }
        let classifier = StrokeClassifier(model: model)
        let results = (0..<dataset.count).map { classifier.classify(image: dataset.image($0)) }
        var chosen: [Int] = []
        for c in dataset.labels.indices {
            let members = dataset.targets.indices.filter { dataset.targets[$0] == c }
            chosen += stride(from: 0, to: members.count, by: max(1, members.count / 10)).prefix(10).map { members[$0] }
        }
        chosen += dataset.targets.indices.filter { dataset.labels[dataset.targets[$0]] != results[$0].topLabel }
        chosen += results.indices.sorted { results[$0].confidence < results[$1].confidence }.prefix(8)
        var seen = Set<Int>()
        let real = chosen.filter { seen.insert($0).inserted }
            .map { TestImage(pixels: dataset.image($0), label: dataset.labels[dataset.targets[$0]]) }
        return real + (model.labels.contains(RejectionRule.otherLabel) ? try generatedOther() : [])
    }

    /// 10 `other` drawings spread over the built-in dataset's folder.
    static func generatedOther() throws -> [TestImage] {
        let builtin = try DatasetLoader.loadClasses(packageRoot.appendingPathComponent("datasets/synthetic-strokes")) { _ in }
        let other = try #require(builtin.labels.firstIndex(of: RejectionRule.otherLabel))
        let members = builtin.targets.indices.filter { builtin.targets[$0] == other }
        return stride(from: 0, to: members.count, by: max(1, members.count / 10)).prefix(10)
            .map { TestImage(pixels: builtin.image(members[$0]), label: RejectionRule.otherLabel) }
    }

    /// A model with all-zero parameters (the structure is what matters).
    static func zeroModel(_ input: TensorShape, _ layers: [LayerSpec], labels: [String]? = nil) throws -> ClassifierModel {
        let architecture = try Architecture(input: input, layers: layers)
        return ClassifierModel(
            architecture: architecture,
            labels: labels ?? (0..<architecture.classCount).map { "class\($0)" },
            parameters: architecture.parameterSpecs.map { [Float](repeating: 0, count: $0.count) })
    }

    /// Where `pattern` starts in `bytes`; it must occur exactly once.
    static func offset(of pattern: [UInt8], in bytes: [UInt8]) throws -> Int {
        let first = try #require(bytes.firstRange(of: pattern), "pattern not found")
        #expect(bytes[first.upperBound...].firstRange(of: pattern) == nil, "pattern found twice")
        return first.lowerBound
    }

    // MARK: reading ONNX messages back

    static func strings(_ message: ProtobufFields, _ number: Int) -> [String] {
        message[number].compactMap { if case .lengthDelimited(let raw) = $0 { String(decoding: raw, as: UTF8.self) } else { nil } }
    }

    /// A node's attributes by name: ints as a list, an int as a one-element list.
    static func attributes(_ node: ProtobufFields) throws -> [String: [Int64]] {
        var result: [String: [Int64]] = [:]
        for attribute in try node.messages(5) {
            let name = attribute.string(1) ?? ""
            switch attribute.int(20) {
            case 2: result[name] = attribute.int(3).map { [$0] }
            case 7: result[name] = try attribute.ints(8)
            default: Issue.record("attribute \(name) has type \(String(describing: attribute.int(20)))")
            }
        }
        return result
    }

    struct TensorType: Equatable {
        var elementType: Int64?
        /// Fixed sizes as numbers, symbolic ones by name.
        var dims: [String]
    }

    static func tensorType(_ valueInfo: ProtobufFields) throws -> TensorType {
        let tensor = try #require(try valueInfo.message(2)?.message(1))
        let dims = try #require(try tensor.message(2)).messages(1).map { dim in
            dim.string(2) ?? dim.int(1).map(String.init) ?? "?"
        }
        return TensorType(elementType: tensor.int(1), dims: dims)
    }

    static func metadata(_ model: ProtobufFields) throws -> [String: String] {
        var result: [String: String] = [:]
        for entry in try model.messages(14) { result[entry.string(1) ?? ""] = entry.string(2) }
        return result
    }
}
