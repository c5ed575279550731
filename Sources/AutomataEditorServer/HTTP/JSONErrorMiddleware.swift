import Hummingbird
import NIOCore

/// Turns every error into the API's one-line JSON error: refusals keep their status, the
/// framework's own (no such route, body too large) theirs, and anything else is logged and
/// answered with a 500 that says so, so that no request goes unanswered.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return JSONResponse.make(["error": error.message], status: error.status)
        } catch let error as HTTPError {
            let message = error.body ?? "\(request.method) \(request.uri.path): \(error.status.reasonPhrase.lowercased())"
            return JSONResponse.make(["error": message], status: error.status)
        } catch is NIOTooManyBytesError {
            return JSONResponse.make(["error": RequestBody.tooLarge], status: .contentTooLarge)
        } catch {
            context.logger.error("\(request.method) \(request.uri.path): \(error)")
            let failure = APIError(.internalServerError, "\(request.method) \(request.uri.path): internal error (\(error))")
            return JSONResponse.make(["error": failure.message], status: failure.status)
        }
    }
}
