import Foundation
import HTTPTypes
import LandfallModels
import Hummingbird
import LandfallStore
import Logging
import NIOCore

/// Branch's error body, `{"error":{"code":400,"message":"…"}}`: the code is the HTTP status as a
/// number, as Branch's API reference shows it (help.branch.io, "Access/Erasure" and rate-limit answers).
struct BranchErrorBody: Encodable, Sendable {
    struct Detail: Encodable, Sendable {
        var code: Int
        var message: String
    }

    var error: Detail
}

/// Answers every failure of the Branch-compatible routes in Branch's error shape, so a client written
/// against Branch reads Landfall's errors too. Runs inside the server's ``ErrorMiddleware`` and turns
/// the same errors into the same statuses; only the body differs.
struct BranchErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as APIError {
            return try Self.response(error.status, error.message, headers: error.headers)
        } catch let error as StoreError where error.conflictingField != nil {
            return try Self.response(.conflict, "\(error.conflictingField ?? "value") is already taken")
        } catch is NIOTooManyBytesError {
            return try Self.response(.contentTooLarge, "the body is larger than \(RequestDecoding.maximumBodySize) bytes")
        } catch let error as any HTTPResponseError {
            return try Self.response(error.status, error.status.reasonPhrase)
        } catch {
            context.logger.error(
                "branch request failed", metadata: ["error": "\(String(reflecting: error))", "path": "\(request.uri.path)"])
            return try Self.response(.internalServerError, "the server failed to answer; it has been logged")
        }
    }

    static func response(_ status: HTTPResponse.Status, _ message: String, headers extra: HTTPFields = [:]) throws -> Response {
        var headers = extra
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let body = try JSONEncoder().encode(BranchErrorBody(error: .init(code: status.code, message: message)))
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension APIError {
    /// Branch's answer to a missing or wrong `branch_key` / `branch_secret`.
    static func branchCredentials(_ message: String) -> APIError { APIError(.unauthorized, code: "unauthorized", message: message) }
}

/// Reads Branch request bodies: JSON whatever the `Content-Type` says, because Branch's own examples
/// send JSON with `curl -d`, which labels it `application/x-www-form-urlencoded`.
enum BranchBody {
    static func data(_ request: Request) async throws -> Data {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: RequestDecoding.maximumBodySize)
        } catch let error as HTTPError where error.status == .contentTooLarge {
            throw RequestDecoding.tooLarge(RequestDecoding.maximumBodySize)
        }
        return Data(buffer.readableBytesView)
    }

    static func decode<Value: Decodable>(_ type: Value.Type, from request: Request) async throws -> (Value, Data) {
        let data = try await data(request)
        return (try RequestDecoding.decode(type, from: data), data)
    }
}
