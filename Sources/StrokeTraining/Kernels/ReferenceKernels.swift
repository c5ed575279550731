/// Plain-loop convolution and dense layers, forward and backward, written straight from
/// their definitions: the reference the fast kernels beside them (window rows + sgemm) are
/// tested against (`KernelAgreementTests`, `GradientCheckTests`). Slow on purpose; nothing
/// shipped calls them.
package enum ReferenceKernels {
    /// `x` is `[N, H, W, C]`, `w` is `[k, k, C, F]`, the output `[N, Ho, Wo, F]` (the kernels'
    /// channels-last layout); stride 1, zero padding `p`.
    package static func convForward(x: [Float], n: Int, c: Int, h: Int, w width: Int, weight: [Float], bias: [Float], filters: Int, k: Int, p: Int) -> [Float] {
        let oh = h + 2 * p - k + 1, ow = width + 2 * p - k + 1
        var y = [Float](repeating: 0, count: n * filters * oh * ow)
        for b in 0..<n { for f in 0..<filters { for oy in 0..<oh { for ox in 0..<ow {
            var sum = Double(bias[f])
            for ch in 0..<c { for ky in 0..<k { for kx in 0..<k {
                let iy = oy + ky - p, ix = ox + kx - p
                guard iy >= 0, iy < h, ix >= 0, ix < width else { continue }
                sum += Double(x[((b * h + iy) * width + ix) * c + ch]) * Double(weight[((ky * k + kx) * c + ch) * filters + f])
            } } }
            y[((b * oh + oy) * ow + ox) * filters + f] = Float(sum)
        } } } }
        return y
    }

    /// Gradients of `Σ dy ⊙ conv(x)` with respect to x, the weight and the bias (layouts as above).
    package static func convBackward(x: [Float], n: Int, c: Int, h: Int, w width: Int, weight: [Float], filters: Int, k: Int, p: Int, dy: [Float]) -> (dx: [Float], dw: [Float], db: [Float]) {
        let oh = h + 2 * p - k + 1, ow = width + 2 * p - k + 1
        var dx = [Double](repeating: 0, count: x.count)
        var dw = [Double](repeating: 0, count: weight.count)
        var db = [Double](repeating: 0, count: filters)
        for b in 0..<n { for f in 0..<filters { for oy in 0..<oh { for ox in 0..<ow {
            let g = Double(dy[((b * oh + oy) * ow + ox) * filters + f])
            db[f] += g
            for ch in 0..<c { for ky in 0..<k { for kx in 0..<k {
                let iy = oy + ky - p, ix = ox + kx - p
                guard iy >= 0, iy < h, ix >= 0, ix < width else { continue }
                let xi = ((b * h + iy) * width + ix) * c + ch, wi = ((ky * k + kx) * c + ch) * filters + f
                dx[xi] += g * Double(weight[wi])
                dw[wi] += g * Double(x[xi])
            } } }
        } } } }
        return (dx.map(Float.init), dw.map(Float.init), db.map(Float.init))
    }

    /// `x` is `[N, I]`, `w` is `[O, I]`.
    package static func denseForward(x: [Float], n: Int, inputs: Int, weight: [Float], bias: [Float], outputs: Int) -> [Float] {
        var y = [Float](repeating: 0, count: n * outputs)
        for b in 0..<n { for o in 0..<outputs {
            var sum = Double(bias[o])
            for i in 0..<inputs { sum += Double(x[b * inputs + i]) * Double(weight[o * inputs + i]) }
            y[b * outputs + o] = Float(sum)
        } }
        return y
    }

    package static func denseBackward(x: [Float], n: Int, inputs: Int, weight: [Float], outputs: Int, dy: [Float]) -> (dx: [Float], dw: [Float], db: [Float]) {
        var dx = [Double](repeating: 0, count: x.count)
        var dw = [Double](repeating: 0, count: weight.count)
        var db = [Double](repeating: 0, count: outputs)
        for b in 0..<n { for o in 0..<outputs {
            let g = Double(dy[b * outputs + o])
            db[o] += g
            for i in 0..<inputs {
                dx[b * inputs + i] += g * Double(weight[o * inputs + i])
                dw[o * inputs + i] += g * Double(x[b * inputs + i])
            }
        } }
        return (dx.map(Float.init), dw.map(Float.init), db.map(Float.init))
    }
}
