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
    ///
    /// Each input plane is first copied into a small zero-padded plane, so every output row
    /// of a kernel offset is a fixed-length copy with no bounds checks: a 14×14 plane and a
    /// 5×5 kernel make 5,600 such copies per image, and their cost is most of im2col's.
    public static func im2col(_ input: UnsafePointer<Float>, _ g: ConvGeometry, into cols: UnsafeMutablePointer<Float>) {
        let plane = g.height * g.width
        let paddedWidth = g.width + 2 * g.padding
        let paddedPlane = (g.height + 2 * g.padding) * paddedWidth
        let kk = g.kernel * g.kernel
        // Chunks own whole channels: the rows (c, ·, ·) of cols.
        Compute.parallelFor(g.channels) { channels in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: paddedPlane) { buffer in
                let padded = buffer.baseAddress!
                padded.initialize(repeating: 0, count: paddedPlane)
                for c in channels {
                    for n in 0..<g.batch {
                        // The border stays zero; only the interior is rewritten.
                        let source = input + (n * g.channels + c) * plane
                        for y in 0..<g.height {
                            (padded + (y + g.padding) * paddedWidth + g.padding).update(from: source + y * g.width, count: g.width)
                        }
                        for offset in 0..<kk {
                            let ky = offset / g.kernel, kx = offset % g.kernel
                            var destination = cols + (c * kk + offset) * g.columns + n * g.outPlane
                            let origin = padded + ky * paddedWidth + kx
                            for oy in 0..<g.outHeight {
                                ShortRow.copy(destination, from: origin + oy * paddedWidth, count: g.outWidth)
                                destination += g.outWidth
                            }
                        }
                    }
                }
            }
        }
    }

    /// Accumulates `cols` back into `output` (`[N, C, H, W]`, overwritten): the adjoint of im2col.
    /// Sums go into a zero-padded plane, like im2col's, then the border is cropped off; each
    /// pixel receives its terms in the same order as a direct loop would add them.
    public static func col2im(_ cols: UnsafePointer<Float>, _ g: ConvGeometry, into output: UnsafeMutablePointer<Float>) {
        let plane = g.height * g.width
        let paddedWidth = g.width + 2 * g.padding
        let paddedPlane = (g.height + 2 * g.padding) * paddedWidth
        let kk = g.kernel * g.kernel
        // Chunks own whole channels, so no two threads add into the same pixel.
        Compute.parallelFor(g.channels) { channels in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: paddedPlane) { buffer in
                let padded = buffer.baseAddress!
                for c in channels {
                    for n in 0..<g.batch {
                        padded.initialize(repeating: 0, count: paddedPlane)
                        for offset in 0..<kk {
                            let ky = offset / g.kernel, kx = offset % g.kernel
                            var source = cols + (c * kk + offset) * g.columns + n * g.outPlane
                            let origin = padded + ky * paddedWidth + kx
                            for oy in 0..<g.outHeight {
                                ShortRow.add(origin + oy * paddedWidth, from: source, count: g.outWidth)
                                source += g.outWidth
                            }
                        }
                        let target = output + (n * g.channels + c) * plane
                        for y in 0..<g.height {
                            (target + y * g.width).update(from: padded + (y + g.padding) * paddedWidth + g.padding, count: g.width)
                        }
                    }
                }
            }
        }
    }
}

/// Copies of short rows (one output row, typically 7–28 floats) with a few unaligned
/// vector moves instead of a loop or a memcpy call.
enum ShortRow {
    @inline(__always)
    static func copy(_ destination: UnsafeMutablePointer<Float>, from source: UnsafePointer<Float>, count: Int) {
        var i = 0
        while i + 16 <= count {
            move(SIMD16<Float>.self, destination + i, source + i)
            i += 16
        }
        let rest = count - i
        // Two overlapping moves cover any remainder of 4…15 floats.
        if rest >= 8 {
            move(SIMD8<Float>.self, destination + i, source + i)
            move(SIMD8<Float>.self, destination + count - 8, source + count - 8)
        } else if rest >= 4 {
            move(SIMD4<Float>.self, destination + i, source + i)
            move(SIMD4<Float>.self, destination + count - 4, source + count - 4)
        } else {
            for j in i..<count { destination[j] = source[j] }
        }
    }

    /// `destination[i] += source[i]` for `count` floats, eight at a time.
    @inline(__always)
    static func add(_ destination: UnsafeMutablePointer<Float>, from source: UnsafePointer<Float>, count: Int) {
        var i = 0
        while i + 8 <= count {
            let sum = UnsafeRawPointer(destination + i).loadUnaligned(as: SIMD8<Float>.self)
                + UnsafeRawPointer(source + i).loadUnaligned(as: SIMD8<Float>.self)
            UnsafeMutableRawPointer(destination + i).storeBytes(of: sum, as: SIMD8<Float>.self)
            i += 8
        }
        while i < count {
            destination[i] += source[i]
            i += 1
        }
    }

    @inline(__always)
    private static func move<V: SIMD>(_: V.Type, _ destination: UnsafeMutablePointer<Float>, _ source: UnsafePointer<Float>)
    where V.Scalar == Float {
        UnsafeMutableRawPointer(destination).storeBytes(of: UnsafeRawPointer(source).loadUnaligned(as: V.self), as: V.self)
    }
}
