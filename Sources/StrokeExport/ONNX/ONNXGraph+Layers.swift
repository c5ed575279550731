import StrokeModel

extension ONNXGraph {
    /// Translates the layer list one layer at a time: conv → Conv, relu → Relu, maxPool →
    /// MaxPool, flatten → Flatten, dense → Gemm, then, when the temperature is not 1, a Mul by
    /// 1/temperature, then a Softmax the model file leaves to the classifier. Node `layers.<i>`
    /// computes value `layers.<i>.output` from the previous value.
    init(model: ClassifierModel) throws(ONNXExportError) {
        let architecture = model.architecture
        if let problem = ExportCalibration(model: model).problem { throw .invalidCalibration(reason: problem) }
        var initializers: [ONNXInitializer] = []
        for (spec, values) in zip(architecture.parameterSpecs, model.parameters) {
            guard values.count == spec.count else {
                throw .parameterSize(name: spec.name, expected: spec.count, found: values.count)
            }
            initializers.append(ONNXInitializer(name: spec.name, dims: spec.shape, values: values))
        }

        var nodes: [ONNXNode] = []
        var current = ONNXExporter.inputName
        // Image-shaped `[N, C, H, W]` until flatten; `[N, features]` after it.
        var isFlat = false
        for (index, layer) in architecture.layers.enumerated() {
            let name = "layers.\(index)"
            let output = "\(name).output"
            var node = ONNXNode(name: name, opType: "", inputs: [current], outputs: [output])
            switch layer {
            case let .conv(_, kernel, padding):
                guard !isFlat else { throw .spatialLayerAfterFlatten(layer: index, summary: layer.summary) }
                node.opType = "Conv"
                node.inputs += ["\(name).weight", "\(name).bias"]
                // pads are [y_begin, x_begin, y_end, x_end]; our padding is the same on every side.
                node.attributes = [
                    .ints("kernel_shape", [kernel, kernel]),
                    .ints("pads", [padding, padding, padding, padding]),
                    .ints("strides", [1, 1]),
                ]
            case .relu:
                node.opType = "Relu"
            case let .maxPool(size):
                guard !isFlat else { throw .spatialLayerAfterFlatten(layer: index, summary: layer.summary) }
                // No padding and the default ceil_mode 0 round down, as our pooling does.
                node.opType = "MaxPool"
                node.attributes = [.ints("kernel_shape", [size, size]), .ints("strides", [size, size])]
            case .flatten:
                // Keeps the batch axis; the rest flattens in (c, y, x) order, the order of the
                // dense weights' columns.
                node.opType = "Flatten"
                node.attributes = [.int("axis", 1)]
                isFlat = true
            case .dense:
                guard isFlat else { throw .denseWithoutFlatten(layer: index, summary: layer.summary) }
                // The weight is stored [out, in]: y = x · Wᵀ + b.
                node.opType = "Gemm"
                node.inputs += ["\(name).weight", "\(name).bias"]
                node.attributes = [.int("transB", 1)]
            }
            nodes.append(node)
            current = output
        }
        guard isFlat else {
            // An architecture has at least one layer.
            let index = architecture.layers.count - 1
            throw .outputNotFlat(lastLayer: index, summary: architecture.layers[index].summary)
        }
        // Temperature scaling, as StrokeClassifier does it: the logits times the same Float
        // 1/T. A scalar initializer broadcasts over [N, classes] (Mul, opset 13).
        if let scale = ExportCalibration(model: model).logitScale {
            initializers.append(ONNXInitializer(name: ONNXExporter.logitScaleName, dims: [], values: [scale]))
            nodes.append(ONNXNode(
                name: "temperature", opType: "Mul", inputs: [current, ONNXExporter.logitScaleName],
                outputs: ["temperature.output"]))
            current = "temperature.output"
        }
        // axis 1 is the class axis of [N, classes] under both the opset-13 meaning of Softmax
        // (along one axis) and the older one (coerced to 2-D at the axis).
        nodes.append(ONNXNode(
            name: "softmax", opType: "Softmax", inputs: [current], outputs: [ONNXExporter.outputName],
            attributes: [.int("axis", 1)]))

        let shape = architecture.input
        self.init(
            name: "strokes_classifier",
            nodes: nodes,
            initializers: initializers,
            input: ONNXValueInfo(
                name: ONNXExporter.inputName,
                shape: [.symbolic(ONNXExporter.batchDimension), .fixed(shape.channels), .fixed(shape.height), .fixed(shape.width)],
                docString: "float32 images, pixel × \(model.input.scale) (0…1), \(model.input.ink), rows top to bottom"),
            output: ONNXValueInfo(
                name: ONNXExporter.outputName,
                shape: [.symbolic(ONNXExporter.batchDimension), .fixed(architecture.classCount)],
                docString: "class probabilities (softmax), in the order of metadata labels: "
                    + model.labels.joined(separator: ", ")
                    + (ExportCalibration(model: model).rejectionNote.map { ". " + $0 } ?? "")))
    }
}
