import FuzzDriver
import StrokeModel

/// Any bytes through the model file reader (safetensors container, header JSON, metadata,
/// architecture, tensors), then what a reader does with a model it accepted: write it back
/// (the writer must give bytes the reader takes, the same every time) and classify a stroke
/// with it, as `StrokeClassifier(contentsOf:)` does.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))

    // The container alone: any file it accepts survives being written again.
    if let contents = try? SafeTensors.decode(bytes) {
        let written = SafeTensors.encode(contents.tensors, metadata: contents.metadata)
        guard let again = try? SafeTensors.decode(written) else { fatalError("the writer's safetensors bytes do not read back") }
        precondition(SafeTensors.encode(again.tensors, metadata: again.metadata) == written, "safetensors round trip changed the bytes")
    }

    guard let model = try? ModelFile.decode(bytes, source: "fuzz.safetensors") else { return 0 }
    let written = ModelFile.encode(model)
    guard let again = try? ModelFile.decode(written, source: "written") else { fatalError("the writer's model bytes do not read back") }
    precondition(ModelFile.encode(again) == written, "model round trip changed the bytes")

    // What `StrokeClassifier(contentsOf:)` refuses with an error; large activations are
    // legitimate (only weights have to be in the file) but slow: skip them.
    guard StrokeClassifier.mismatch(in: model) == nil,
          model.architecture.shapes.allSatisfy({ $0.count <= 1 << 16 }) else { return 0 }
    let classifier = StrokeClassifier(model: model)
    let result = classifier.classify(stroke: [StrokePoint(x: 0, y: 0), StrokePoint(x: 3, y: 4), StrokePoint(x: 6, y: 0)])
    precondition(result.probabilities.count == model.labels.count)
    return 0
}

@_cdecl("FuzzModelFile_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
