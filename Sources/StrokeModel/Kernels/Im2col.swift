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
    /// One input plane with its zero border, as im2col and col2im stage it.
    var paddedWidth: Int { width + 2 * padding }
    var paddedPlane: Int { (height + 2 * padding) * paddedWidth }
}

public enum Im2col {
    /// Fills `cols` from `input` (`[N, C, H, W]`).
    ///
    /// Each input plane is first copied into a small zero-padded plane, so every output row
    /// of a kernel offset is a fixed-length copy with no bounds checks: a 14×14 plane and a
    /// 5×5 kernel make 5,600 such copies per image, and their cost is most of im2col's.
    public static func im2col(_ input: UnsafePointer<Float>, _ g: ConvGeometry, into cols: UnsafeMutablePointer<Float>) {
        withPaddedPlanes(g) { padded, c, n in
            // The border stays zero (set once per chunk); only the interior is rewritten.
            let source = input + (n * g.channels + c) * g.height * g.width
            for y in 0..<g.height {
                (padded + (y + g.padding) * g.paddedWidth + g.padding).update(from: source + y * g.width, count: g.width)
            }
            forEachRow(g, channel: c, image: n, padded: padded, cols: cols) { plane, row in
                ShortRow.copy(row, from: plane, count: g.outWidth)
            }
        }
    }

    /// Accumulates `cols` back into `output` (`[N, C, H, W]`, overwritten): the adjoint of im2col.
    /// Sums go into a zero-padded plane, then the border is cropped off; each pixel receives
    /// its terms in the same order as a direct loop would add them.
    public static func col2im(_ cols: UnsafePointer<Float>, _ g: ConvGeometry, into output: UnsafeMutablePointer<Float>) {
        withPaddedPlanes(g) { padded, c, n in
            padded.update(repeating: 0, count: g.paddedPlane)
            forEachRow(g, channel: c, image: n, padded: padded, cols: UnsafeMutablePointer(mutating: cols)) { plane, row in
                ShortRow.add(plane, from: row, count: g.outWidth)
            }
            let target = output + (n * g.channels + c) * g.height * g.width
            for y in 0..<g.height {
                (target + y * g.width).update(from: padded + (y + g.padding) * g.paddedWidth + g.padding, count: g.width)
            }
        }
    }

    /// Calls `body` for every (channel, image) with a zeroed padded plane of scratch. Chunks
    /// own whole channels: the rows (c, ·, ·) of cols and the planes (·, c) of the image, so
    /// no two threads write the same memory.
    @inline(__always)
    private static func withPaddedPlanes(
        _ g: ConvGeometry, _ body: (_ padded: UnsafeMutablePointer<Float>, _ channel: Int, _ image: Int) -> Void
    ) {
        Compute.parallelFor(g.channels) { channels in
            withUnsafeTemporaryAllocation(of: Float.self, capacity: g.paddedPlane) { buffer in
                let padded = buffer.baseAddress!
                padded.initialize(repeating: 0, count: g.paddedPlane)
                for c in channels {
                    for n in 0..<g.batch { body(padded, c, n) }
                }
            }
        }
    }

    /// The one walk both directions share, so they stay each other's transpose: for every
    /// kernel offset and output row of channel `c` in image `n`, where that row starts in the
    /// padded plane and in `cols`.
    @inline(__always)
    private static func forEachRow(
        _ g: ConvGeometry, channel c: Int, image n: Int, padded: UnsafeMutablePointer<Float>,
        cols: UnsafeMutablePointer<Float>, _ body: (_ plane: UnsafeMutablePointer<Float>, _ row: UnsafeMutablePointer<Float>) -> Void
    ) {
        let kk = g.kernel * g.kernel
        for offset in 0..<kk {
            let origin = padded + (offset / g.kernel) * g.paddedWidth + offset % g.kernel
            var row = cols + (c * kk + offset) * g.columns + n * g.outPlane
            for oy in 0..<g.outHeight {
                body(origin + oy * g.paddedWidth, row)
                row += g.outWidth
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
