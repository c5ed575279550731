import StrokeModel
import Testing
@testable import StrokeTraining

/// Every layer's backward pass against central finite differences of its forward pass.
/// Each check uses the loss L = Σ r ⊙ y for a fixed random r, whose output gradient is r.
@Suite("gradient checks against finite differences")
struct GradientCheckTests {
    /// Analytic gradients must match numerical ones to 2% (float32 forward, ε = 0.01).
    static let tolerance: Float = 2e-2

    @Test(arguments: ConvolutionStrategy.allCases)
    func convolution(_ strategy: ConvolutionStrategy) {
        let (n, c, h, w, filters, k, p) = (2, 2, 6, 5, 3, 3, 1)
        let g = ConvGeometry(batch: n, channels: c, height: h, width: w, kernel: k, padding: p)
        let x = randomFloats(n * c * h * w, seed: 11), weight = randomFloats(filters * g.patchLength, seed: 12)
        let bias = randomFloats(filters, seed: 13), r = randomFloats(n * filters * g.outPlane, seed: 14)
        func loss(_ x: [Float], _ weight: [Float], _ bias: [Float]) -> Double {
            let out = withPointers([x, weight, bias, [Float](repeating: 0, count: g.scratchCount(strategy)),
                                    [Float](repeating: 0, count: r.count)]) { q in
                ConvolutionForward.run(input: q[0], geometry: g, filters: filters, weight: q[1], bias: q[2], rows: q[3],
                                       strategy: strategy, output: q[4])
            }
            return dot(out[4], r)
        }
        // The backward pass reads the rows the forward pass leaves behind.
        let rows = withPointers([x, weight, bias, [Float](repeating: 0, count: g.scratchCount(strategy)),
                                 [Float](repeating: 0, count: r.count)]) { q in
            ConvolutionForward.run(input: q[0], geometry: g, filters: filters, weight: q[1], bias: q[2], rows: q[3],
                                   strategy: strategy, output: q[4])
        }[3]
        let scratch = ConvolutionBackward.Scratch(g, filters: filters, strategy: strategy)
        let grads = withPointers([r, rows, weight, [Float](repeating: 0, count: weight.count), [Float](repeating: 0, count: filters),
                                  [Float](repeating: 0, count: x.count)]) { q in
            ConvolutionBackward.run(outputGradient: q[0], rows: q[1], geometry: g, strategy: strategy, filters: filters, weight: q[2],
                                    weightGradient: q[3], biasGradient: q[4], scratch: scratch, inputGradient: q[5])
        }
        expectMatches(grads[5], numericalGradient(x) { loss($0, weight, bias) })
        expectMatches(grads[3], numericalGradient(weight) { loss(x, $0, bias) })
        expectMatches(grads[4], numericalGradient(bias) { loss(x, weight, $0) })
    }

    @Test func dense() {
        let (n, inputs, outputs) = (3, 7, 4)
        let x = randomFloats(n * inputs, seed: 21), weight = randomFloats(outputs * inputs, seed: 22)
        let bias = randomFloats(outputs, seed: 23), r = randomFloats(n * outputs, seed: 24)
        func loss(_ x: [Float], _ weight: [Float], _ bias: [Float]) -> Double {
            dot(withPointers([x, weight, bias, r]) { q in
                DenseForward.run(input: q[0], batch: n, inputs: inputs, outputs: outputs, weight: q[1], bias: q[2], output: q[3])
            }[3], r)
        }
        let grads = withPointers([r, x, weight, [Float](repeating: 0, count: weight.count), [Float](repeating: 0, count: outputs),
                                  [Float](repeating: 0, count: x.count)]) { q in
            DenseBackward.run(outputGradient: q[0], input: q[1], batch: n, inputs: inputs, outputs: outputs, weight: q[2],
                              weightGradient: q[3], biasGradient: q[4], inputGradient: q[5])
        }
        expectMatches(grads[5], numericalGradient(x) { loss($0, weight, bias) })
        expectMatches(grads[3], numericalGradient(weight) { loss(x, $0, bias) })
        expectMatches(grads[4], numericalGradient(bias) { loss(x, weight, $0) })
    }

    @Test func relu() {
        // Values kept away from the kink at 0, where the derivative is undefined.
        var x = randomFloats(40, seed: 31)
        x = x.map { $0 >= 0 ? $0 + 0.1 : $0 - 0.1 }
        let r = randomFloats(40, seed: 32)
        func forward(_ x: [Float]) -> [Float] { withPointers([x, x]) { ReLUForward.run($0[0], count: x.count, output: $0[1]) }[1] }
        let y = forward(x)
        let dx = withPointers([r, y, x]) { ReLUBackward.run(outputGradient: $0[0], output: $0[1], count: x.count, inputGradient: $0[2]) }[2]
        expectMatches(dx, numericalGradient(x) { dot(forward($0), r) })
        #expect(dx.contains(0) && dx.contains { $0 != 0 }, "both sides of the kink are exercised")
    }

    @Test(arguments: [3, 16])
    func maxPool(channels: Int) {
        let (images, h, w, size) = (2, 6, 4, 2)
        let planes = images * channels
        // Distinct values, so the maximum of each window is unique and stays so under ±ε.
        var random = SeededGenerator(seed: 41)
        let x = (0..<(planes * h * w)).map { Float($0) * 0.1 }.shuffled(using: &random)
        let outCount = planes * (h / size) * (w / size)
        let r = randomFloats(outCount, seed: 42)
        func forward(_ x: [Float]) -> [Float] {
            withPointers([x, [Float](repeating: 0, count: outCount)]) { q in
                MaxPoolForward.run(q[0], images: images, height: h, width: w, channels: channels, size: size, output: q[1])
            }[1]
        }
        let y = forward(x)
        let dx = withPointers([r, x, y, x]) { q in
            MaxPoolBackward.run(outputGradient: q[0], input: q[1], output: q[2], images: images, height: h, width: w,
                                channels: channels, size: size, inputGradient: q[3])
        }[3]
        expectMatches(dx, numericalGradient(x, epsilon: 0.01) { dot(forward($0), r) })
    }

    @Test(arguments: [Float(0), 0.1])
    func softmaxCrossEntropy(labelSmoothing: Float) {
        let (n, classes) = (4, 3)
        let logits = randomFloats(n * classes, seed: 51, scale: 3)
        let targets: [Int32] = [0, 2, 1, 2]
        func run(_ logits: [Float]) -> (loss: Float, gradient: [Float]) {
            var loss: Float = 0
            let gradient = withPointers([logits, logits]) { q in
                targets.withUnsafeBufferPointer {
                    loss = SoftmaxCrossEntropy.run(logits: q[0], targets: $0.baseAddress!, batch: n, classes: classes,
                                                   labelSmoothing: labelSmoothing, gradient: q[1]).loss
                }
            }[1]
            return (loss, gradient)
        }
        expectMatches(run(logits).gradient, numericalGradient(logits, epsilon: 1e-2) { Double(run($0).loss) })
    }

    /// The whole reference network, through `ForwardPass` and `BackwardPass`.
    @Test func wholeNetwork() {
        let architecture = try! Architecture(input: .init(channels: 1, height: 8, width: 8), layers: [
            .conv(filters: 3, kernel: 3, padding: 1), .relu, .maxPool(size: 2),
            .conv(filters: 4, kernel: 3, padding: 1), .relu, .maxPool(size: 2),
            .flatten, .dense(units: 5), .relu, .dense(units: 3),
        ])
        let batch = 3
        let parameters = ParameterBuffer(architecture: architecture)
        WeightInitializer.heNormal(parameters, seed: 61)
        for i in parameters.specs.indices where parameters.specs[i].kind == .bias {
            for j in 0..<parameters.specs[i].count { parameters.pointer(i)[j] = 0.05 * Float(j + 1) }
        }
        let input = randomFloats(batch * 64, seed: 62).map { abs($0) }
        let targets: [Int32] = [0, 1, 2]
        let forward = ForwardPass(architecture: architecture, capacity: batch)
        let backward = BackwardPass(for: forward)
        func loss() -> Double {
            forward.input.update(from: input, count: input.count)
            let logits = forward.run(parameters: parameters, count: batch)
            return Double(targets.withUnsafeBufferPointer {
                SoftmaxCrossEntropy.run(logits: logits, targets: $0.baseAddress!, batch: batch, classes: 3, gradient: backward.logitsGradient).loss
            })
        }
        _ = loss()
        let gradients = ParameterBuffer(architecture: architecture)
        backward.run(forward: forward, parameters: parameters, parameterGradients: gradients)
        for tensor in parameters.specs.indices {
            let analytic = Array(gradients[tensor])
            var numeric: [Float] = []
            for i in analytic.indices {
                let p = parameters.pointer(tensor) + i, saved = p.pointee
                p.pointee = saved + 1e-3; let plus = loss()
                p.pointee = saved - 1e-3; let minus = loss()
                p.pointee = saved
                numeric.append(Float((plus - minus) / 2e-3))
            }
            #expect(maxRelativeError(analytic, numeric, floor: 1e-2) < Self.tolerance * 2, "\(parameters.specs[tensor].name)")
        }
    }

    private func expectMatches(_ analytic: [Float], _ numeric: [Int: Float], sourceLocation: SourceLocation = #_sourceLocation) {
        let keys = numeric.keys.sorted()
        let error = maxRelativeError(keys.map { analytic[$0] }, keys.map { numeric[$0]! }, floor: 1e-2)
        #expect(error < Self.tolerance, "max relative error \(error)", sourceLocation: sourceLocation)
        #expect(analytic.contains { $0 != 0 }, "gradient is not all zero", sourceLocation: sourceLocation)
    }
}
