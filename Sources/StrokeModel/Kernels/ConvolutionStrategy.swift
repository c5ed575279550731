/// How a convolution shapes its matrix work for OpenBLAS, image by image. Both give the
/// convolution to rounding; each gives the same bits every time.
///
/// Which is faster depends on the layer and the CPU: on one channel the window rows make
/// five products of inner size 5, too thin for the sgemm kernels, and one product over the
/// patch matrix (inner size 25) runs about twice as fast; on sixteen channels the window rows
/// win by 1.5× because they copy five times fewer floats (Benchmarks/NOTES.md). So training
/// and the classifier time both on the real shapes and keep the faster (`ConvolutionPlan`).
public enum ConvolutionStrategy: String, CaseIterable, Hashable, Sendable, Codable {
    /// The image's window rows (`k·C` floats each), then one sgemm per kernel row.
    case windowRows = "window-rows"
    /// The image's patch matrix (`k·k·C` floats per output position, stored by columns), then one sgemm.
    case patchMatrix = "patch-matrix"
}

/// One `ConvolutionStrategy` per conv layer of a network, in layer order (or one for them
/// all): what a training run used (recorded in its model file) or what a classifier runs.
public struct ConvolutionPlan: Hashable, Sendable, CustomStringConvertible {
    /// One per conv layer in layer order, or a single one for them all.
    public let strategies: [ConvolutionStrategy]

    /// One strategy per conv layer, or a single one for every conv layer.
    public init(_ strategies: [ConvolutionStrategy]) {
        precondition(!strategies.isEmpty, "a plan needs at least one strategy")
        self.strategies = strategies
    }

    /// Reads `window-rows`, `patch-matrix` (every conv layer) or a comma-separated list with
    /// one per conv layer, as `description` writes it; nil when the text is none of these.
    public init?(_ text: String) {
        let names = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { $0 != " " }) }
        let parsed = names.compactMap(ConvolutionStrategy.init(rawValue:))
        guard !parsed.isEmpty, parsed.count == names.count else { return nil }
        self.init(parsed)
    }

    /// `patch-matrix,window-rows`: one strategy per conv layer, in order.
    public var description: String { strategies.map(\.rawValue).joined(separator: ",") }

    /// Whether the plan fits `architecture`: one strategy, or one per conv layer.
    public func fits(_ architecture: Architecture) -> Bool {
        strategies.count == 1 || strategies.count == architecture.convolutionLayers.count
    }

    /// The strategy of the conv layer at `layer` (an index into `architecture.layers`).
    package func strategy(ofLayer layer: Int, in architecture: Architecture) -> ConvolutionStrategy {
        guard strategies.count > 1, let ordinal = architecture.convolutionLayers.firstIndex(of: layer) else {
            return strategies[0]
        }
        return strategies[ordinal]
    }
}

extension Architecture {
    /// The indices of the conv layers, in order.
    public var convolutionLayers: [Int] {
        layers.indices.filter { if case .conv = layers[$0] { true } else { false } }
    }
}

extension ConvGeometry {
    /// Floats of one image's scratch under `strategy`: its window rows and a staged padded
    /// row, or its patch matrix and the whole padded image it is copied from.
    package func scratchPerImage(_ strategy: ConvolutionStrategy) -> Int {
        switch strategy {
        case .windowRows: windowScratchPerImage
        case .patchMatrix: outPlane * patchLength + paddedCount
        }
    }

    /// Floats of the whole batch's scratch under `strategy`.
    package func scratchCount(_ strategy: ConvolutionStrategy) -> Int { batch * scratchPerImage(strategy) }
}
