import StrokeModel

/// He (Kaiming) normal initialisation, as suits ReLU networks: weights ~ N(0, 2 / fan-in),
/// biases 0. Drawn in tensor order from one seeded stream, so a seed fixes the start.
public enum WeightInitializer {
    package static func heNormal(_ parameters: ParameterBuffer, seed: UInt64) {
        var random = SeededGenerator(seed: seed).derived(1)
        for (index, spec) in parameters.specs.enumerated() {
            let tensor = parameters.pointer(index)
            guard spec.kind == .weight else {
                tensor.update(repeating: 0, count: spec.count)
                continue
            }
            let fanIn = spec.shape.dropFirst().reduce(1, *)
            let std = (2 / Float(fanIn)).squareRoot()
            for i in 0..<spec.count { tensor[i] = random.normal() * std }
        }
    }
}
