import Foundation

/// The CPU this process runs on, as benchmarks print it and plan caches key it.
package enum Processor {
    /// The CPU's model name, from `/proc/cpuinfo` (Linux), or nil.
    package static let model: String? = {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = info.split(separator: "\n").first(where: { $0.hasPrefix("model name") }),
              let colon = line.firstIndex(of: ":") else { return nil }
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
    }()
}
