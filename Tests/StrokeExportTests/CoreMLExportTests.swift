import Foundation
import PythonSupport
@testable import StrokeExport
import StrokeModel
import StrokeTraining
import Testing

/// The Core ML export of the shipped classifier: its structure read back field by field in
/// Swift, then the file read by coremltools and its layers run in numpy from the spec alone,
/// which must give `StrokeClassifier`'s labels and probabilities on real images, and must stop
/// giving them (or the editor's interface) when the file is corrupted.
///
/// Field numbers in the Swift checks are written out again from Apple's .proto files
/// (coremltools `mlmodel/format/`), not taken from the exporter, so a wrong number in one
/// place shows up as a mismatch.
@Suite struct CoreMLExportTests {
    static let packageRoot = PythonEnvironment.packageRoot
    static let shippedModel = packageRoot.appendingPathComponent("models/automata-classifier.safetensors")
    static let tolerance = 1e-5

    static func shipped() throws -> ClassifierModel { try ModelFile.read(from: shippedModel) }

    // MARK: structure, read back in Swift

    @Test func theModelIsASpecVersion1NeuralNetworkClassifier() throws {
        let model = try Self.shipped()
        let file = try ProtobufFields(try CoreMLExporter.encode(model))
        #expect(file.int(1) == 1, "Model.specificationVersion = 1")
        let classifier = try #require(try file.message(403), "Model.neuralNetworkClassifier = 403")
        #expect(file[500].isEmpty && file[303].isEmpty, "no plain neuralNetwork or regressor")

        // NeuralNetworkClassifier.stringClassLabels = 100 → StringVector.vector = 1
        let labels = try #require(try classifier.message(100))
        #expect(labels[1].map(Self.text) == model.labels)
        // labelProbabilityLayerName = 200 names the softmax's output
        let layers = try classifier.messages(1)
        let softmax = try #require(layers.last)
        #expect(softmax[175].count == 1, "the last layer is a softmax (NeuralNetworkLayer.softmax = 175)")
        #expect(classifier.string(200) == softmax.string(3), "labelProbabilityLayerName = the softmax's output")

        // NeuralNetworkPreprocessing: featureName = 1, scaler = 10 → channelScale = 10, grayBias = 30
        let preprocessing = try classifier.messages(2)
        #expect(preprocessing.count == 1)
        #expect(preprocessing.first?.string(1) == "drawing")
        let scaler = try #require(try preprocessing.first?.message(10))
        #expect(scaler.floats(10) == [model.input.scale])
        #expect(scaler.floats(30).allSatisfy { $0 == 0 })
    }

    @Test func theInterfaceIsTheEditors() throws {
        let model = try Self.shipped()
        let description = try #require(try ProtobufFields(try CoreMLExporter.encode(model)).message(2))
        // ModelDescription.input = 1 → FeatureDescription name = 1, type = 3 → imageType = 4
        let inputs = try description.messages(1)
        #expect(inputs.map { $0.string(1) } == ["drawing"])
        let image = try #require(try inputs.first?.message(3)?.message(4), "an image input")
        #expect(image.int(1) == 28 && image.int(2) == 28, "ImageFeatureType width = 1, height = 2")
        #expect(image.int(3) == 10, "colorSpace = 3 is GRAYSCALE = 10")

        // output = 10: label (stringType = 3), labelProbability (dictionaryType = 6 → stringKeyType = 2)
        let outputs = try description.messages(10)
        #expect(outputs.map { $0.string(1) } == ["label", "labelProbability"])
        #expect(try outputs.first?.message(3)?.message(3) != nil, "label is a string")
        #expect(try outputs.last?.message(3)?.message(6)?.message(2) != nil, "labelProbability is a string-keyed dictionary")
        #expect(description.string(11) == "label", "predictedFeatureName = 11")
        #expect(description.string(12) == "labelProbability", "predictedProbabilitiesName = 12")

        // metadata = 100: author = 3, userDefined = 100 (map entries key = 1, value = 2)
        let metadata = try #require(try description.message(100))
        #expect(metadata.string(3) == "strokes")
        #expect(metadata.string(1)?.isEmpty == false, "shortDescription = 1")
        var userDefined: [String: String] = [:]
        for entry in try metadata.messages(100) { userDefined[entry.string(1) ?? ""] = entry.string(2) }
        #expect(userDefined["labels"] == #"["arrow","circle","cycle","other"]"#)
        #expect(userDefined["format"] == "strokes.classifier")
        #expect(userDefined["training_dataset_fingerprint"] == model.provenance?.datasetFingerprint)
        #expect(userDefined["rasterizer"] != nil, "the editor must draw strokes as the training images were drawn")
    }

    @Test func theLayersAreTheNetworksWithItsWeightsUnchanged() throws {
        let model = try Self.shipped()
        let classifier = try #require(try ProtobufFields(try CoreMLExporter.encode(model)).message(403))
        let layers = try classifier.messages(1)
        // A calibrated model has its temperature layer before the softmax (CalibratedCoreMLExportTests).
        let scaled = model.calibration.temperature != 1
        #expect(layers.count == model.architecture.layers.count + (scaled ? 2 : 1), "every layer, then a softmax")

        var parameters = model.parameters.makeIterator()
        var previous = "drawing"
        for (index, spec) in model.architecture.layers.enumerated() {
            let layer = layers[index]
            // NeuralNetworkLayer input = 2, output = 3: a chain from the image input
            #expect(layer[2].map(Self.text) == [previous] && layer[3].count == 1, "layer \(index) reads the previous one")
            previous = layer.string(3) ?? ""
            let input = model.architecture.shapes[index]
            switch spec {
            case let .conv(filters, kernel, padding):
                // convolution = 100: outputChannels = 1, kernelChannels = 2, kernelSize = 20,
                // stride = 30, dilationFactor = 40, valid = 50 (ValidPadding.paddingAmounts = 1 → BorderAmounts = 10
                // → EdgeSizes start = 1, end = 2), hasBias = 70, weights = 90, bias = 91
                let conv = try #require(try layer.message(100), "layer \(index) is a convolution")
                #expect(conv.int(1) == Int64(filters) && conv.int(2) == Int64(input.channels))
                #expect(try conv.ints(20) == [Int64(kernel), Int64(kernel)] && conv.ints(30) == [1, 1] && conv.ints(40) == [1, 1])
                let edges = try #require(try conv.message(50)?.message(1)).messages(10)
                #expect(edges.count == 2 && edges.allSatisfy { $0.int(1) == Int64(padding) && $0.int(2) == Int64(padding) },
                        "zero padding \(padding) on every side")
                #expect(conv.int(70) == 1)
                #expect(Self.bits(try conv.message(90)?.floats(1)) == Self.bits(parameters.next()), "weights as in the model file")
                #expect(Self.bits(try conv.message(91)?.floats(1)) == Self.bits(parameters.next()))
            case .relu:
                // activation = 130 → ActivationParams.ReLU = 10
                #expect(try layer.message(130)?.message(10) != nil, "layer \(index) is a ReLU")
            case let .maxPool(size):
                // pooling = 120: type = 1 (MAX = 0), kernelSize = 10, stride = 20, valid = 30
                let pool = try #require(try layer.message(120), "layer \(index) is a pooling")
                #expect((pool.int(1) ?? 0) == 0, "MAX")
                #expect(try pool.ints(10) == [Int64(size), Int64(size)] && pool.ints(20) == [Int64(size), Int64(size)])
                let edges = try #require(try pool.message(30)?.message(1)).messages(10)
                #expect(edges.allSatisfy { ($0.int(1) ?? 0) == 0 && ($0.int(2) ?? 0) == 0 }, "no padding")
            case .flatten:
                // flatten = 301 → mode = 1, CHANNEL_FIRST = 0
                #expect((try #require(try layer.message(301), "layer \(index) is a flatten").int(1) ?? 0) == 0)
            case let .dense(units):
                // innerProduct = 140: inputChannels = 1, outputChannels = 2, hasBias = 10, weights = 20, bias = 21
                let dense = try #require(try layer.message(140), "layer \(index) is an inner product")
                #expect(dense.int(1) == Int64(input.count) && dense.int(2) == Int64(units) && dense.int(10) == 1)
                #expect(Self.bits(try dense.message(20)?.floats(1)) == Self.bits(parameters.next()), "weights as in the model file")
                #expect(Self.bits(try dense.message(21)?.floats(1)) == Self.bits(parameters.next()))
            }
        }
        #expect(parameters.next() == nil, "every parameter written")
        if scaled { previous = layers[layers.count - 2].string(3) ?? "" }
        #expect(layers.last?[2].map(Self.text) == [previous], "the softmax reads the last layer")
    }

    @Test func theSameModelGivesTheSameBytes() throws {
        let model = try Self.shipped()
        #expect(try CoreMLExporter.encode(model) == CoreMLExporter.encode(model))
    }

    @Test func coreMLShapeRulesGiveTheNetworksShapesOnOddSizes() throws {
        // 9 → conv 3 pad 0 → 7 → pool 2 → 3 (rounded down, as valid pooling) → conv 3 pad 1 → 3
        let odd = try Architecture(input: TensorShape(channels: 1, height: 9, width: 9), layers: [
            .conv(filters: 2, kernel: 3, padding: 0), .relu, .maxPool(size: 2),
            .conv(filters: 3, kernel: 3, padding: 1), .flatten, .dense(units: 2),
        ])
        for (index, layer) in odd.layers.enumerated() {
            #expect(CoreMLCompatibility.coreMLOutputShape(of: layer, input: odd.shapes[index]) == odd.shapes[index + 1])
        }
        let model = ClassifierModel(
            architecture: odd, labels: ["a", "b"],
            parameters: odd.parameterSpecs.map { Array(repeating: 0.5, count: $0.count) })
        #expect(throws: Never.self) { try CoreMLExporter.encode(model) }
    }

    @Test func modelsWithoutAnEditorInterfaceAreRefused() throws {
        let rgb = try Architecture(input: TensorShape(channels: 3, height: 8, width: 8), layers: [.flatten, .dense(units: 2)])
        let colour = ClassifierModel(architecture: rgb, labels: ["a", "b"], parameters: [Array(repeating: 0, count: 384), [0, 0]])
        #expect(throws: CoreMLExportError.inputChannels(3)) { try CoreMLExporter.encode(colour) }

        let gray = try Architecture(input: TensorShape(channels: 1, height: 8, width: 8), layers: [.flatten, .dense(units: 2)])
        let short = ClassifierModel(architecture: gray, labels: ["a", "b"], parameters: [Array(repeating: 0, count: 100), [0, 0]])
        #expect(throws: CoreMLExportError.parameterSize(name: "layers.1.weight", expected: 128, found: 100)) {
            try CoreMLExporter.encode(short)
        }
        let twice = ClassifierModel(architecture: gray, labels: ["a", "a"], parameters: [Array(repeating: 0, count: 128), [0, 0]])
        #expect(throws: CoreMLExportError.self) { try CoreMLExporter.encode(twice) }
        let unscaled = ClassifierModel(
            architecture: gray, labels: ["a", "b"], parameters: [Array(repeating: 0, count: 128), [0, 0]],
            input: InputEncoding(scale: 0))
        #expect(throws: CoreMLExportError.invalidScale(0)) { try CoreMLExporter.encode(unscaled) }
        let error = CoreMLExportError.inputChannels(3)
        #expect(error.description.contains("1 channel"), "the message says what is needed")
    }

    // MARK: coremltools and numpy

    @Test func coremltoolsReadsTheFileAndItsLayersGiveTheClassifiersAnswers() async throws {
        let verdict = try await Self.check(corruption: "none")
        #expect(verdict.interfaceProblems.isEmpty, "\(verdict.interfaceProblems)")
        #expect(verdict.labelProblems.isEmpty, "\(verdict.labelProblems)")
        #expect(verdict.probabilityProblems.isEmpty, "\(verdict.probabilityProblems)")
        #expect(verdict.maxDifference <= Self.tolerance)
        #expect(verdict.images >= 30 && verdict.classesSeen == 3, "at least 30 images of all three classes")
        print("Core ML export: \(verdict.images) images, max |Δp| = \(verdict.maxDifference)")
    }

    @Test func aChangedWeightFailsTheProbabilityCheck() async throws {
        let verdict = try await Self.check(corruption: "weight")
        #expect(!verdict.probabilityProblems.isEmpty, "max |Δp| = \(verdict.maxDifference)")
        #expect(verdict.interfaceProblems.isEmpty, "only the weights changed: \(verdict.interfaceProblems)")
        print("Core ML export, one weight changed: max |Δp| = \(verdict.maxDifference), \(verdict.probabilityProblems.count) images fail")
    }

    @Test func swappedLabelsFailTheLabelCheck() async throws {
        let verdict = try await Self.check(corruption: "labels")
        #expect(!verdict.labelProblems.isEmpty)
        #expect(verdict.probabilityProblems.isEmpty, "the outputs are the same numbers, under other names")
        print("Core ML export, labels swapped: \(verdict.labelProblems.first ?? "no problem found")")
    }

    @Test(arguments: ["scale", "input-name"])
    func aWrongInterfaceFailsTheInterfaceCheck(corruption: String) async throws {
        let verdict = try await Self.check(corruption: corruption)
        #expect(!verdict.interfaceProblems.isEmpty)
        print("Core ML export, \(corruption) corrupted: \(verdict.interfaceProblems)")
    }

    // MARK: the check

    /// 20 images of each class from the hand-drawn dataset beside the repository (the
    /// built-in generated one when it is absent, as on machines without `../shared`), in a
    /// fixed order.
    static func loadImages() throws -> Dataset {
        let real = packageRoot.appendingPathComponent("../shared/datasets/automata-strokes").standardizedFileURL
        let folder = FileManager.default.fileExists(atPath: real.path)
            ? real : packageRoot.appendingPathComponent("datasets/synthetic-strokes")
        let all = try DatasetLoader.load(folder) { _ in }.train
        let picked = all.labels.indices.flatMap { c in all.targets.indices.filter { all.targets[$0] == c }.prefix(20) }
        return all.subset(picked)
    }

    /// What coremltools and numpy make of the exported shipped model, `corruption` applied to
    /// the file first, judged against the shipped classifier.
    struct Verdict {
        var interfaceProblems: [String] = []
        var labelProblems: [String] = []
        var probabilityProblems: [String] = []
        var maxDifference = 0.0
        var images = 0
        var classesSeen = 0
        /// What the script read and computed, and the classifier's results it was judged against.
        var readBack: ReadBack?
        var reference: [Classification] = []
    }

    /// What the Python script prints: the spec as coremltools read it, and the numpy outputs.
    struct ReadBack: Decodable {
        struct Feature: Decodable {
            let name: String
            let type: String?
            let width: Int?
            let height: Int?
            let colorSpace: String?
            let keyType: String?
        }
        struct Preprocessing: Decodable {
            let featureName: String
            let kind: String?
            let channelScale: Double
            let grayBias: Double
        }
        struct Layer: Decodable {
            let name: String
            let kind: String?
            let input: [String]
            let output: [String]
        }
        let specificationVersion: Int
        let modelType: String?
        let inputs: [Feature]
        let outputs: [Feature]
        let predictedFeatureName: String
        let predictedProbabilitiesName: String
        let preprocessing: [Preprocessing]
        let classLabels: [String]
        let labelProbabilityLayerName: String
        let layers: [Layer]
        let author: String
        let userDefined: [String: String]
        let predictedLabels: [String]
        let probabilities: [[Double]]
        /// Why the layers could not be run from the spec, if they could not.
        let runError: String?
    }

    /// `model` is the shipped classifier unless given.
    static func check(corruption: String, model given: ClassifierModel? = nil) async throws -> Verdict {
        let model = try given ?? shipped()
        let images = try loadImages()
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("coreml-\(UUID().uuidString).mlmodel")
        try Data(try CoreMLExporter.encode(model)).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }

        let result = try await PythonEnvironment.run(
            readAndRun, arguments: [file.path, corruption], input: Data(images.images))
        try #require(result.status == 0, "\(result.stderr)")
        let line = try #require(result.stdout.split(separator: "\n").last { $0.hasPrefix("RESULT ") }, "\(result.stdout)")
        let readBack = try JSONDecoder().decode(ReadBack.self, from: Data(line.dropFirst("RESULT ".count).utf8))

        let classifier = StrokeClassifier(model: model)
        let reference = (0..<images.count).map { classifier.classify(image: images.image($0)) }
        var verdict = Verdict()
        verdict.interfaceProblems = interfaceProblems(readBack, model: model)
        verdict.labelProblems = labelProblems(readBack, model: model, images: images, reference: reference)
        (verdict.maxDifference, verdict.probabilityProblems) = probabilityProblems(readBack, reference: reference)
        verdict.images = readBack.probabilities.count
        verdict.classesSeen = Set(images.targets).count
        verdict.readBack = readBack
        verdict.reference = reference
        return verdict
    }

    /// The editor's interface: input, preprocessing, outputs, classifier wiring and layer list.
    static func interfaceProblems(_ r: ReadBack, model: ClassifierModel) -> [String] {
        var problems: [String] = []
        func require(_ condition: Bool, _ problem: @autoclosure () -> String) {
            if !condition { problems.append(problem()) }
        }
        require(r.specificationVersion == 1, "specification version \(r.specificationVersion)")
        require(r.modelType == "neuralNetworkClassifier", "model type \(r.modelType ?? "none")")
        let input = r.inputs.first
        require(r.inputs.count == 1 && input?.name == "drawing", "inputs \(r.inputs.map(\.name)), expected [drawing]")
        require(input?.type == "imageType" && input?.colorSpace == "GRAYSCALE", "input is not a grayscale image")
        require(input?.width == model.architecture.input.width && input?.height == model.architecture.input.height,
                "input size \(input?.width ?? 0)×\(input?.height ?? 0)")
        let scaler = r.preprocessing.first
        require(r.preprocessing.count == 1 && scaler?.kind == "scaler", "preprocessing is not one image scaler")
        require(scaler?.featureName == "drawing" && scaler?.featureName == input?.name,
                "the scaler applies to '\(scaler?.featureName ?? "")', not to the input")
        require(scaler.map { Float($0.channelScale) } == model.input.scale && scaler?.grayBias == 0,
                "scaler \(scaler?.channelScale ?? .nan) + \(scaler?.grayBias ?? .nan), expected × \(model.input.scale) + 0")
        let outputs = Dictionary(r.outputs.map { ($0.name, $0) }) { first, _ in first }
        require(r.outputs.count == 2 && outputs["label"]?.type == "stringType", "no string output 'label'")
        require(outputs["labelProbability"]?.type == "dictionaryType" && outputs["labelProbability"]?.keyType == "stringKeyType",
                "no string-keyed dictionary output 'labelProbability'")
        require(r.predictedFeatureName == "label" && r.predictedProbabilitiesName == "labelProbability",
                "predicted features \(r.predictedFeatureName), \(r.predictedProbabilitiesName)")
        let kinds = model.architecture.layers.map { layer in
            switch layer {
            case .conv: "convolution"
            case .relu: "activation"
            case .maxPool: "pooling"
            case .flatten: "flatten"
            case .dense: "innerProduct"
            }
        } + (model.calibration.temperature != 1 ? ["activation"] : []) + ["softmax"]
        require(r.layers.map { $0.kind ?? "none" } == kinds, "layers \(r.layers.map { $0.kind ?? "none" })")
        require(r.layers.last?.output == [r.labelProbabilityLayerName],
                "labelProbabilityLayerName '\(r.labelProbabilityLayerName)' is not the softmax's output")
        require(r.author == "strokes", "author '\(r.author)'")
        if let error = r.runError { problems.append("the layers do not run: \(error)") }
        return problems
    }

    /// The class labels, and the label the file predicts for every image.
    static func labelProblems(_ r: ReadBack, model: ClassifierModel, images: Dataset, reference: [Classification]) -> [String] {
        var problems: [String] = []
        if r.classLabels != model.labels { problems.append("class labels \(r.classLabels), expected \(model.labels)") }
        for (index, (theirs, ours)) in zip(r.predictedLabels, reference).enumerated() where theirs != ours.topLabel {
            problems.append("image \(index) (\(images.paths[index])): \(theirs), StrokeClassifier says \(ours.topLabel)")
        }
        if r.predictedLabels.count != reference.count { problems.append("\(r.predictedLabels.count) labels for \(reference.count) images") }
        return problems
    }

    /// The largest difference between the file's probabilities and the classifier's.
    static func probabilityProblems(_ r: ReadBack, reference: [Classification]) -> (Double, [String]) {
        guard r.probabilities.count == reference.count else {
            return (.infinity, ["\(r.probabilities.count) results for \(reference.count) images"])
        }
        var worst = 0.0, problems: [String] = []
        for (index, (theirs, ours)) in zip(r.probabilities, reference).enumerated() {
            let mine = ours.probabilities.map(Double.init)
            let difference = theirs.count == mine.count ? zip(theirs, mine).map { abs($0 - $1) }.max() ?? 0 : .infinity
            worst = max(worst, difference)
            if !(difference <= tolerance) { problems.append("image \(index): |Δp| = \(difference)") }
        }
        return (worst, problems)
    }

    static func text(_ value: ProtobufFields.Value) -> String {
        if case .lengthDelimited(let raw) = value { String(decoding: raw, as: UTF8.self) } else { "" }
    }

    static func bits(_ values: [Float]?) -> [UInt32]? { values?.map(\.bitPattern) }

    /// Reads the spec with coremltools (after `corruption`, saved and read back as a file of
    /// its own), prints what it says about the interface, and runs its layers in numpy on the
    /// images from stdin (784 raw bytes each), applying the spec's image scaler to the pixels.
    /// Only the spec is used: nothing here knows the network.
    static let readAndRun = #"""
        import json, os, sys, tempfile
        import numpy as np
        import coremltools as ct
        from coremltools.proto import FeatureTypes_pb2, NeuralNetwork_pb2

        path, corruption = sys.argv[1], sys.argv[2]
        spec = ct.utils.load_spec(path)
        nn = spec.neuralNetworkClassifier
        if corruption != "none":
            if corruption == "weight":
                # one weight of the first convolution: filter 0, centre tap
                conv = next(l.convolution for l in nn.layers if l.WhichOneof("layer") == "convolution")
                kh, kw = conv.kernelSize
                conv.weights.floatValue[(kh // 2) * kw + kw // 2] += 0.1
            elif corruption == "labels":
                labels = nn.stringClassLabels.vector
                labels[0], labels[1] = labels[1], labels[0]
            elif corruption == "scale":
                nn.preprocessing[0].scaler.channelScale = 1.0
            elif corruption == "input-name":
                spec.description.input[0].name = "image"
            else:
                sys.exit("unknown corruption " + corruption)
            path = os.path.join(tempfile.mkdtemp(), "corrupted.mlmodel")
            ct.utils.save_spec(spec, path)
            spec = ct.utils.load_spec(path)
            nn = spec.neuralNetworkClassifier

        # coremltools' own model object (it cannot run predictions on Linux)
        mlmodel = ct.models.MLModel(path, skip_model_load=True)

        def feature(f):
            kind = f.type.WhichOneof("Type")
            out = {"name": f.name, "type": kind}
            if kind == "imageType":
                image = f.type.imageType
                out.update(width=image.width, height=image.height,
                           colorSpace=FeatureTypes_pb2.ImageFeatureType.ColorSpace.Name(image.colorSpace))
            if kind == "dictionaryType":
                out["keyType"] = f.type.dictionaryType.WhichOneof("KeyType")
            return out

        def floats(weights):
            return np.array(weights.floatValue, dtype=np.float32).astype(np.float64)

        def padding(valid):
            border = valid.paddingAmounts.borderAmounts
            if len(border) == 0:
                return (0, 0), (0, 0)
            return (border[0].startEdgeSize, border[0].endEdgeSize), (border[1].startEdgeSize, border[1].endEdgeSize)

        def windows(x, kernel, stride, valid):
            (top, bottom), (left, right) = padding(valid)
            padded = np.pad(x, ((0, 0), (0, 0), (top, bottom), (left, right)))
            view = np.lib.stride_tricks.sliding_window_view(padded, tuple(kernel), axis=(2, 3))
            return view[:, :, ::stride[0], ::stride[1]]

        # The image input after the spec's own preprocessing, as Core ML feeds it to the layers.
        input_feature = spec.description.input[0]
        height, width = input_feature.type.imageType.height, input_feature.type.imageType.width
        raw = np.frombuffer(sys.stdin.buffer.read(), dtype=np.uint8)
        x = raw.reshape(-1, 1, height, width).astype(np.float64)
        for p in nn.preprocessing:
            if p.featureName == input_feature.name and p.WhichOneof("preprocessor") == "scaler":
                x = x * p.scaler.channelScale + p.scaler.grayBias
        blobs = {input_feature.name: x}
        n = x.shape[0]

        def run(layer):
            kind = layer.WhichOneof("layer")
            x = blobs[layer.input[0]]
            if kind == "convolution":
                p = layer.convolution
                assert not p.isDeconvolution and p.nGroups in (0, 1) and p.WhichOneof("ConvolutionPaddingType") == "valid"
                kernel, stride = list(p.kernelSize) or [3, 3], list(p.stride) or [1, 1]
                w = floats(p.weights).reshape(p.outputChannels, p.kernelChannels, *kernel)
                y = np.einsum("nchwij,ocij->nohw", windows(x, kernel, stride, p.valid), w)
                if p.hasBias:
                    y = y + floats(p.bias)[None, :, None, None]
            elif kind == "activation":
                activation = layer.activation
                which = activation.WhichOneof("NonlinearityType")
                if which == "ReLU":
                    y = np.maximum(x, 0)
                elif which == "linear":
                    y = activation.linear.alpha * x + activation.linear.beta
                else:
                    raise ValueError("activation not run here: " + str(which))
            elif kind == "pooling":
                p = layer.pooling
                assert p.type == NeuralNetwork_pb2.PoolingLayerParams.MAX and p.WhichOneof("PoolingPaddingType") == "valid"
                kernel, stride = list(p.kernelSize) or [3, 3], list(p.stride) or [1, 1]
                y = windows(x, kernel, stride, p.valid).max(axis=(4, 5))
            elif kind == "flatten":
                if layer.flatten.mode == NeuralNetwork_pb2.FlattenLayerParams.CHANNEL_LAST:
                    x = x.transpose(0, 2, 3, 1)
                y = x.reshape(n, -1, 1, 1)
            elif kind == "innerProduct":
                p = layer.innerProduct
                w = floats(p.weights).reshape(p.outputChannels, p.inputChannels)
                y = x.reshape(n, -1) @ w.T
                if p.hasBias:
                    y = y + floats(p.bias)
                y = y.reshape(n, -1, 1, 1)
            elif kind == "softmax":
                e = np.exp(x - x.max(axis=1, keepdims=True))
                y = e / e.sum(axis=1, keepdims=True)
            else:
                raise ValueError("layer kind not run here: " + str(kind))
            return y

        # A file Core ML could not run (a layer reading a blob nothing produces, a layer kind
        # or option this runner does not know) gives no probabilities and says why.
        run_error = None
        for layer in nn.layers:
            missing = [name for name in layer.input if name not in blobs]
            if missing:
                run_error = f"layer {layer.name} reads {missing}, which no input or layer produces"
                break
            try:
                blobs[layer.output[0]] = run(layer)
            except (AssertionError, ValueError) as error:
                run_error = f"layer {layer.name}: {error!r}"
                break

        output_blob = nn.labelProbabilityLayerName or nn.layers[-1].output[0]
        if run_error is None and output_blob not in blobs:
            run_error = f"no layer produces the probabilities blob {output_blob}"
        probabilities = np.zeros((0, 0)) if run_error else blobs[output_blob].reshape(n, -1)
        labels = list(nn.stringClassLabels.vector)
        print("RESULT " + json.dumps({
            "specificationVersion": spec.specificationVersion,
            "modelType": spec.WhichOneof("Type"),
            "inputs": [feature(f) for f in spec.description.input],
            "outputs": [feature(f) for f in spec.description.output],
            "predictedFeatureName": spec.description.predictedFeatureName,
            "predictedProbabilitiesName": spec.description.predictedProbabilitiesName,
            "preprocessing": [{"featureName": p.featureName, "kind": p.WhichOneof("preprocessor"),
                               "channelScale": p.scaler.channelScale, "grayBias": p.scaler.grayBias}
                              for p in nn.preprocessing],
            "classLabels": labels,
            "labelProbabilityLayerName": nn.labelProbabilityLayerName,
            "layers": [{"name": l.name, "kind": l.WhichOneof("layer"), "input": list(l.input), "output": list(l.output)}
                       for l in nn.layers],
            "author": mlmodel.author,
            "userDefined": dict(mlmodel.user_defined_metadata),
            "predictedLabels": [labels[i] for i in probabilities.argmax(axis=1)] if len(probabilities) else [],
            "probabilities": probabilities.tolist(),
            "runError": run_error,
        }))
        """#
}
