import Foundation
import StrokeModel
import Testing

@Suite struct ModelFileTests {
    typealias F = ModelFileFixtures

    /// Checks the error case and that its one-line message starts with the file's name.
    static func expectRejection(
        _ bytes: [UInt8], _ expected: ModelFileError, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = F.rejection(bytes)
        #expect(error == expected, sourceLocation: sourceLocation)
        #expect(error?.description.hasPrefix("\(F.source): ") == true, sourceLocation: sourceLocation)
        #expect(error?.description.contains("\n") == false, sourceLocation: sourceLocation)
    }

    // MARK: Round trip and layout

    @Test func roundTripIsBitExactWithProvenance() throws {
        let model = F.reference
        let decoded = try ModelFile.decode(ModelFile.encode(model), source: F.source)
        #expect(decoded == model)
        #expect(F.bitPatterns(decoded) == F.bitPatterns(model))
        #expect(decoded.provenance == F.provenance())
        #expect(decoded.input.scale.bitPattern == model.input.scale.bitPattern)
    }

    @Test func roundTripWithoutProvenanceLeavesOutTraining() throws {
        let model = F.model(provenance: nil)
        let bytes = ModelFile.encode(model)
        #expect(try SafeTensors.decode(bytes).metadata["training"] == nil)
        #expect(try ModelFile.decode(bytes, source: F.source) == model)
    }

    @Test func encodingTwiceGivesIdenticalBytes() {
        #expect(ModelFile.encode(F.model()) == ModelFile.encode(F.model()))
        #expect(ModelFile.encode(F.model(seed: 1)) != ModelFile.encode(F.model(seed: 2)))
    }

    @Test func headerIsEightByteAligned() {
        let bytes = ModelFile.encode(F.reference)
        #expect(F.header(of: bytes).utf8.count % 8 == 0)
        #expect((bytes.count - 8 - F.header(of: bytes).utf8.count) == 4 * F.reference.architecture.parameterCount)
    }

    @Test func tensorsFollowTheArchitecture() throws {
        let model = F.reference
        let contents = try SafeTensors.decode(ModelFile.encode(model))
        #expect(contents.tensors.map(\.name) == model.architecture.parameterSpecs.map(\.name))
        #expect(contents.tensors.map(\.shape) == model.architecture.parameterSpecs.map(\.shape))
        #expect(contents["layers.0.weight"]?.shape == [16, 1, 5, 5])
        #expect(contents["layers.7.weight"]?.shape == [128, 1568])
        #expect(contents["layers.9.bias"]?.shape == [3])
    }

    @Test func metadataHoldsFormatArchitectureAndLabels() throws {
        let metadata = try SafeTensors.decode(ModelFile.encode(F.reference)).metadata
        #expect(metadata["format"] == "strokes.classifier")
        #expect(metadata["format_version"] == "1")
        #expect(metadata["labels"] == #"["circle","line","loop"]"#)
        #expect(metadata["architecture"] == #"{"input":[1,28,28],"layers":["#
            + #"{"filters":16,"kernel":5,"padding":2,"type":"conv2d"},{"type":"relu"},{"size":2,"type":"maxpool2d"},"#
            + #"{"filters":32,"kernel":5,"padding":2,"type":"conv2d"},{"type":"relu"},{"size":2,"type":"maxpool2d"},"#
            + #"{"type":"flatten"},{"type":"linear","units":128},{"type":"relu"},{"type":"linear","units":3}]}"#)
        let input = try JSONDecoder().decode(InputEncoding.self, from: Data(try #require(metadata["input"]).utf8))
        #expect(input == InputEncoding())
        let training = try #require(metadata["training"])
        #expect(training.hasPrefix(#"{"augmentation":"#))  // sorted keys
        #expect(training.contains(#""seed":18446744073709551615"#))
    }

    @Test func acceptsUnknownMetadataKeys() throws {
        let bytes = F.patched { $0.metadata["editor_hint"] = #"{"snap":true}"# }
        #expect(try ModelFile.decode(bytes, source: F.source) == F.reference)
    }

    @Test func missingInputMeansTheDefaultEncoding() throws {
        let bytes = F.patched { $0.metadata["input"] = nil }
        #expect(try ModelFile.decode(bytes, source: F.source).input == InputEncoding())
    }

    // MARK: Rejections

    @Test func rejectsBrokenContainerNamingTheFile() {
        var bytes = ModelFile.encode(F.reference)
        bytes.removeLast(4)
        let dataSize = 4 * F.reference.architecture.parameterCount
        Self.expectRejection(bytes, .container(
            source: F.source, .offsetsOutOfRange(tensor: "layers.9.bias", end: dataSize, bufferSize: dataSize - 4)))
    }

    @Test(arguments: ["format", "format_version", "architecture", "labels"])
    func rejectsMissingMetadata(_ key: String) {
        Self.expectRejection(F.patched { $0.metadata[key] = nil }, .missingMetadata(source: F.source, key: key))
    }

    @Test func rejectsOtherFormats() {
        Self.expectRejection(F.patched { $0.metadata["format"] = "pt" }, .wrongFormat(source: F.source, found: "pt"))
    }

    @Test func rejectsUnknownFormatVersionSayingWhichItReads() {
        let bytes = F.patched { $0.metadata["format_version"] = "2" }
        Self.expectRejection(bytes, .unsupportedVersion(source: F.source, found: "2", readable: [1]))
        #expect(F.rejection(bytes)?.description.contains("reads version 1") == true)
    }

    @Test func rejectsArchitectureThatIsNotJSON() {
        let error = F.rejection(F.patched { $0.metadata["architecture"] = "{input: 1" })
        guard case .invalidMetadata(F.source, "architecture", _)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test func rejectsUnknownLayerType() {
        let error = F.rejection(F.patched { $0.metadata["architecture"] = #"{"input":[1,28,28],"layers":[{"type":"lstm"}]}"# })
        #expect(error == .invalidMetadata(
            source: F.source, key: "architecture", reason: "unknown layer type 'lstm' at .layers[0].type"))
    }

    @Test func rejectsInvalidArchitecture() {
        let bytes = F.patched { $0.metadata["architecture"] = #"{"input":[1,28,28],"layers":[{"type":"linear","units":3}]}"# }
        Self.expectRejection(bytes, .invalidArchitecture(
            source: F.source, .shapeMismatch(0, .dense(units: 3), TensorShape(channels: 1, height: 28, width: 28))))
    }

    @Test(arguments: [
        #"{"input":[1,28],"layers":[{"type":"flatten"}]}"#,
        #"{"input":[0,28,28],"layers":[{"type":"flatten"}]}"#,
        #"{"input":[1,28,28],"layers":[{"type":"flatten"},{"type":"linear","units":100000000}]}"#,
        #"{"input":[16385,28,28],"layers":[{"type":"flatten"}]}"#,
        #"{"input":[1,28,28],"layers":[{"filters":1,"kernel":1,"padding":2000,"type":"conv2d"}]}"#,
    ])
    func rejectsArchitectureOutsideLimits(_ json: String) {
        // Without limits some of these would overflow Int inside Architecture and crash the reader.
        let error = F.rejection(F.patched { $0.metadata["architecture"] = json })
        guard case .invalidMetadata(F.source, "architecture", _)? = error else {
            Issue.record("got \(String(describing: error))")
            return
        }
    }

    @Test func rejectsLabelCountDifferentFromClasses() {
        Self.expectRejection(
            F.patched { $0.metadata["labels"] = #"["circle","line"]"# },
            .labelCount(source: F.source, labels: 2, classes: 3))
    }

    @Test func rejectsDuplicateLabels() {
        Self.expectRejection(
            F.patched { $0.metadata["labels"] = #"["circle","line","circle"]"# },
            .duplicateLabel(source: F.source, label: "circle"))
    }

    @Test func rejectsEmptyLabels() {
        Self.expectRejection(F.patched { $0.metadata["labels"] = #"["circle"," ","loop"]"# }, .emptyLabel(source: F.source, index: 1))
    }

    @Test func rejectsLabelsThatAreNotAStringArray() {
        Self.expectRejection(
            F.patched { $0.metadata["labels"] = #"["circle",2,"loop"]"# },
            .invalidMetadata(source: F.source, key: "labels", reason: "expected String at [1]"))
    }

    @Test func rejectsInvalidInputEncoding() {
        Self.expectRejection(
            F.patched { $0.metadata["input"] = #"{"ink":"white-on-black"}"# },
            .invalidMetadata(source: F.source, key: "input", reason: "'scale' is missing"))
        Self.expectRejection(
            F.patched { $0.metadata["input"] = #"{"ink":"white-on-black","scale":"nan"}"# },
            .invalidMetadata(source: F.source, key: "input", reason: "scale must be a positive number"))
    }

    @Test func rejectsInvalidTraining() {
        Self.expectRejection(
            F.patched { $0.metadata["training"] = #"{"seed":1}"# },
            .invalidMetadata(source: F.source, key: "training", reason: "'datasetFingerprint' is missing"))
    }

    @Test func rejectsMissingTensor() {
        Self.expectRejection(
            F.patched { $0.tensors.removeAll { $0.name == "layers.3.weight" } },
            .missingTensor(source: F.source, name: "layers.3.weight", shape: [32, 16, 5, 5]))
    }

    @Test func rejectsExtraTensor() {
        Self.expectRejection(
            F.patched { $0.tensors.append(.init(name: "layers.10.weight", shape: [1], values: [0])) },
            .unexpectedTensor(source: F.source, name: "layers.10.weight"))
    }

    @Test func rejectsTensorOfWrongShapeNamingBothShapes() {
        let bytes = F.patched {
            $0.tensors[0] = .init(name: "layers.0.weight", shape: [16, 1, 3, 3], values: Array(repeating: 0, count: 144))
        }
        Self.expectRejection(bytes, .shapeMismatch(source: F.source, name: "layers.0.weight", found: [16, 1, 3, 3], expected: [16, 1, 5, 5]))
        #expect(F.rejection(bytes)?.description
            == "models/x.safetensors: tensor layers.0.weight has shape [16, 1, 3, 3], the architecture needs [16, 1, 5, 5]")
    }

    @Test(arguments: [Float.nan, .infinity, -.infinity])
    func rejectsNonFiniteWeightsAsCorrupt(_ value: Float) {
        let bytes = F.patched { $0.tensors[2].values[7] = value }
        Self.expectRejection(bytes, .nonFiniteWeight(source: F.source, name: "layers.3.weight", index: 7, value: "\(value)"))
        #expect(F.rejection(bytes)?.description.contains("corrupt") == true)
    }

    // MARK: Files

    @Test func writeCreatesMissingFoldersAndReadsBack() throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("a/b/model.safetensors")
        try ModelFile.write(F.reference, to: url)
        #expect(try ModelFile.read(from: url) == F.reference)
        #expect(try Data(contentsOf: url) == Data(ModelFile.encode(F.reference)))
    }

    @Test func writeReplacesExistingFileLeavingNoTemporaryFiles() throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("model.safetensors")
        try ModelFile.write(F.model(seed: 1), to: url)
        try ModelFile.write(F.model(seed: 2), to: url)
        #expect(try ModelFile.read(from: url) == F.model(seed: 2))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["model.safetensors"])
    }

    @Test func failedWriteLeavesTheOldFile() throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        // A name just under the 255-byte limit: the file itself can exist, but the writer's
        // temporary file (the name plus a UUID) cannot be created, so the write fails midway.
        // (Read-only folders would not do: the tests may run as root.)
        let name = String(repeating: "m", count: 240) + ".safetensors"
        let url = folder.appendingPathComponent(name)
        let old = Data("previous model".utf8)
        try old.write(to: url)
        do {
            try ModelFile.write(F.reference, to: url)
            Issue.record("the write should have failed")
        } catch {
            guard case .unwritable(url.path, _) = error else {
                Issue.record("got \(error)")
                return
            }
            #expect(error.description.hasPrefix("\(url.path): cannot write"))
        }
        #expect(try Data(contentsOf: url) == old)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [name])
    }

    @Test func readingMissingFileNamesItAsGiven() {
        let url = URL(fileURLWithPath: "no/such/folder/model.safetensors")
        do {
            _ = try ModelFile.read(from: url)
            Issue.record("read should have failed")
        } catch {
            #expect(error == .unreadable(source: "no/such/folder/model.safetensors", reason: "no such file"))
            #expect(error.description == "no/such/folder/model.safetensors: cannot read the model file: no such file")
        }
    }

    @Test func readingAFolderFails() throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(throws: ModelFileError.unreadable(source: folder.path, reason: "it is a folder, not a file")) {
            try ModelFile.read(from: folder)
        }
    }

    @Test func readReportsContentErrorsWithThePath() throws {
        let folder = try F.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("bad.safetensors")
        try Data([1, 2, 3]).write(to: url)
        #expect(throws: ModelFileError.container(source: url.path, .fileTooShort(byteCount: 3))) {
            try ModelFile.read(from: url)
        }
    }
}

@Suite("model file: rasterizer parameters")
struct ModelFileRasterizerTests {
    static func model(_ raster: RasterizerParameters) -> ClassifierModel {
        let architecture = Architecture.reference(classes: 3)
        return ClassifierModel(
            architecture: architecture, labels: ["arrow", "circle", "cycle"],
            parameters: architecture.parameterSpecs.map { [Float](repeating: 0.25, count: $0.count) }, rasterizer: raster)
    }

    @Test func roundTripsTheRasterizerParameters() throws {
        var raster = RasterizerParameters()
        raster.lineWidth = 1.7
        let decoded = try ModelFile.decode(ModelFile.encode(Self.model(raster)), source: "m.safetensors")
        #expect(decoded.rasterizer == raster)
        #expect(decoded.rasterizer != RasterizerParameters())
    }

    @Test func rejectsUnusableRasterizerParameters() throws {
        var raster = RasterizerParameters()
        raster.lineWidth = -1
        #expect(raster.problem != nil)
        #expect {
            _ = try ModelFile.decode(ModelFile.encode(Self.model(raster)), source: "m.safetensors")
        } throws: { error in
            "\(error)".hasPrefix("m.safetensors: ") && "\(error)".contains("rasterizer")
        }
    }
}

@Suite("BLAS seam")
struct BLASSeamTests {
    #if os(Linux)
    /// The build must link OpenBLAS's cblas.h, not another BLAS that happens to be installed.
    @Test func linksOpenBLAS() {
        #expect(BLAS.configuration.hasPrefix("OpenBLAS"), "\(BLAS.configuration)")
        #expect(!BLAS.coreName.isEmpty)
    }
    #endif

    @Test func sgemmMultipliesRowMajorWithTransposes() {
        let a: [Float] = [1, 2, 3, 4, 5, 6]  // 2×3
        let b: [Float] = [1, 0, 2, 1, 0, 3]  // 3×2
        var c = [Float](repeating: -1, count: 4)
        BLAS.sgemm(m: 2, n: 2, k: 3, a: a, lda: 3, b: b, ldb: 2, c: &c, ldc: 2)
        #expect(c == [5, 11, 14, 23])
        // A·Bᵀ with the same storage of B read as 2×3 ([1 0 2; 1 0 3]).
        BLAS.sgemm(transposeB: true, m: 2, n: 2, k: 3, a: a, lda: 3, b: b, ldb: 3, c: &c, ldc: 2)
        let expected: [Float] = [7, 10, 16, 22]
        #expect(c == expected)
    }
}
