import StrokeModel

/// Why a model cannot become a Core ML file with the editor's interface.
package enum CoreMLExportError: Error, Equatable, CustomStringConvertible {
    /// The input is a grayscale image, so the network must read exactly one channel.
    case inputChannels(Int)
    /// A layer the exporter has no Core ML counterpart for, with the reason.
    case unsupportedLayer(index: Int, LayerSpec, reason: String)
    /// A parameter array whose length does not match its shape.
    case parameterSize(name: String, expected: Int, found: Int)
    /// Labels become dictionary keys and the predicted string: each must be present and distinct.
    case invalidLabel(String)
    /// The image scaler multiplies pixels by this; it must be a positive finite number.
    case invalidScale(Float)
    /// A calibration no file could carry (a temperature that is not a positive number, a
    /// threshold outside 0…1): possible only for a model built in code.
    case invalidCalibration(reason: String)

    package var description: String {
        switch self {
        case let .inputChannels(channels):
            "Core ML export: the input is a grayscale image, so the network must read 1 channel, not \(channels)"
        case let .unsupportedLayer(index, layer, reason):
            "Core ML export: layer \(index) (\(layer.summary)) is not supported: \(reason)"
        case let .parameterSize(name, expected, found):
            "Core ML export: parameter \(name) has \(found) values, its shape needs \(expected)"
        case let .invalidLabel(reason):
            "Core ML export: \(reason)"
        case let .invalidScale(scale):
            "Core ML export: input scale \(scale) must be a positive finite number"
        case let .invalidCalibration(reason):
            "Core ML export: the model's calibration is invalid (\(reason)); give it a positive temperature and a threshold in 0…1"
        }
    }
}
