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

    static func noContent() -> Response {
        Response(status: .noContent)
    }
}
