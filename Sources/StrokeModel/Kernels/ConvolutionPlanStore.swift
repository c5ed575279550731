import Foundation

/// The convolution plans measured on this machine, kept in a small JSON file so that later
/// processes run the same plans without measuring again, as FFTW keeps its wisdom. A seed
/// then gives the same model file run after run: the timings are noisy, and a plan measured
/// afresh each run could flip a layer and with it the rounding.
///
/// Entries are keyed by the machine (CPU model, BLAS and its kernels) and by what was measured,
/// so a home folder shared between machines keeps each machine's own. The file is only a
/// cache: one that is missing, unreadable or damaged is measured over and written anew.
package struct ConvolutionPlanStore: Sendable {
    /// The file, or nil for none (nothing is kept).
    package let url: URL?

    package init(url: URL?) { self.url = url }

    /// `$STROKES_CACHE_DIR`, else `$XDG_CACHE_HOME/strokes`, else `~/.cache/strokes`:
    /// `convolution-plans.json` there.
    package static var standard: ConvolutionPlanStore {
        let environment = ProcessInfo.processInfo.environment
        let folder: URL
        if let dir = environment["STROKES_CACHE_DIR"], !dir.isEmpty {
            folder = URL(fileURLWithPath: dir)
        } else if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            folder = URL(fileURLWithPath: xdg).appendingPathComponent("strokes")
        } else if let home = environment["HOME"], !home.isEmpty {
            folder = URL(fileURLWithPath: home).appendingPathComponent(".cache/strokes")
        } else {
            return ConvolutionPlanStore(url: nil)
        }
        return ConvolutionPlanStore(url: folder.appendingPathComponent("convolution-plans.json"))
    }

    /// What identifies this machine's timings: the CPU's model and the BLAS with its kernels.
    package static let machine = "\(Processor.model ?? "unknown CPU") | \(BLAS.configuration) | \(BLAS.coreName)"

    /// The plan kept for `key`, or nil.
    package func plan(for key: String) -> ConvolutionPlan? {
        entries()[Self.machine + " | " + key].flatMap(ConvolutionPlan.init)
    }

    /// Keeps `plan` for `key` and returns the plan kept: an earlier one for the same key wins
    /// (another process measured first), so every process agrees. Failing to write only means
    /// the next process measures again.
    @discardableResult
    package func record(_ plan: ConvolutionPlan, for key: String) -> ConvolutionPlan {
        guard let url else { return plan }
        var all = entries()
        let full = Self.machine + " | " + key
        if let earlier = all[full].flatMap(ConvolutionPlan.init) { return earlier }
        all[full] = plan.description
        try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        if let data = try? JSONSerialization.data(withJSONObject: ["plans": all], options: [.prettyPrinted, .sortedKeys]) {
            try? data.write(to: url, options: .atomic)
        }
        return plan
    }

    /// Forgets `key`'s plan on this machine, so that the next ask measures again.
    package func forget(_ key: String) {
        guard let url else { return }
        var all = entries()
        guard all.removeValue(forKey: Self.machine + " | " + key) != nil,
              let data = try? JSONSerialization.data(withJSONObject: ["plans": all], options: [.prettyPrinted, .sortedKeys])
        else { return }
        try? data.write(to: url, options: .atomic)
    }

    private func entries() -> [String: String] {
        guard let url, let data = try? Data(contentsOf: url),
              let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
              let plans = object["plans"] as? [String: String] else { return [:] }
        return plans
    }
}
