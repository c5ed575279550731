import ArgumentParser
import Foundation
import StrokeTraining
import CommandLineSupport

/// `--resume` and `--checkpoints`: where a training run keeps a checkpoint per phase (each
/// cross-validation fold, then the final model), written after every epoch and on Ctrl-C.
struct CheckpointOptions: ParsableArguments {
    @Flag(help: "Go on from the checkpoints an interrupted run left (same command otherwise).")
    var resume = false
    @Option(help: ArgumentHelp(
        "Folder for the run's checkpoints (default: beside --out, e.g. model.checkpoints/); removed when the run finishes.",
        valueName: "folder"))
    var checkpoints: String?

    /// The folder, or nil when the run has nowhere to keep checkpoints (no --out, no --checkpoints).
    func folder(out: String?) -> URL? {
        if let checkpoints { return URL(fileURLWithPath: checkpoints) }
        guard let out else { return nil }
        let model = URL(fileURLWithPath: out)
        return model.deletingPathExtension().appendingPathExtension("checkpoints")
    }

    /// One phase's checkpoint in `folder`.
    static func checkpointing(_ folder: URL, phase: String, resume: Bool, stop: StopRequest) -> Checkpointing {
        Checkpointing(url: folder.appendingPathComponent("\(phase).checkpoint"), resume: resume, stop: stop, phase: phase)
    }

    /// Removes what a killed write left behind (`AtomicFile`'s hidden temporary files).
    static func removeLeftovers(in folder: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        for name in names where name.hasPrefix(".") && name.hasSuffix(".tmp") {
            try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
        }
    }

    /// The options as they were given, to leave out of the command a model file records:
    /// a resumed run must write the same file as one never stopped.
    static let unrecorded: (flags: Set<String>, withValue: Set<String>) = (["--resume", "--quiet"], ["--checkpoints"])
}

/// Ctrl-C (SIGINT) and SIGTERM ask a run to stop after its current step and write a
/// checkpoint; a second one quits at once. Without a checkpoint to write (`stop` nil), the
/// first one quits at once.
final class InterruptHandler {
    private var sources: [DispatchSourceSignal] = []

    init(requesting stop: StopRequest?) {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
            source.setEventHandler {
                guard let stop else {
                    Console.info("\ninterrupted: no checkpoint kept (no --out or --checkpoints), nothing written")
                    Foundation.exit(130)
                }
                if stop.isRequested { Foundation.exit(130) }
                stop.request()
                Console.info("\ninterrupted: finishing the current step and writing a checkpoint (again to quit at once)")
            }
            source.resume()
            sources.append(source)
        }
    }

    deinit {
        for source in sources { source.cancel() }
    }
}
