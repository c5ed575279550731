import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes files so that readers see either the old file or the whole new one, never a part:
/// the bytes go to a temporary file in the same folder, which rename(2) then puts in place
/// (atomic on POSIX file systems, replacing any existing file).
package enum AtomicFile {
    package static func write(_ bytes: [UInt8], to url: URL) throws {
        let folder = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let temporary = folder.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try Data(bytes).write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown, userInfo: [
                    NSLocalizedDescriptionKey: String(cString: strerror(errno)),
                ])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    package static func write(_ text: String, to url: URL) throws {
        try write(Array(text.utf8), to: url)
    }
}
