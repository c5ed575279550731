import Foundation
import Hummingbird

/// JSON answers: sorted keys (stable for people and tests), slashes unescaped.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Every value the API encodes is plain data; failing here would be a bug in this module.
        let data = (try? encoder.encode(value)) ?? Data(#"{"error": "the answer could not be encoded"}"#.utf8)
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }

    /// A file to download, named for the browser.
    static func download(_ text: String, fileName: String, type: String) -> Response {
        Response(status: .ok,
                 headers: [.contentType: type, .contentDisposition: "attachment; filename=\"\(fileName)\""],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }
}
