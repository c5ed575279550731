import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a file cannot be read, in words a user can act on. Foundation's messages on Linux do
/// not tell a missing file from a broken or looping link or a permission problem. Every
/// reader of a user's file (PNGs, model files, drawings) says why with this.
package enum FileReadFailure {
    package static func reason(_ path: String) -> String {
        let descriptor = open(path, O_RDONLY)
        guard descriptor < 0 else {
            close(descriptor)
            var info = stat()
            if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return "it is a folder, not a file" }
            return "reading it failed"
        }
        switch errno {
        case ENOENT:
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path)
            return target.map { "it is a link to \($0), which does not exist" } ?? "no such file"
        case ELOOP: return "it is a symbolic link that loops back on itself"
        case EACCES: return "permission denied"
        default: return String(cString: strerror(errno))
        }
    }
}
