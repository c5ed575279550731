/// Where each weight sits in memory for the kernels, versus in the model file.
///
/// The file keeps PyTorch's order (conv weights `[F, C, kh, kw]`; a dense layer after a
/// flatten reads the map in `(c, y, x)` order), so other runtimes load it as it is. The
/// kernels work on channels-last images, so they want conv weights as `[kh, kw, C, F]` (one
/// row per window element: each kernel row's block of window rows times it is the output,
/// with no transpose, the fastest sgemm for one stroke) and the columns of a dense layer after a flatten in
/// `(y, x, c)` order. The conversion happens
/// when parameters are loaded or saved, never per batch.
package enum ParameterLayout {
    /// For each tensor of `architecture.parameterSpecs`, `order[i]` is the file index of the
    /// kernel's element `i`; nil where both orders agree (biases, dense layers that do not
    /// read a flattened map).
    package static func kernelOrder(_ architecture: Architecture) -> [[Int]?] {
        var orders: [[Int]?] = []
        // The map the current vector was flattened from, if any.
        var flattened: TensorShape?
        for (index, layer) in architecture.layers.enumerated() {
            let input = architecture.shapes[index]
            switch layer {
            case let .conv(filters, kernel, _):
                orders.append(convOrder(filters: filters, channels: input.channels, kernel: kernel))
                orders.append(nil)
            case let .dense(units):
                if let map = flattened, map.channels > 1, map.height * map.width > 1 {
                    orders.append(denseOrder(units: units, map: map))
                } else {
                    orders.append(nil)
                }
                orders.append(nil)
                flattened = nil
            case .flatten:
                flattened = input
            case .relu, .maxPool:
                break
            }
        }
        return orders
    }

    /// Kernel `[kh, kw, C, F]` ← file `[F, C, kh, kw]`.
    private static func convOrder(filters: Int, channels: Int, kernel: Int) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(filters * channels * kernel * kernel)
        for ky in 0..<kernel {
            for kx in 0..<kernel {
                for c in 0..<channels {
                    for f in 0..<filters { order.append(((f * channels + c) * kernel + ky) * kernel + kx) }
                }
            }
        }
        return order
    }

    /// Kernel columns `(y, x, c)` ← file columns `(c, y, x)`, for each output row.
    private static func denseOrder(units: Int, map: TensorShape) -> [Int] {
        var order: [Int] = []
        order.reserveCapacity(units * map.count)
        for o in 0..<units {
            for y in 0..<map.height {
                for x in 0..<map.width {
                    for c in 0..<map.channels { order.append(o * map.count + (c * map.height + y) * map.width + x) }
                }
            }
        }
        return order
    }
}
