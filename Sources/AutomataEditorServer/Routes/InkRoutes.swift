import Foundation
import Hummingbird
import InkFiles
import NIOCore
import StrokeModel

/// Ink from other tools: an InkML file read into the drawing events it holds, which the page
/// then replays one by one through the events route, so each stroke is read as if drawn.
extension EditorServices {
    func addInkRoutes(to router: Router<some RequestContext>) {
        // The body is the file itself; ?file= names it in messages. Nothing is saved: the
        // answer is a drawing file (`{"events": [...]}`, each trace a stroke, in drawing order).
        router.post("api/ink") { request, _ in
            let file = request.uri.queryParameters["file"].map { String($0.prefix(100)) } ?? "ink.inkml"
            let data = try await RequestBody.bytes(of: request)
            let events = try Self.inkEvents(data, file: file)
            return Response(status: .ok, headers: [.contentType: "application/json; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: DrawingFile.text(of: events))))
        }
    }

    /// The file's traces as strokes, each held to the limits of a stroke sent alone, so that
    /// every event the page replays is one the events route takes.
    static func inkEvents(_ data: Data, file: String) throws(APIError) -> [DrawingEvent] {
        let ink: InkMLDocument
        do {
            ink = try InkMLDocument.read(from: data, source: file)
        } catch {
            throw .badRequest(error.description)
        }
        let events = ink.events
        for (index, event) in events.enumerated() {
            try InputLimits.check(event, place: "\(file), trace \(index + 1)")
        }
        return events
    }
}
