import Foundation
import Testing

/// Training progress: a live bar on a terminal, plain lines in a log.
@Suite("training progress", .serialized)
struct ProgressCLITests {
    static func data() throws -> ScratchFolder {
        let scratch = try ScratchFolder()
        let made = try StrokesProcess.run(["synth", "--out", "data", "--per-class", "30", "--seed", "1"], in: scratch.url)
        #expect(made.status == 0, "\(made.stderr)")
        return scratch
    }

    @Test func aTerminalGetsABarRedrawnInPlaceAndALinePerEpoch() throws {
        let scratch = try Self.data()
        // util-linux's `script` runs the command on a pseudo-terminal and copies what it shows.
        let command = ([try StrokesProcess.executable().path] + ["train", "data", "--epochs", "2", "--batch-size", "8"])
            .map { "'\($0)'" }.joined(separator: " ")
        let shown = try StrokesProcess.runTool("/usr/bin/script", ["-q", "-e", "-c", command, "/dev/null"], in: scratch.url)
        #expect(shown.status == 0, "\(shown.stdout)")
        let redraws = shown.stdout.components(separatedBy: "\r\u{1B}[K").dropFirst()
        #expect(redraws.count >= 4, "the bar is redrawn in place: \(shown.stdout.suffix(400))")
        let bars = redraws.filter { $0.contains("batch ") }
        #expect(bars.contains { $0.hasPrefix("epoch 1/2 [") && $0.contains(" loss ") && $0.contains(" acc ") && $0.contains(" img/s") && $0.contains("ETA ") })
        let lastSteps = bars.filter { $0.hasPrefix("epoch 2/2 [################] batch ") }.map {
            $0.split(separator: " ")[4].split(separator: "/").map(String.init)
        }
        #expect(lastSteps.contains { $0.count == 2 && $0[0] == $0[1] }, "the last step of an epoch is always drawn")
        // Each epoch still leaves its line, with the validation figures.
        #expect(redraws.filter { $0.hasPrefix("epoch 1/2  loss") && $0.contains("val ") }.count == 1)
    }

    @Test func aLogGetsPlainLinesOnly() throws {
        let scratch = try Self.data()
        let result = try StrokesProcess.run(["train", "data", "--epochs", "2", "--batch-size", "8"], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!result.stderr.contains("\r") && !result.stderr.contains("\u{1B}"), "no terminal controls in a log")
        #expect(result.errorLines.filter { $0.hasPrefix("epoch ") }.count == 2)
    }
}
