import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels

/// Every error the HTTP API answers with: a status, a stable code and a message, sent as
/// `{"error": {"code": "...", "message": "..."}}`.
///
/// The one place where failures become HTTP: controllers throw these, ``ErrorMiddleware`` turns
/// everything else into one of these.
public struct APIError: Error, HTTPResponseError, Sendable, Equatable {
    public let status: HTTPResponse.Status
    public let code: String
    public let message: String
    public var headers: HTTPFields

    public init(_ status: HTTPResponse.Status, code: String, message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.code = code
        self.message = message
        self.headers = headers
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        headers[.cacheControl] = "no-store"
        let body = try LandfallJSON.makeEncoder().encode(ErrorBody(code: code, message: message))
        return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: body)))
    }
}

extension APIError {
    static func badRequest(_ code: String, _ message: String) -> APIError { APIError(.badRequest, code: code, message: message) }
    static func validation(_ field: String, _ message: String) -> APIError {
        APIError(.badRequest, code: "invalid_field", message: "\(field): \(message)")
    }
    static func notFound(_ code: String, _ message: String) -> APIError { APIError(.notFound, code: code, message: message) }
    static func conflict(_ code: String, _ message: String) -> APIError { APIError(.conflict, code: code, message: message) }
    static let unauthorized = APIError(
        .unauthorized, code: "unauthorized", message: "send a valid key as 'Authorization: Bearer <key>'",
        headers: [.wwwAuthenticate: "Bearer"]
    )
    static func forbidden(_ message: String) -> APIError { APIError(.forbidden, code: "forbidden", message: message) }
}
