import HTTPTypes
import Hummingbird
import LandfallStore
import Logging
import NIOCore

/// Turns every error a handler throws into a JSON error answer, so no request ends in an HTML page,
/// an empty 500 or a dropped connection.
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch let error as StoreError where error.conflictingField != nil {
            return try Self.conflict(error).response(from: request, context: context)
        } catch let error as HTTPError {
            return try Self.translate(error).response(from: request, context: context)
        } catch let error as any HTTPResponseError {
            // Any other framework error that knows its status keeps it, in our JSON shape.
            return try Self.translate(HTTPError(error.status)).response(from: request, context: context)
        } catch is NIOTooManyBytesError {
            return try RequestDecoding.tooLarge(RequestDecoding.maximumBodySize).response(from: request, context: context)
        } catch let error where StoreUnavailable.classify(error) != nil {
            // Nothing was stored (or, when PostgreSQL went away during a commit, perhaps it was): the
            // client may send the same request again, and its identity keeps a retry from storing twice.
            let reason = StoreUnavailable.classify(error)?.reason ?? .unreachable
            context.logger.warning(
                "request refused: the database cannot answer it",
                metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            return try Self.unavailable(reason).response(from: request, context: context)
        } catch {
            context.logger.error("request failed", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            return try APIError(.internalServerError, code: "internal_error", message: "the server failed to answer; it has been logged")
                .response(from: request, context: context)
        }
    }

    /// A unique value another row holds: the dashboard shows the same answer beside the field.
    static func conflict(_ error: StoreError) -> APIError {
        APIError.conflict("conflict", "\(error.conflictingField ?? "value") is already taken")
    }

    static func unavailable(_ reason: StoreUnavailable.Reason) -> APIError {
        let message =
            switch reason {
            case .full: "the database has no room left; nothing was stored; retry later"
            case .unreachable: "the database cannot be read or written right now; nothing was stored; retry later"
            case .databaseUnavailable: "the database cannot be reached right now; retry later (a retried write is stored once)"
            }
        return APIError(
            .serviceUnavailable, code: reason.rawValue, message: message, headers: [.retryAfter: String(StorageRetry.afterSeconds)])
    }

    private static func translate(_ error: HTTPError) -> APIError {
        switch error.status {
        case .notFound: .notFound("not_found", "no such endpoint")
        case .contentTooLarge: APIError(.contentTooLarge, code: "body_too_large", message: "the request body is larger than allowed")
        case .methodNotAllowed:
            APIError(.methodNotAllowed, code: "method_not_allowed", message: "this endpoint does not accept that method")
        default: APIError(error.status, code: "http_\(error.status.code)", message: error.body ?? error.status.reasonPhrase)
        }
    }
}

/// How long a client is asked to wait before sending a write the database could not take again.
enum StorageRetry {
    static let afterSeconds = 5
}
