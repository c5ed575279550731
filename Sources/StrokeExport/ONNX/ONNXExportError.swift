/// Why a model cannot be written as ONNX. Each description names the layer and says what to change.
package enum ONNXExportError: Error, Equatable, CustomStringConvertible {
    /// A convolution or max-pooling layer after `flatten` or a dense layer: ONNX's Conv and
    /// MaxPool need an image-shaped `[N, C, H, W]` input.
    case spatialLayerAfterFlatten(layer: Int, summary: String)
    /// A dense layer reading an image-shaped tensor (possible when it is 1×1): ONNX's Gemm
    /// multiplies matrices, so it needs `[N, features]`.
    case denseWithoutFlatten(layer: Int, summary: String)
    /// The network ends image-shaped, so its output would not be `[N, classes]`.
    case outputNotFlat(lastLayer: Int, summary: String)
    /// A parameter array whose length does not match its shape.
    case parameterSize(name: String, expected: Int, found: Int)
    /// A calibration no file could carry (a temperature that is not a positive number, a
    /// threshold outside 0…1): possible only for a model built in code, as model files are
    /// checked when read.
    case invalidCalibration(reason: String)
    /// A metadata value that JSON cannot express (e.g. a non-finite number in the training record).
    case metadataNotEncodable(key: String, reason: String)

    package var description: String {
        switch self {
        case let .spatialLayerAfterFlatten(layer, summary):
            "cannot export layer \(layer) (\(summary)) to ONNX: it comes after a flatten or dense layer, but ONNX Conv and MaxPool need an image-shaped input; move it before the flatten"
        case let .denseWithoutFlatten(layer, summary):
            "cannot export layer \(layer) (\(summary)) to ONNX: its input is still image-shaped and ONNX Gemm needs a flat one; add a flatten layer before it"
        case let .outputNotFlat(lastLayer, summary):
            "cannot export to ONNX: the network ends with layer \(lastLayer) (\(summary)) on an image-shaped tensor; end it with flatten and a dense layer so the output is one probability per class"
        case let .parameterSize(name, expected, found):
            "cannot export to ONNX: parameter \(name) has \(found) values but its shape needs \(expected)"
        case let .invalidCalibration(reason):
            "cannot export to ONNX: the model's calibration is invalid (\(reason)); give it a positive temperature and a threshold in 0…1"
        case let .metadataNotEncodable(key, reason):
            "cannot export to ONNX: metadata \(key) cannot be written as JSON (\(reason))"
        }
    }
}
