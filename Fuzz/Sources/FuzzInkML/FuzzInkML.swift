import Foundation
import FuzzDriver
import InkFiles
import StrokeModel

/// Any bytes through the InkML reader (`InkMLDocument.read`, behind `automata draw`, `strokes
/// predict --strokes` and `strokes rasterize` for `.inkml` files: `BoundedXML`, namespaces,
/// trace formats, difference encodings), then what must hold of a file it accepted: every
/// trace has points, every coordinate is finite, the strokes rasterize, and the traces written
/// back as plain InkML read back as the same points. Any `InkMLError` is a fine outcome.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let document = try? InkMLDocument.read(from: Data(bytes: data, count: size), source: "fuzz.inkml") else { return 0 }
    precondition(!document.traces.isEmpty, "a document without traces was accepted")
    for trace in document.traces {
        precondition(!trace.points.isEmpty, "a trace without points was accepted")
        precondition(trace.points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "a coordinate is not finite: \(trace.points)")
    }
    precondition(document.events.count == document.traces.count)
    let strokes = document.traces.map(\.points)
    precondition(StrokeRasterizer().rasterize(strokes).count == 28 * 28)

    let plain = "<ink xmlns=\"http://www.w3.org/2003/InkML\">"
        + strokes.map { "<trace>" + $0.map { "\($0.x) \($0.y)" }.joined(separator: ", ") + "</trace>" }.joined()
        + "</ink>"
    do {
        let again = try InkMLDocument.read(from: Data(plain.utf8), source: "again.inkml")
        precondition(again.traces.map(\.points) == strokes, "the points written back read back otherwise")
    } catch {
        fatalError("the points written back do not read: \(error)")
    }
    return 0
}

@_cdecl("FuzzInkML_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> CInt {
    runFuzzer(argc, argv, fuzz)
}
