import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels

/// Encodes API answers with the wire conventions of ``LandfallJSON``.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        response(ByteBuffer(bytes: try LandfallJSON.makeEncoder().encode(value)), status: status)
    }

    /// A value already in JSON's shape, written compactly with sorted keys (what `make` writes for
    /// the same value) without going through `JSONEncoder`.
    static func make(json value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        response(ByteBuffer(string: value.compactJSON), status: status)
    }

    private static func response(_ body: ByteBuffer, status: HTTPResponse.Status) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: body)
        )
    }

    static func noContent() -> Response {
        Response(status: .noContent)
    }
}
