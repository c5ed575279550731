/// Window rows for square kernels, stride 1, zero padding, on channels-last images
/// (`[N, H, W, C]`): one row of `k·C` floats per padded image row and output column, each one
/// contiguous run of the padded image. A convolution is then one sgemm per image and kernel
/// row over them (`ConvolutionForward`), and its weight gradient one per image and kernel row
/// too (`ConvolutionBackward`): `k` times fewer floats than the patch matrix (`[N·Ho·Wo] ×
/// [k·k·C]`) the first design built, which `strokes bench training` still times beside them.
package struct ConvGeometry: Sendable, Equatable {
    package let batch: Int
    package let channels: Int
    package let height: Int
    package let width: Int
    package let kernel: Int
    package let padding: Int

    package init(batch: Int, channels: Int, height: Int, width: Int, kernel: Int, padding: Int) {
        self.batch = batch
        self.channels = channels
        self.height = height
        self.width = width
        self.kernel = kernel
        self.padding = padding
    }

    package var outHeight: Int { height + 2 * padding - kernel + 1 }
    package var outWidth: Int { width + 2 * padding - kernel + 1 }
    package var outPlane: Int { outHeight * outWidth }
    /// Floats per patch (a row of the patch matrix): `k·k·C`.
    package var patchLength: Int { kernel * kernel * channels }
    /// Patches in the batch (rows of the patch matrix): `N·Ho·Wo`.
    package var positions: Int { batch * outPlane }
    /// Floats in one row of an input image: `W·C`.
    package var imageRow: Int { width * channels }
    /// One image with its zero border, as the window rows are gathered from it.
    package var paddedWidth: Int { width + 2 * padding }
    package var paddedHeight: Int { height + 2 * padding }
    package var paddedCount: Int { paddedHeight * paddedWidth * channels }
    /// Floats in one window row: `k` pixels of `C` channels, contiguous in the padded image.
    package var windowRow: Int { kernel * channels }
    /// Rows of one image's window-row matrix: one per padded row and output column.
    package var windowRowsPerImage: Int { paddedHeight * outWidth }
    /// Floats of one image's window rows and the padded image row they are copied from.
    package var windowScratchPerImage: Int { windowRowsPerImage * windowRow + paddedWidth * channels }
    /// Floats of the window-row scratch of the whole batch.
    package var windowRowsCount: Int { batch * windowScratchPerImage }
}

/// The window rows a convolution multiplies (see `ConvolutionForward`).
package enum WindowRows {
    /// Fills image `n`'s window-row matrix (`g.windowRowsPerImage × g.windowRow`) at the start
    /// of `scratch` (`g.windowScratchPerImage` floats): row `(y, x)`, for `y` over the padded
    /// height and `x` over the output width, holds the `k` pixels × `C` channels that start
    /// at padded pixel `(y, x)`, zero outside the image. Output `(oy, ox)` is then the sum
    /// over kernel rows `ky` of row `(oy + ky, ox)` times that kernel row's weights.
    package static func gather(_ input: UnsafePointer<Float>, _ g: ConvGeometry, image n: Int, into scratch: UnsafeMutablePointer<Float>) {
        let (channels, padding, windowRow, outWidth) = (g.channels, g.padding, g.windowRow, g.outWidth)
        let image = input + n &* g.height &* g.imageRow
        // Each image row is staged with its zero border (after the rows, in the same
        // scratch), so every window row is one fixed-length copy.
        let staged = scratch + g.windowRowsPerImage &* windowRow
        staged.update(repeating: 0, count: g.paddedWidth &* channels)
        var row = scratch
        for y in 0..<g.paddedHeight {
            let imageY = y - padding
            guard imageY >= 0 && imageY < g.height else {
                row.update(repeating: 0, count: outWidth &* windowRow)
                row += outWidth &* windowRow
                continue
            }
            (staged + padding &* channels).update(from: image + imageY &* g.imageRow, count: g.imageRow)
            var window = staged
            for _ in 0..<outWidth {
                ShortRow.copy(row, from: window, count: windowRow)
                window += channels
                row += windowRow
            }
        }
    }
}

/// Operations on short rows (a window row or a pixel's channels, typically 5–80 floats)
/// with a few unaligned vector moves instead of a loop or a memcpy call. Inlinable, so the
/// training kernels in another module get them inlined and specialised, not as generic calls.
package enum ShortRow {
    @inlinable @inline(__always)
    package static func copy(_ destination: UnsafeMutablePointer<Float>, from source: UnsafePointer<Float>, count: Int) {
        // Long rows go to memcpy, which uses the widest vectors the CPU has (this module is
        // compiled for baseline x86-64, 16-byte vectors).
        if count >= 64 {
            destination.update(from: source, count: count)
            return
        }
        if count >= 4 && count <= 8 {  // a window row of a 5×5 kernel on one channel: the hot case
            move(SIMD4<Float>.self, destination, source)
            move(SIMD4<Float>.self, destination + count - 4, source + count - 4)
            return
        }
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
    @inlinable @inline(__always)
    package static func add(_ destination: UnsafeMutablePointer<Float>, from source: UnsafePointer<Float>, count: Int) {
        var i = 0
        while i + 8 <= count {
            store(load(SIMD8<Float>.self, destination + i) + load(SIMD8<Float>.self, source + i), destination + i)
            i += 8
        }
        while i < count {
            destination[i] += source[i]
            i += 1
        }
    }

    @inlinable @inline(__always)
    package static func load<V: SIMD>(_: V.Type, _ source: UnsafePointer<Float>) -> V where V.Scalar == Float {
        UnsafeRawPointer(source).loadUnaligned(as: V.self)
    }

    // The vector width kernels use, spelt out: from another module the generic `load` and
    // `store` stay unspecialised (a metadata lookup and a memmove per call, 10× slower).
    @inlinable @inline(__always)
    package static func load(_: SIMD16<Float>.Type, _ source: UnsafePointer<Float>) -> SIMD16<Float> {
        UnsafeRawPointer(source).loadUnaligned(as: SIMD16<Float>.self)
    }

    @inlinable @inline(__always)
    package static func store(_ value: SIMD16<Float>, _ destination: UnsafeMutablePointer<Float>) {
        UnsafeMutableRawPointer(destination).storeBytes(of: value, as: SIMD16<Float>.self)
    }

    @inlinable @inline(__always)
    package static func store<V: SIMD>(_ value: V, _ destination: UnsafeMutablePointer<Float>) where V.Scalar == Float {
        UnsafeMutableRawPointer(destination).storeBytes(of: value, as: V.self)
    }

    @usableFromInline @inline(__always)
    static func move<V: SIMD>(_: V.Type, _ destination: UnsafeMutablePointer<Float>, _ source: UnsafePointer<Float>)
    where V.Scalar == Float {
        store(load(V.self, source), destination)
    }
}
