import Foundation

/// The process's resident memory from /proc (Linux), for the loading-memory checks.
enum PeakMemory {
    static var isAvailable: Bool { FileManager.default.isWritableFile(atPath: "/proc/self/clear_refs") }

    /// Starts a new peak: writing 5 to clear_refs sets VmHWM back to the current VmRSS.
    static func reset() {
        try? Data("5".utf8).write(to: URL(fileURLWithPath: "/proc/self/clear_refs"))
    }

    /// Resident bytes now (VmRSS) and the peak since the last reset (VmHWM).
    static var resident: Int { field("VmRSS") }
    static var peak: Int { field("VmHWM") }

    private static func field(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") })
        else { return 0 }
        // "VmHWM:\t  123456 kB"
        let kilobytes = line.split(separator: " ").compactMap { Int($0) }.first ?? 0
        return kilobytes * 1024
    }
}
