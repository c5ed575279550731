/// All of a network's parameters (or their gradients) in one contiguous float buffer,
/// tensor after tensor in `Architecture.parameterSpecs` order, each tensor in the kernels'
/// element order (see `ParameterLayout`).
///
/// One buffer lets optimizers sweep every parameter in a single loop and makes
/// copying the best epoch's weights one `memcpy`.
package final class ParameterBuffer: @unchecked Sendable {
    package let specs: [ParameterSpec]
    /// Start of each tensor in `storage`.
    package let offsets: [Int]
    package let storage: UnsafeMutableBufferPointer<Float>
    /// `ParameterLayout.kernelOrder` of the architecture.
    private let kernelOrder: [[Int]?]

    /// A zero-filled buffer for `architecture`'s parameters.
    package init(architecture: Architecture) {
        specs = architecture.parameterSpecs
        var offsets: [Int] = []
        var total = 0
        for spec in specs {
            offsets.append(total)
            total += spec.count
        }
        self.offsets = offsets
        kernelOrder = ParameterLayout.kernelOrder(architecture)
        storage = .allocate(capacity: max(total, 1))
        storage.initialize(repeating: 0)
    }

    /// Parameters given as the model file stores them (PyTorch's order), one array per tensor.
    package convenience init(architecture: Architecture, values: [[Float]]) {
        self.init(architecture: architecture)
        precondition(values.count == specs.count, "one array per parameter tensor")
        for (index, tensor) in values.enumerated() {
            precondition(tensor.count == specs[index].count, "\(specs[index].name) has the wrong size")
            let target = self[index]
            if let order = kernelOrder[index] {
                for i in order.indices { target[i] = tensor[order[i]] }
            } else {
                _ = target.update(fromContentsOf: tensor)
            }
        }
    }

    deinit { storage.deallocate() }

    package var count: Int { offsets.last.map { $0 + specs[specs.count - 1].count } ?? 0 }

    /// Tensor `index`'s part of the storage, indexed from 0.
    package subscript(index: Int) -> UnsafeMutableBufferPointer<Float> {
        UnsafeMutableBufferPointer(rebasing: storage[offsets[index]..<(offsets[index] + specs[index].count)])
    }

    package func pointer(_ index: Int) -> UnsafeMutablePointer<Float> {
        storage.baseAddress! + offsets[index]
    }

    package func copy(from other: ParameterBuffer) {
        precondition(other.count == count)
        _ = storage.update(fromContentsOf: UnsafeBufferPointer(other.storage))
    }

    /// The parameters as one array per tensor in the model file's order, as `ClassifierModel`
    /// stores them.
    package var arrays: [[Float]] {
        specs.indices.map { index in
            let source = self[index]
            guard let order = kernelOrder[index] else { return Array(source) }
            var tensor = [Float](repeating: 0, count: source.count)
            for i in order.indices { tensor[order[i]] = source[i] }
            return tensor
        }
    }
}
