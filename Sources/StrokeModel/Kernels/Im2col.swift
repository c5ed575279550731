/// im2col and col2im for square kernels, stride 1, zero padding.
///
/// `cols` is a `[C·k·k] × [N·Ho·Wo]` row-major matrix: row `(c, ky, kx)`, column
/// `(n, oy, ox)`. With it a convolution over the whole batch is one sgemm.
public struct ConvGeometry: Sendable, Equatable {
    public let batch: Int
    public let channels: Int
    public let height: Int
    public let width: Int
    public let kernel: Int
    public let padding: Int

    public init(batch: Int, channels: Int, height: Int, width: Int, kernel: Int, padding: Int) {
        self.batch = batch
        self.channels = channels
        self.height = height
        self.width = width
        self.kernel = kernel
        self.padding = padding
    }

    public var outHeight: Int { height + 2 * padding - kernel + 1 }
    public var outWidth: Int { width + 2 * padding - kernel + 1 }
    public var outPlane: Int { outHeight * outWidth }
    public var rows: Int { channels * kernel * kernel }
    public var columns: Int { batch * outPlane }
}

public enum Im2col {
    /// Fills `cols` from `input` (`[N, C, H, W]`).
    public static func im2col(_ input: UnsafePointer<Float>, _ g: ConvGeometry, into cols: UnsafeMutablePointer<Float>) {
        let plane = g.height * g.width
        let kk = g.kernel * g.kernel
        Compute.parallelFor(g.rows, minimumChunk: 4) { rows in
            for row in rows {
                let c = row / kk
                let ky = (row % kk) / g.kernel
                let kx = row % g.kernel
                // Output columns whose input x stays inside the image.
                let xStart = max(0, g.padding - kx)
                let xEnd = min(g.outWidth, g.width + g.padding - kx)
                var destination = cols + row * g.columns
                for n in 0..<g.batch {
                    let channel = input + (n * g.channels + c) * plane
                    for oy in 0..<g.outHeight {
                        let iy = oy + ky - g.padding
                        // Rows are short (one output row): plain loops beat memcpy/memset calls.
                        if iy < 0 || iy >= g.height || xStart >= xEnd {
                            for ox in 0..<g.outWidth { destination[ox] = 0 }
                        } else {
                            let source = channel + iy * g.width + (kx - g.padding)
                            for ox in 0..<xStart { destination[ox] = 0 }
                            for ox in xStart..<xEnd { destination[ox] = source[ox] }
                            for ox in xEnd..<g.outWidth { destination[ox] = 0 }
                        }
                        destination += g.outWidth
                    }
                }
            }
        }
    }

    /// Accumulates `cols` back into `output` (`[N, C, H, W]`, overwritten): the adjoint of im2col.
    public static func col2im(_ cols: UnsafePointer<Float>, _ g: ConvGeometry, into output: UnsafeMutablePointer<Float>) {
        let plane = g.height * g.width
        let kk = g.kernel * g.kernel
        // Chunks own whole channels, so no two threads add into the same pixel.
        Compute.parallelFor(g.channels) { channels in
            for c in channels {
                for n in 0..<g.batch {
                    (output + (n * g.channels + c) * plane).update(repeating: 0, count: plane)
                }
                for row in (c * kk)..<((c + 1) * kk) {
                    let ky = (row % kk) / g.kernel
                    let kx = row % g.kernel
                    let xStart = max(0, g.padding - kx)
                    let xEnd = min(g.outWidth, g.width + g.padding - kx)
                    guard xStart < xEnd else { continue }
                    var source = cols + row * g.columns
                    for n in 0..<g.batch {
                        let channel = output + (n * g.channels + c) * plane
                        for oy in 0..<g.outHeight {
                            let iy = oy + ky - g.padding
                            if iy >= 0 && iy < g.height {
                                let target = channel + iy * g.width + (kx - g.padding)
                                for ox in xStart..<xEnd { target[ox] += source[ox] }
                            }
                            source += g.outWidth
                        }
                    }
                }
            }
        }
    }
}
