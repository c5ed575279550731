import Foundation
import StrokeModel

/// OpenBLAS picks its kernels when it loads. Debian's OpenBLAS 0.3.21 does not know newer
/// Xeons and falls back to `Prescott`, its generic SSE3 kernels, which run sgemm about 5×
/// slower. When that happened and the user has not chosen a core, the process restarts
/// itself once with `OPENBLAS_CORETYPE` set from the CPU's features. Both command lines
/// start with it (`strokes` trains and benchmarks; `automata` serves and reads strokes).
package enum OpenBLASCore {
    package static func restartWithMatchingKernelsIfNeeded() {
        #if os(Linux)
        let environment = ProcessInfo.processInfo.environment
        guard environment["OPENBLAS_CORETYPE"] == nil, BLAS.coreName.lowercased() == "prescott",
              let core = matchingCore() else { return }
        setenv("OPENBLAS_CORETYPE", core, 1)
        execv("/proc/self/exe", CommandLine.unsafeArgv)
        // execv returns only on failure: carry on with the slow kernels.
        #endif
    }

    /// The OpenBLAS core whose kernels this CPU runs, from `/proc/cpuinfo`'s flags.
    package static func matchingCore() -> String? {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8),
              let line = info.split(separator: "\n").first(where: { $0.hasPrefix("flags") }) else { return nil }
        let flags = Set(line.split(separator: " ").map(String.init))
        if flags.isSuperset(of: ["avx512f", "avx512bw", "avx512vl", "avx512dq"]) { return "SkylakeX" }
        if flags.isSuperset(of: ["avx2", "fma"]) { return "Haswell" }
        return nil
    }
}
