import StrokeModel

/// Writes a classifier as a Core ML model (`.mlmodel`: a serialized `CoreML.Specification.Model`)
/// that drops into the editor in place of the original turicreate export: a neural-network
/// classifier with a 28×28 grayscale image input `drawing` (scaled by the model's input scale,
/// 1/255, in the model's own preprocessing), a string output `label` and a dictionary output
/// `labelProbability`.
///
/// The layers are the network's own (convolution with its zero padding, ReLU, max pooling,
/// channel-first flatten, inner product) followed by a softmax, with the weights as they are
/// in the model file: Core ML's weight layouts are PyTorch's. A calibrated model (temperature
/// T ≠ 1) has a linear activation `temperature` (alpha 1/T, beta 0) before the softmax.
///
/// Core ML's `label` is always a class: when the model has an `other` class, `other` means
/// rejected (none of the shapes), as does a top probability under the recommended threshold;
/// the metadata says so in words and under `temperature`, `rejection_threshold` and
/// `rejection_label`, the ONNX export's keys.
package enum CoreMLExporter {
    /// Specification version 1 (iOS 11, macOS 10.13): every layer and feature used here was in
    /// the first Core ML; a lower version loads on more devices.
    package static let specificationVersion = 1
    /// The image input's name, as the editor's code passes it.
    package static let inputName = "drawing"
    /// The predicted class (a string).
    package static let labelName = "label"
    /// Every class's probability (a dictionary from label to double).
    package static let probabilitiesName = "labelProbability"

    /// The `.mlmodel` bytes of `model`. Throws, before writing anything, when the model cannot
    /// keep the editor's interface or Core ML would compute something else than the network.
    package static func encode(_ model: ClassifierModel) throws(CoreMLExportError) -> [UInt8] {
        try CoreMLCompatibility.check(model)
        typealias Field = CoreMLField
        var w = ProtobufWriter()
        w.int(Field.Model.specificationVersion, specificationVersion)
        w.message(Field.Model.description, CoreMLModelDescription.message(for: model))
        w.message(Field.Model.neuralNetworkClassifier) { classifier in
            typealias C = Field.NeuralNetworkClassifier
            for layer in CoreMLLayers.messages(for: model, input: inputName) {
                classifier.message(C.layers, layer)
            }
            classifier.message(C.preprocessing) { preprocessing in
                preprocessing.string(Field.NeuralNetworkPreprocessing.featureName, inputName)
                preprocessing.message(Field.NeuralNetworkPreprocessing.scaler) { scaler in
                    scaler.float(Field.NeuralNetworkImageScaler.channelScale, model.input.scale)
                    scaler.float(Field.NeuralNetworkImageScaler.grayBias, 0)
                }
            }
            classifier.message(C.stringClassLabels) { labels in
                for label in model.labels { labels.string(Field.StringVector.vector, label) }
            }
            classifier.string(C.labelProbabilityLayerName, CoreMLLayers.probabilitiesBlob)
        }
        return w.bytes
    }
}
