import StrokeModel

/// Writes a classifier as an ONNX model (`.onnx`), for onnxruntime, Netron, and every other
/// ONNX tool.
///
/// The graph is the model's layer list followed by a Softmax:
/// `input` float32 `[N, C, H, W]` → Conv / Relu / MaxPool / Flatten / Gemm nodes named after
/// the model file's layers (`layers.0` …) → Softmax → `probabilities` float32 `[N, classes]`,
/// where `N` is a symbolic batch size. Weights are initializers with the model file's names
/// (`layers.0.weight`) and shapes. A calibrated model (temperature T ≠ 1) has a `Mul` node
/// `temperature` before the Softmax, multiplying the logits by the scalar initializer
/// `temperature.inverse` = 1/T, as `StrokeClassifier` does; at T = 1 there is none.
///
/// The graph takes already-scaled floats: pixel × `model.input.scale` (1/255, so 0…1), white
/// ink on black, exactly what `StrokeClassifier` feeds its own forward pass. The scale, ink,
/// class labels (JSON array, output order) and rasterizer are in the file's `metadata_props`
/// under `input_scale`, `ink`, `labels` and `rasterizer`; the temperature and rejection rule
/// under `temperature`, `rejection_threshold` and `rejection_label` (see `ONNXMetadata`).
package enum ONNXExporter {
    /// The graph input's name.
    package static let inputName = "input"
    /// The graph output's name.
    package static let outputName = "probabilities"
    /// The symbolic batch dimension of the input and output.
    package static let batchDimension = "N"
    /// Operator set 13 of the default domain: Softmax along one axis, Gemm with a 1-D bias.
    package static let opsetVersion = 13
    /// IR version 7 is the one released with opset 13 (ONNX 1.8, onnx/onnx docs/Versioning.md):
    /// the oldest that can carry it, so the most runtimes can open the file.
    package static let irVersion = 7
    package static let producerName = "strokes"
    /// The scalar initializer the `temperature` node multiplies the logits by (1/temperature).
    static let logitScaleName = "temperature.inverse"

    /// The serialized `ModelProto` of `model`, ready to write to a `.onnx` file.
    /// Throws when the layer list has no ONNX equivalent (e.g. a dense layer without a flatten
    /// before it) or a parameter array has the wrong length.
    package static func encode(_ model: ClassifierModel) throws(ONNXExportError) -> [UInt8] {
        encode(graph: try ONNXGraph(model: model), metadata: try ONNXMetadata(model: model))
    }

    /// The `ModelProto` around a graph and its metadata (separate so tests can alter either).
    static func encode(graph: ONNXGraph, metadata: ONNXMetadata) -> [UInt8] {
        var writer = ProtobufWriter()
        writer.int(ONNXSchema.Model.irVersion, irVersion)
        writer.string(ONNXSchema.Model.producerName, producerName)
        writer.string(ONNXSchema.Model.docString, metadata.summary)
        writer.message(ONNXSchema.Model.graph) { graph.write(to: &$0) }
        writer.message(ONNXSchema.Model.opsetImport) {
            // The empty domain is ONNX's own operator set (onnx.proto, OperatorSetIdProto).
            $0.string(ONNXSchema.OperatorSetID.domain, "")
            $0.int(ONNXSchema.OperatorSetID.version, opsetVersion)
        }
        metadata.write(to: &writer)
        return writer.bytes
    }
}
