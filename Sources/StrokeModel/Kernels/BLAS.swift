// The one seam between this module and a BLAS: OpenBLAS on Linux, Accelerate on Apple platforms.
#if canImport(Accelerate)
import Accelerate
#else
import CBLAS
#endif

/// Row-major single-precision matrix products and the BLAS thread setting.
package enum BLAS {
    /// C[m×n] = alpha · op(A)[m×k] · op(B)[k×n] + beta · C, all row-major.
    @inline(__always)
    package static func sgemm(
        transposeA: Bool = false, transposeB: Bool = false,
        m: Int, n: Int, k: Int,
        alpha: Float = 1, a: UnsafePointer<Float>, lda: Int,
        b: UnsafePointer<Float>, ldb: Int,
        beta: Float = 0, c: UnsafeMutablePointer<Float>, ldc: Int
    ) {
        cblas_sgemm(
            CblasRowMajor,
            transposeA ? CblasTrans : CblasNoTrans,
            transposeB ? CblasTrans : CblasNoTrans,
            Int32(m), Int32(n), Int32(k), alpha, a, Int32(lda), b, Int32(ldb), beta, c, Int32(ldc))
    }

    /// y[m] = alpha · A[m×n] · x[n] + beta · y, A row-major: one sample through a dense
    /// layer, which sgemm would first copy A for (a 800 KB copy per stroke).
    @inline(__always)
    package static func sgemv(
        m: Int, n: Int, alpha: Float = 1, a: UnsafePointer<Float>, lda: Int,
        x: UnsafePointer<Float>, beta: Float = 0, y: UnsafeMutablePointer<Float>
    ) {
        cblas_sgemv(CblasRowMajor, CblasNoTrans, Int32(m), Int32(n), alpha, a, Int32(lda), x, 1, beta, y, 1)
    }

    static func setThreads(_ count: Int) {
        #if !canImport(Accelerate)
        openblas_set_num_threads(Int32(count))
        #endif
    }

    /// The CPU kernel set OpenBLAS chose at load time (e.g. `SkylakeX`, or `Prescott` when it
    /// did not recognise the CPU and fell back to its slowest generic kernels).
    package static var coreName: String {
        #if canImport(Accelerate)
        return "Accelerate"
        #else
        return String(cString: openblas_get_corename())
        #endif
    }

    /// The BLAS library's own description (OpenBLAS's build configuration), for reports and tests.
    package static var configuration: String {
        #if canImport(Accelerate)
        return "Accelerate"
        #else
        return String(cString: openblas_get_config())
        #endif
    }
}
