import AutomataEditorCore
import Foundation
import FuzzDriver
import StrokeModel

/// Any bytes through the one drawing-file reader (StrokeModel's `DrawingFile`, behind
/// `automata draw`, `strokes predict --strokes` and `strokes rasterize`), then what is done
/// with a drawing: its strokes rasterized as the classifier sees them, and every event
/// performed by the editor as `automata draw` does. The editor must never make a document it could not save.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let events = try? DrawingFile.events(from: Data(bytes: data, count: size)) else { return 0 }

    let strokes = events.compactMap { event -> [StrokePoint]? in
        guard case .stroke(let points) = event else { return nil }
        return points
    }
    precondition(StrokeRasterizer().rasterize(strokes).count == 28 * 28)

    var editor = Editor()
    for event in events {
        editor.perform(event, with: interpreter)
        let problems = editor.document.inconsistencies
        precondition(problems.isEmpty, "the editor made an inconsistent document: \(problems)")
    }
    while editor.undo() {}
    precondition(editor.document == AutomatonDocument(), "undoing everything does not give the empty document")
    return 0
}

/// A stand-in for the shipped model, fast enough for millions of runs: one 28×28 convolution
/// with fixed pseudo-random weights, so different drawings get different labels and the rules
/// for every shape are reached.
let interpreter: StrokeInterpreter = {
    let architecture = try! Architecture(
        input: TensorShape(channels: 1, height: 28, width: 28), layers: [.conv(filters: 3, kernel: 28, padding: 0)])
    let weights = (0..<3 * 28 * 28).map { Float(sin(Double($0) * 12.9898)) }
    let model = ClassifierModel(
        architecture: architecture, labels: ShapeKind.allCases.map(\.rawValue), parameters: [weights, [0, 0, 0]])
    return StrokeInterpreter(classifier: StrokeClassifier(model: model))
}()

@_cdecl("FuzzDrawingJSON_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
