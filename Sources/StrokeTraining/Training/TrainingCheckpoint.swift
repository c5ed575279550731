import Foundation
import StrokeModel

/// Everything a training run needs to go on exactly where it stopped: the weights, the best
/// weights so far, the optimizer's moments, and where in which epoch it was. Resuming from it
/// gives the same bits as never stopping (the epoch order and the augmentation are functions
/// of the seed and the epoch, so they are recomputed, not stored).
///
/// Stored as a safetensors file (tensors `parameters.i`, `best.i`, `first.i`, `second.i`;
/// the rest as JSON in the metadata), written atomically: a kill leaves the old checkpoint
/// or the new one, never a part.
public struct TrainingCheckpoint: Sendable, Equatable {
    public static let format = "strokes-training-checkpoint"
    public static let version = 1

    public struct State: Codable, Sendable, Equatable {
        /// Which run this is (see `Trainer.checkpointKey`): a checkpoint resumes only its own run.
        public var key: String
        /// Epochs finished, and steps done in the next one (0 at an epoch's end).
        public var epochsDone: Int
        public var stepsDone: Int
        /// The unfinished epoch's running sums, the loss as its bit pattern (exact).
        public var lossSumBits: UInt32
        public var correct: Int
        public var optimizerSteps: Int
        public var bestAccuracy: Double?
        public var bestLossBits: UInt32?
        public var keptEpoch: Int
        public var history: [EpochReport]
        /// The run's `ConvolutionPlan`, which a resumed run keeps (absent in older checkpoints).
        public var convolution: String?
    }

    public var state: State
    public var parameters: [[Float]]
    public var best: [[Float]]
    public var first: [[Float]]
    public var second: [[Float]]

    public func encoded() -> [UInt8] {
        let groups = [("parameters", parameters), ("best", best), ("first", first), ("second", second)]
        let tensors = groups.flatMap { prefix, arrays in
            arrays.enumerated().map { SafeTensors.Tensor(name: "\(prefix).\($0.offset)", shape: [$0.element.count], values: $0.element) }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let json = String(decoding: try! encoder.encode(state), as: UTF8.self)
        return SafeTensors.encode(tensors, metadata: ["format": Self.format, "version": String(Self.version), "state": json])
    }

    /// Reads a checkpoint for `architecture`; every problem is one error naming the file.
    public static func read(from url: URL, architecture: Architecture) throws(CheckpointError) -> TrainingCheckpoint {
        let path = url.path
        let bytes: [UInt8]
        do { bytes = Array(try Data(contentsOf: url)) } catch {
            throw .unreadable(path, reason: (error as NSError).localizedDescription)
        }
        let contents: SafeTensors.Contents
        do { contents = try SafeTensors.decode(bytes) } catch { throw .damaged(path, reason: error.description) }
        guard contents.metadata["format"] == format else { throw .damaged(path, reason: "not a training checkpoint") }
        guard contents.metadata["version"] == String(version) else {
            throw .damaged(path, reason: "checkpoint version \(contents.metadata["version"] ?? "?"), this build reads \(version)")
        }
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        guard let json = contents.metadata["state"],
              let state = try? decoder.decode(State.self, from: Data(json.utf8)) else {
            throw .damaged(path, reason: "its state is missing or not valid JSON")
        }
        let specs = ParameterBuffer(architecture: architecture).specs
        let byName = Dictionary(contents.tensors.map { ($0.name, $0.values) }, uniquingKeysWith: { a, _ in a })
        func group(_ prefix: String) throws(CheckpointError) -> [[Float]] {
            var arrays: [[Float]] = []
            for (index, spec) in specs.enumerated() {
                guard let values = byName["\(prefix).\(index)"], values.count == spec.count else {
                    throw .damaged(path, reason: "tensor \(prefix).\(index) is missing or not \(spec.count) values: not this network's checkpoint")
                }
                arrays.append(values)
            }
            return arrays
        }
        return TrainingCheckpoint(
            state: state, parameters: try group("parameters"), best: try group("best"),
            first: try group("first"), second: try group("second"))
    }

    public func write(to url: URL) throws(CheckpointError) {
        do { try AtomicFile.write(encoded(), to: url) } catch {
            throw .unwritable(url.path, reason: (error as NSError).localizedDescription)
        }
    }
}

public enum CheckpointError: Error, Equatable, CustomStringConvertible {
    case unreadable(String, reason: String)
    case unwritable(String, reason: String)
    case damaged(String, reason: String)
    case otherRun(String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read checkpoint \(path) (\(reason))"
        case let .unwritable(path, reason): "cannot write checkpoint \(path) (\(reason)); check the folder is writable"
        case let .damaged(path, reason): "checkpoint \(path) cannot be used: \(reason); delete it to start afresh"
        case let .otherRun(path):
            "checkpoint \(path) belongs to another run (other data, network or options); run the same command as before with --resume, or delete it to start afresh"
        }
    }
}
