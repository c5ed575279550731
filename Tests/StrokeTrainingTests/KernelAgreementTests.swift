import StrokeModel
import Testing
@testable import StrokeTraining

/// The sgemm kernels against the plain-loop reference, forward and backward, under every
/// `ConvolutionStrategy`.
@Suite("window-row + sgemm kernels agree with plain loops")
struct KernelAgreementTests {
    struct ConvCase: CustomTestStringConvertible, Sendable {
        let n, c, h, w, filters, k, p: Int
        var testDescription: String { "N\(n) C\(c) \(h)×\(w) → \(filters) filters \(k)×\(k) pad \(p)" }
    }

    static let convCases = [
        ConvCase(n: 3, c: 2, h: 7, w: 6, filters: 4, k: 3, p: 1),
        ConvCase(n: 2, c: 1, h: 28, w: 28, filters: 16, k: 5, p: 2),
        ConvCase(n: 2, c: 3, h: 9, w: 5, filters: 2, k: 5, p: 0),
        ConvCase(n: 1, c: 2, h: 4, w: 4, filters: 3, k: 5, p: 3),
        // Padding as wide as the kernel: some windows lie wholly outside the image.
        ConvCase(n: 3, c: 3, h: 2, w: 3, filters: 2, k: 3, p: 3),
    ]

    @Test(arguments: convCases, [(ConvolutionStrategy.windowRows, 1), (.windowRows, 2), (.patchMatrix, 1), (.patchMatrix, 2)])
    func convolution(_ t: ConvCase, _ run: (strategy: ConvolutionStrategy, threads: Int)) {
        let (strategy, threads) = run
        Compute.setThreads(threads)
        defer { Compute.setThreads(1) }
        let g = ConvGeometry(batch: t.n, channels: t.c, height: t.h, width: t.w, kernel: t.k, padding: t.p)
        let x = randomFloats(t.n * t.c * t.h * t.w, seed: 1)
        let weight = randomFloats(t.filters * g.patchLength, seed: 2)
        let bias = randomFloats(t.filters, seed: 3)
        let dy = randomFloats(t.n * t.filters * g.outPlane, seed: 4)

        let expected = ReferenceKernels.convForward(x: x, n: t.n, c: t.c, h: t.h, w: t.w, weight: weight, bias: bias, filters: t.filters, k: t.k, p: t.p)
        let forward = withPointers([x, weight, bias, [Float](repeating: .nan, count: g.scratchCount(strategy)),
                                    [Float](repeating: .nan, count: expected.count)]) { p in
            ConvolutionForward.run(input: p[0], geometry: g, filters: t.filters, weight: p[1], bias: p[2], rows: p[3],
                                   strategy: strategy, output: p[4])
        }
        #expect(normwiseError(forward[4], expected) < 1e-5)

        let reference = ReferenceKernels.convBackward(x: x, n: t.n, c: t.c, h: t.h, w: t.w, weight: weight, filters: t.filters, k: t.k, p: t.p, dy: dy)
        // From the rows the forward pass left behind (the shipped backward pass).
        let scratch = ConvolutionBackward.Scratch(g, filters: t.filters, strategy: strategy)
        let backward = withPointers([dy, forward[3], weight, [Float](repeating: .nan, count: weight.count), [Float](repeating: .nan, count: t.filters),
                                     [Float](repeating: .nan, count: x.count)]) { p in
            ConvolutionBackward.run(outputGradient: p[0], rows: p[1], geometry: g, strategy: strategy, filters: t.filters, weight: p[2],
                                    weightGradient: p[3], biasGradient: p[4], scratch: scratch, inputGradient: p[5])
        }
        #expect(normwiseError(backward[3], reference.dw) < 1e-5)
        #expect(normwiseError(backward[4], reference.db) < 1e-5)
        #expect(normwiseError(backward[5], reference.dx) < 1e-5)
    }

    @Test(arguments: [(1, 5, 3), (4, 17, 9), (64, 1568, 128)])
    func dense(_ shape: (n: Int, inputs: Int, outputs: Int)) {
        let (n, inputs, outputs) = shape
        let x = randomFloats(n * inputs, seed: 5)
        let weight = randomFloats(outputs * inputs, seed: 6)
        let bias = randomFloats(outputs, seed: 7)
        let dy = randomFloats(n * outputs, seed: 8)
        let forward = withPointers([x, weight, bias, [Float](repeating: .nan, count: n * outputs)]) { p in
            DenseForward.run(input: p[0], batch: n, inputs: inputs, outputs: outputs, weight: p[1], bias: p[2], output: p[3])
        }
        #expect(normwiseError(forward[3], ReferenceKernels.denseForward(x: x, n: n, inputs: inputs, weight: weight, bias: bias, outputs: outputs)) < 1e-5)

        let reference = ReferenceKernels.denseBackward(x: x, n: n, inputs: inputs, weight: weight, outputs: outputs, dy: dy)
        let backward = withPointers([dy, x, weight, [Float](repeating: .nan, count: weight.count), [Float](repeating: .nan, count: outputs),
                                     [Float](repeating: .nan, count: x.count)]) { p in
            DenseBackward.run(outputGradient: p[0], input: p[1], batch: n, inputs: inputs, outputs: outputs, weight: p[2],
                              weightGradient: p[3], biasGradient: p[4], inputGradient: p[5])
        }
        #expect(normwiseError(backward[3], reference.dw) < 1e-5)
        #expect(normwiseError(backward[4], reference.db) < 1e-5)
        #expect(normwiseError(backward[5], reference.dx) < 1e-5)
    }

    /// Max-pooling against its definition, on values with many ties (ReLU outputs are often
    /// 0): forward gives each window's maximum, backward routes each output's gradient to
    /// the first maximum in row order, for the 2×2 vector path and the generic one, with
    /// channel counts on and off the vector width.
    @Test(arguments: [(2, 12, 9, 5), (2, 28, 28, 16), (2, 14, 14, 32), (2, 7, 9, 16), (3, 12, 9, 16), (2, 6, 6, 1)])
    func maxPoolMatchesItsDefinitionWithTies(_ shape: (size: Int, h: Int, w: Int, channels: Int)) {
        let (size, h, w, channels) = shape
        let images = 3
        var random = SeededGenerator(seed: 13)
        let x = (0..<(images * h * w * channels)).map { _ in Float(random.next() % 3) }
        let (oh, ow) = (h / size, w / size)
        let g = randomFloats(images * oh * ow * channels, seed: 14)
        var expected = [Float](repeating: .nan, count: g.count), expectedGradient = [Float](repeating: 0, count: x.count)
        for n in 0..<images { for oy in 0..<oh { for ox in 0..<ow { for c in 0..<channels {
            var best = -Float.infinity, at = 0
            for dy in 0..<size { for dx in 0..<size {
                let i = ((n * h + oy * size + dy) * w + ox * size + dx) * channels + c
                if x[i] > best { best = x[i]; at = i }
            } }
            let o = ((n * oh + oy) * ow + ox) * channels + c
            expected[o] = best
            expectedGradient[at] += g[o]
        } } } }
        let out = withPointers([x, [Float](repeating: .nan, count: expected.count)]) { q in
            MaxPoolForward.run(q[0], images: images, height: h, width: w, channels: channels, size: size, output: q[1])
        }[1]
        #expect(out == expected)
        let dx = withPointers([g, x, out, [Float](repeating: .nan, count: x.count)]) { q in
            MaxPoolBackward.run(outputGradient: q[0], input: q[1], output: q[2], images: images, height: h, width: w,
                                channels: channels, size: size, inputGradient: q[3])
        }[3]
        #expect(dx == expectedGradient)
    }
}
