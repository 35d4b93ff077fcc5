import Hummingbird
import NIOCore

/// `GET /openapi.json`: the API description, for client generators and for the fuzzer that checks
/// every operation (`landfall reliability fuzz`).
struct OpenAPIController: Sendable {
    /// Encoded once: the document never changes while the server runs.
    let body = ByteBuffer(string: OpenAPIDocument.text)

    func register(on router: Router<LandfallRequestContext>) {
        router.get("openapi.json") { _, _ in
            Response(
                status: .ok,
                headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "public, max-age=300"],
                body: .init(byteBuffer: body)
            )
        }
    }
}
