import Foundation
import Hummingbird

/// A refused request: its status and one line saying what is wrong with which input, sent as
/// `{"error": "…"}`. Every refusal of the API is one of these.
struct APIError: Error, HTTPResponseError, CustomStringConvertible {
    let status: HTTPResponse.Status
    let message: String

    init(_ status: HTTPResponse.Status, _ message: String) {
        self.status = status
        // One line, whatever the cause put into it.
        self.message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// The request itself is malformed (body, JSON, shape, name).
    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, message) }
    /// Well formed, but it cannot be done to this document (a construction past the state budget).
    static func unprocessable(_ message: String) -> APIError { APIError(.unprocessableContent, message) }
    static func notFound(_ message: String) -> APIError { APIError(.notFound, message) }
    static func conflict(_ message: String) -> APIError { APIError(.conflict, message) }

    var description: String { "\(status.code) \(message)" }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        JSONResponse.make(["error": message], status: status)
    }
}
