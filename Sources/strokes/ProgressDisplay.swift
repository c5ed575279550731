import Foundation
import StrokeReports
import StrokeTraining

/// Training progress on stderr: on a terminal a live bar redrawn in place (epoch and batch,
/// loss, accuracy, images/s, time left) with one kept line per epoch; elsewhere (CI logs,
/// pipes) only the per-epoch lines.
final class ProgressDisplay {
    let isTerminal: Bool
    /// Printed before the bar and each epoch line, e.g. `fold 2/5`.
    var phase = ""
    private var lastDrawn: ContinuousClock.Instant?
    private var barShown = false

    init(isTerminal: Bool = isatty(STDERR_FILENO) == 1 && ProcessInfo.processInfo.environment["TERM"] != "dumb") {
        self.isTerminal = isTerminal
    }

    /// After each gradient step; redraws at most ten times a second, and always at an
    /// epoch's last step.
    func step(_ progress: StepProgress) {
        guard isTerminal else { return }
        let now = ContinuousClock.now
        if let lastDrawn, now - lastDrawn < .milliseconds(100), progress.step < progress.steps { return }
        lastDrawn = now
        write("\r\u{1B}[K" + Self.bar(progress, phase: phase, width: Self.terminalWidth))
        barShown = true
    }

    /// A line that stays: the bar, if shown, is cleared first and redrawn by the next step.
    func line(_ text: String) {
        if barShown { write("\r\u{1B}[K") }
        barShown = false
        write((phase.isEmpty ? "" : phase + "  ") + text + "\n")
    }

    /// Clears the bar (before a command prints its results).
    func finish() {
        if barShown { write("\r\u{1B}[K") }
        barShown = false
    }

    /// `fold 2/5  epoch 12/60 [######······] batch 7/33  loss 0.2345  acc 91.2%  2,310 img/s  ETA 1:23`,
    /// cut to `width` characters.
    static func bar(_ p: StepProgress, phase: String, width: Int) -> String {
        let cells = 16, filled = min(cells, Int((Double(p.step) / Double(max(p.steps, 1)) * Double(cells)).rounded(.down)))
        var parts = phase.isEmpty ? [] : [phase]
        parts.append("epoch \(p.epoch)/\(p.epochs) [" + String(repeating: "#", count: filled)
            + String(repeating: "·", count: cells - filled) + "] batch \(p.step)/\(p.steps)")
        parts.append("loss \(FixedDecimal(Double(p.loss), digits: 4))")
        parts.append("acc \(Percent(p.accuracy))")
        if p.elapsedSeconds > 0 { parts.append("\(Int((Double(p.images) / p.elapsedSeconds).rounded())) img/s") }
        parts.append("ETA " + (p.secondsLeft.map(clock) ?? "–"))
        let text = parts.joined(separator: "  ")
        return text.count <= width ? text : String(text.prefix(max(0, width - 1))) + "…"
    }

    /// `1:05`, `1:02:03`.
    static func clock(_ seconds: Double) -> String {
        let s = Int(seconds.rounded())
        let two = { (v: Int) in v < 10 ? "0\(v)" : "\(v)" }
        return s >= 3600 ? "\(s / 3600):\(two(s / 60 % 60)):\(two(s % 60))" : "\(s / 60):\(two(s % 60))"
    }

    private static var terminalWidth: Int {
        var size = winsize()
        guard ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return 100 }
        return Int(size.ws_col) - 1
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
