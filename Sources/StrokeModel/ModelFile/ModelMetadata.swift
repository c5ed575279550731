import Foundation

/// The `__metadata__` strings of a model file: what they hold and how they are checked.
///
/// Values that are structures are JSON written by `JSONEncoder` with sorted keys, so the same
/// model always gives the same bytes.
enum ModelMetadata {
    static let format = "format"
    static let formatVersion = "format_version"
    static let architecture = "architecture"
    static let labels = "labels"
    static let input = "input"
    static let rasterizer = "rasterizer"
    static let training = "training"
    static let calibration = "calibration"

    /// Everything in the metadata a model needs besides its weights.
    struct Header {
        var architecture: Architecture
        var labels: [String]
        var input: InputEncoding
        var rasterizer: RasterizerParameters
        var provenance: TrainingProvenance?
        var calibration: ModelCalibration
    }

    static func encode(_ model: ClassifierModel) -> [String: String] {
        var metadata = [
            format: ModelFile.formatName,
            formatVersion: String(ModelFile.formatVersion),
            architecture: json(ArchitectureJSON(model.architecture)),
            labels: json(model.labels),
            input: json(model.input),
            rasterizer: json(model.rasterizer),
        ]
        if let provenance = model.provenance { metadata[training] = json(provenance) }
        // Left out when there is none, so models without it keep their bytes.
        if model.calibration != .none { metadata[calibration] = json(model.calibration) }
        return metadata
    }

    /// Checks the metadata in the order a user would fix it: is it our format, which version,
    /// which network, which labels. Unknown keys are ignored (later versions add some).
    static func decode(_ metadata: [String: String], source: String) throws(ModelFileError) -> Header {
        func required(_ key: String) throws(ModelFileError) -> String {
            guard let value = metadata[key] else { throw .missingMetadata(source: source, key: key) }
            return value
        }
        let name = try required(format)
        guard name == ModelFile.formatName else { throw .wrongFormat(source: source, found: name) }
        let version = try required(formatVersion)
        guard ModelFile.readableVersions.map(String.init).contains(version) else {
            throw .unsupportedVersion(source: source, found: version, readable: ModelFile.readableVersions)
        }

        let architectureJSON = try value(ArchitectureJSON.self, of: architecture, in: try required(architecture), source: source)
        let network = try architectureJSON.architecture(source: source)

        let labelList = try value([String].self, of: labels, in: try required(labels), source: source)
        guard labelList.count == network.classCount else {
            throw .labelCount(source: source, labels: labelList.count, classes: network.classCount)
        }
        var seen: Set<String> = []
        for (index, label) in labelList.enumerated() {
            guard !label.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else { throw .emptyLabel(source: source, index: index) }
            guard seen.insert(label).inserted else { throw .duplicateLabel(source: source, label: label) }
        }

        // `input` may be missing in hand-made files: the default is what every model so far uses.
        let encoding = try metadata[input].map { text throws(ModelFileError) in
            try value(InputEncoding.self, of: input, in: text, source: source)
        } ?? InputEncoding()
        guard encoding.scale.isFinite, encoding.scale > 0 else {
            throw .invalidMetadata(source: source, key: input, reason: "scale must be a positive number")
        }
        // Files from before the rasterizer was recorded use its defaults.
        let raster = try metadata[rasterizer].map { text throws(ModelFileError) in
            try value(RasterizerParameters.self, of: rasterizer, in: text, source: source)
        } ?? RasterizerParameters()
        if let problem = raster.problem {
            throw .invalidMetadata(source: source, key: rasterizer, reason: problem)
        }
        let provenance = try metadata[training].map { text throws(ModelFileError) in
            try value(TrainingProvenance.self, of: training, in: text, source: source)
        }
        // Files from before calibration: no scaling, no recommended threshold.
        let scaling = try metadata[calibration].map { text throws(ModelFileError) in
            try value(ModelCalibration.self, of: calibration, in: text, source: source)
        } ?? .none
        if let problem = scaling.problem {
            throw .invalidMetadata(source: source, key: calibration, reason: problem)
        }
        return Header(
            architecture: network, labels: labelList, input: encoding, rasterizer: raster, provenance: provenance,
            calibration: scaling)
    }

    private static func json<T: Encodable>(_ value: T) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Provenance may hold NaN (e.g. an accuracy that was never measured); plain JSON cannot.
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        // Cannot fail: the types are plain structs, and non-finite floats are handled above.
        return String(decoding: try! encoder.encode(value), as: UTF8.self)
    }

    private static func value<T: Decodable>(_ type: T.Type, of key: String, in text: String, source: String) throws(ModelFileError) -> T {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        do {
            return try decoder.decode(T.self, from: Data(text.utf8))
        } catch {
            throw .invalidMetadata(source: source, key: key, reason: reason(error))
        }
    }

    /// A one-line summary of a decoding error (Foundation's descriptions span several lines).
    private static func reason(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        func at(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return path.isEmpty ? "" : " at \(path)"
        }
        switch error {
        case let .keyNotFound(key, context): return "'\(key.stringValue)' is missing" + at(context)
        case let .typeMismatch(type, context), let .valueNotFound(type, context): return "expected \(type)" + at(context)
        case let .dataCorrupted(context):
            return (context.underlyingError == nil ? context.debugDescription : "not valid JSON") + at(context)
        @unknown default: return "\(error)"
        }
    }
}

/// The `architecture` metadata: `{"input":[C,H,W],"layers":[...]}`.
struct ArchitectureJSON: Codable {
    var input: [Int]
    var layers: [LayerSpec]

    init(_ architecture: Architecture) {
        input = [architecture.input.channels, architecture.input.height, architecture.input.width]
        layers = architecture.layers
    }

    // Sizes far beyond any stroke classifier, chosen so that no shape arithmetic in
    // `Architecture` can overflow (which would crash the reader instead of rejecting the file).
    static let maxLayers = 256
    static let maxInputSize = 1 << 14
    static let maxWidth = 1 << 16
    static let maxKernel = 1 << 10

    func architecture(source: String) throws(ModelFileError) -> Architecture {
        func invalid(_ reason: String) -> ModelFileError {
            .invalidMetadata(source: source, key: ModelMetadata.architecture, reason: reason)
        }
        guard input.count == 3, input.allSatisfy({ (1...Self.maxInputSize).contains($0) }) else {
            throw invalid("input \(input) must be [channels, height, width], each 1…\(Self.maxInputSize)")
        }
        guard layers.count <= Self.maxLayers else { throw invalid("\(layers.count) layers, more than the \(Self.maxLayers) this build reads") }
        for (index, layer) in layers.enumerated() where !Self.isWithinLimits(layer) {
            throw invalid("layer \(index) (\(layer.summary)) is larger than this build reads")
        }
        do {
            return try Architecture(input: TensorShape(channels: input[0], height: input[1], width: input[2]), layers: layers)
        } catch {
            throw .invalidArchitecture(source: source, error)
        }
    }

    private static func isWithinLimits(_ layer: LayerSpec) -> Bool {
        switch layer {
        case let .conv(filters, kernel, padding): filters <= maxWidth && kernel <= maxKernel && padding <= maxKernel
        case let .maxPool(size): size <= maxInputSize
        case let .dense(units): units <= maxWidth
        case .relu, .flatten: true
        }
    }
}
