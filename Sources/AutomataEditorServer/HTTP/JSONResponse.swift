import Foundation
import Hummingbird

/// JSON answers: sorted keys (stable for people and tests), slashes unescaped.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        // Every value the API encodes is plain data; failing here would be a bug in this module.
        guard let data = try? encoder.encode(value) else {
            return Response(status: .internalServerError, headers: [.contentType: "application/json; charset=utf-8"],
                            body: ResponseBody(byteBuffer: ByteBuffer(string: #"{"error": "the answer could not be encoded"}"#)))
        }
        return Response(status: status, headers: [.contentType: "application/json; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: data)))
    }
}
