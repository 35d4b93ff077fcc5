import Foundation
import HTTPTypes
import Hummingbird
import LandfallModels

/// Encodes API answers with the wire conventions of ``LandfallJSON``.
enum JSONResponse {
    static func make(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let data = try LandfallJSON.makeEncoder().encode(value)
        return Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }

    /// A value already in JSON's shape, written compactly with sorted keys (what `make` writes for
    /// the same value) without going through `JSONEncoder`.
    static func make(json value: JSONValue, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: value.compactJSON))
        )
    }

    static func noContent() -> Response {
        Response(status: .noContent)
    }
}
