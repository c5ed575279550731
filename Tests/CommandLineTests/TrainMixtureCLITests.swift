import Foundation
import StrokeModel
import StrokeTraining
import Testing

/// `strokes train` with several datasets, as a user runs it: `real` is the primary, `synth`
/// and `more` are mixed in.
@Suite("train on a mixture end to end", .serialized)
struct TrainMixtureCLITests {
    /// `real`: 8 images per class; `synth`: 20 per class, other shapes and positions.
    static func makeData(_ scratch: ScratchFolder) throws {
        try ShapesFixture.write(to: scratch.path("real"), perClass: 8, seed: 1)
        try ShapesFixture.write(to: scratch.path("synth"), perClass: 20, seed: 2, prefix: "synth")
    }

    static func train(_ scratch: ScratchFolder, _ arguments: [String]) throws -> RunResult {
        try StrokesProcess.run(["train"] + arguments, in: scratch.url)
    }

    static func provenance(_ scratch: ScratchFolder, _ file: String = "m.safetensors") throws -> TrainingProvenance {
        try #require(try ModelFile.read(from: scratch.path(file)).provenance)
    }

    static func expectOneErrorLine(_ result: RunResult, naming parts: [String]) {
        #expect(result.status != 0)
        #expect(result.errorLines.count == 1, "\(result.stderr)")
        let line = result.errorLines.first ?? ""
        #expect(line.hasPrefix("error:"), "\(line)")
        for part in parts { #expect(line.contains(part), "'\(part)' in \(line)") }
    }

    /// Pinned (Debian's OpenBLAS 0.3.21, SkylakeX kernels) when mixtures came, and again when
    /// the conv backward pass went to chunks, when a step went to two shards and when the conv backward pass went to
    /// window rows: one dataset, without and with cross-validation,
    /// gives the same model file as then (through the mixture code path since). Files have
    /// stored a calibration since, and the convolution plan (the window rows, which ran then,
    /// are pinned now): both are taken out, and the command line put back as it was, before
    /// hashing, so the pins still check that the weights and every other record are those of then.
    @Test(.enabled(if: BLAS.coreName == "SkylakeX" && BLAS.configuration.hasPrefix("OpenBLAS 0.3.21"),
                   "pinned on Debian's OpenBLAS 0.3.21 with SkylakeX kernels; this machine runs \(BLAS.configuration), \(BLAS.coreName), which rounds differently"))
    func oneDatasetGivesTheSameModelFileAsBeforeMixtures() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let pinned = [
            "7da482ba5ca068d09c540d2bb39c1b9fa7c29164386a4235f5c95fd77733962f",
            "1a8772aecbf873b4a76cc690ec6adfa55a816ec7937682430746f07793bbb758",
        ]
        for (extra, digest) in zip([[], ["--folds", "2"]], pinned) {
            // The file records the command line: this one and the plan's option are the one the pins were made with.
            let result = try Self.train(
                scratch, ["real", "--out", "m.safetensors", "--epochs", "2", "--seed", "3", "--batch-size", "8", "--quiet"] + extra
                    + ["--convolution", "window-rows"])
            #expect(result.status == 0, "\(result.stderr)")
            var model = try ModelFile.read(from: scratch.path("m.safetensors"))
            #expect(model.provenance?.convolution == "window-rows")
            var then = try #require(model.provenance)
            then.convolution = nil
            then.command = then.command.replacingOccurrences(of: " --convolution window-rows", with: "")
            model.provenance = then
            try ModelFile.write(model, to: scratch.path("then.safetensors"))
            var contents = try SafeTensors.decode([UInt8](try Data(contentsOf: scratch.path("then.safetensors"))))
            #expect(contents.metadata.removeValue(forKey: "calibration") != nil, "a held-out split gives a calibration")
            let actual = SHA256Hasher.hash(SafeTensors.encode(contents.tensors, metadata: contents.metadata))
            #expect(actual == digest, "\(extra): \(actual)")
            #expect(try Self.provenance(scratch).sources == nil)
            try FileManager.default.removeItem(at: scratch.path("m.safetensors"))
        }
    }

    @Test func mixingPrintsEachSourceAndRecordsItInTheModel() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        try ShapesFixture.write(to: scratch.path("more"), perClass: 5, seed: 3, prefix: "more")
        let result = try Self.train(scratch, [
            "real", "synth:0.5x", "more:9", "--validation-split", "0.25", "--epochs", "2", "--batch-size", "16",
            "--out", "m.safetensors", "--report", "r", "--quiet",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.errorLines
        #expect(lines.contains("dataset real: 24 images, h 8, s 8, v 8 (primary, weight 1x)"), "\(result.stderr)")
        #expect(lines.contains("dataset synth: 60 images, h 20, s 20, v 20 (weight 0.5x, 30 per epoch)"), "\(result.stderr)")
        #expect(lines.contains("dataset more: 9 of 15 images, h 3, s 3, v 3 (count 9)"), "\(result.stderr)")
        // Validation holds out 2 of each primary class: 18 training images + 30 + 9 per epoch.
        #expect(lines.contains("final model: 18 training images, 6 validation images; 57 images per epoch from all datasets"),
                "\(result.stderr)")

        let provenance = try Self.provenance(scratch)
        #expect(provenance.datasetImages == 24 && provenance.validationImages == 6)
        #expect(provenance.validationConfusion?.joined().reduce(0, +) == 6, "validation images are primary images only")
        let sources = try #require(provenance.sources)
        #expect(sources.map(\.path) == ["real", "synth", "more"])
        #expect(sources.map(\.images) == [24, 60, 9])
        #expect(sources.map(\.share) == ["1x", "0.5x", "9"])
        #expect(sources.map(\.imagesPerEpoch) == [18, 30, 9])
        #expect(sources[0].fingerprint == provenance.datasetFingerprint)
        #expect(Set(sources.map(\.fingerprint)).count == 3 && sources.allSatisfy { $0.fingerprint.count == 64 })
        let report = try String(contentsOf: scratch.path("r/report.md"), encoding: .utf8)
        #expect(report.contains("- dataset 2: `synth`, 60 images, share 0.5x, 30 per epoch, fingerprint"), "\(report)")
        let metrics = try JSONSerialization.jsonObject(with: Data(contentsOf: scratch.path("r/metrics.json"))) as? [String: Any]
        let datasets = try #require(metrics?["datasets"] as? [[String: Any]])
        #expect(datasets.map { $0["path"] as? String } == ["real", "synth", "more"])
        #expect(datasets.map { $0["images_per_epoch"] as? Int } == [18, 30, 9])
        let evaluation = try #require(metrics?["evaluation"] as? [String: Any])
        #expect(evaluation["images"] as? Int == 6, "the report's confusion matrix is the primary's validation split")
    }

    /// Each run measures no plan of its own: the first keeps the plan it measured for this
    /// machine, and the later ones run it (timings alone would flip a layer now and then).
    @Test func aMixtureGivesAByteIdenticalModelFileForASeed() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        var files: [Data] = []
        for seed in ["4", "4", "5"] {
            let result = try StrokesProcess.run(["train",
                "real:18", "synth:1.5x", "--out", "m.safetensors", "--epochs", "2", "--batch-size", "16", "--seed", seed,
                "--threads", "2", "--quiet",
            ], in: scratch.url, environment: ["STROKES_CACHE_DIR": scratch.path("cache").path])
            #expect(result.status == 0, "\(result.stderr)")
            files.append(try Data(contentsOf: scratch.path("m.safetensors")))
            try FileManager.default.removeItem(at: scratch.path("m.safetensors"))
        }
        #expect(files[0] == files[1])
        #expect(files[0] != files[2])
    }

    @Test func crossValidationHoldsOutPrimaryImagesOnly() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let result = try Self.train(scratch, [
            "real", "synth", "--folds", "3", "--epochs", "1", "--batch-size", "16", "--out", "m.safetensors", "--quiet",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        // `  fold 1: 62.5% (5/8)`: the held-out images of the three folds are the 24 of `real`.
        let held = result.stdout.split(separator: "\n").filter { $0.hasPrefix("  fold ") }.compactMap { line in
            line.split(separator: "/").last.flatMap { Int($0.dropLast()) }
        }
        #expect(held == [8, 8, 8], "\(result.stdout)")
        let misclassified = result.stdout.split(separator: "\n").filter { $0.contains(".png:") }
        #expect(misclassified.allSatisfy { $0.contains("/real/") && !$0.contains("synth") }, "\(misclassified)")
        #expect(result.errorLines.contains("final model: 24 training images, 0 validation images; 84 images per epoch from all datasets"))
        #expect(try Self.provenance(scratch).validationConfusion?.joined().reduce(0, +) == 24)
    }

    @Test func differentClassesAreOneClearLine() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        try ShapesFixture.write(to: scratch.path("odd"), labels: ["h", "s", "x"], perClass: 2, seed: 3)
        let result = try Self.train(scratch, ["real", "odd", "--epochs", "1", "--out", "m.safetensors"])
        Self.expectOneErrorLine(result, naming: ["odd", "extra x", "real"])
        #expect(!FileManager.default.fileExists(atPath: scratch.path("m.safetensors").path))
    }

    /// Corrected strokes (Teach) come for the classes the model got wrong: a folder with some
    /// of the primary's classes joins the mixture under the primary's labels.
    @Test func aFolderWithSomeOfTheClassesIsMixedIn() throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        try ShapesFixture.write(to: scratch.path("corrections"), labels: ["v"], perClass: 3, seed: 4, prefix: "fix")
        let result = try Self.train(scratch, ["real", "corrections:2x", "--epochs", "1", "--out", "m.safetensors"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("dataset corrections: 3 images, h 0, s 0, v 3 ("), "\(result.stderr)")
        #expect(try ModelFile.read(from: scratch.path("m.safetensors")).labels == ["h", "s", "v"])
    }

    @Test(arguments: [
        (["real", "synth:-1"], ["synth:-1", "'-1'"]),
        (["real", "synth:0x"], ["synth:0x", "'0x'"]),
        (["real", "synth:abc"], ["synth:abc", "'abc'"]),
        (["real:abc"], ["real:abc", "'abc'"]),
        (["real", "synth:61"], ["synth", "61", "only 60"]),
        (["real:25", "synth"], ["real", "25", "only 24"]),
        (["real", "synth", "./real/:2x"], ["./real/", "same folder as real"]),
    ])
    func badSharesAndRepeatedFoldersAreOneClearLine(arguments: [String], naming: [String]) throws {
        let scratch = try ScratchFolder()
        try Self.makeData(scratch)
        let result = try Self.train(scratch, arguments + ["--epochs", "1", "--out", "m.safetensors"])
        Self.expectOneErrorLine(result, naming: naming)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("m.safetensors").path))
    }

    @Test func aFolderWhoseNameHasAColonIsAPath() throws {
        let scratch = try ScratchFolder()
        try ShapesFixture.write(to: scratch.path("run:2"), perClass: 4, seed: 1)
        let whole = try Self.train(scratch, ["run:2", "--epochs", "1", "--quiet"])
        #expect(whole.status == 0, "\(whole.stderr)")
        #expect(whole.errorLines.contains("dataset run:2: 12 images, h 4, s 4, v 4 (weight 1x)"), "\(whole.stderr)")
        let counted = try Self.train(scratch, ["run:2:6", "--epochs", "1", "--quiet"])
        #expect(counted.status == 0, "\(counted.stderr)")
        #expect(counted.errorLines.contains("dataset run:2: 6 of 12 images, h 2, s 2, v 2 (count 6)"), "\(counted.stderr)")
    }
}
