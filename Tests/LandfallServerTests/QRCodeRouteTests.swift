import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
@testable import LandfallServer
import Testing

/// `GET /api/links/:linkId/qr`: the link's short URL as PNG or SVG, with the secret key.
@Suite("QR code route")
struct QRCodeRouteTests {
    @Test("a PNG of the link's short URL that zbarimg reads back")
    func png() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            let response = try await server.send(.get, "/api/links/\(link.id)/qr?format=png&size=300&ecc=H", token: tenant.secretKey)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/png")
            let bytes = Array(response.body.readableBytesView)
            #expect(try await QRCodeDecodeTests.decode(bytes) == link.url)
        }
    }

    @Test("PNG is the default; size bounds the width and ecc picks the level")
    func defaultsAndSize() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            let response = try await server.send(.get, "/api/links/\(link.id)/qr?size=100", token: tenant.secretKey)
            #expect(response.headers[.contentType] == "image/png")
            let bytes = Array(response.body.readableBytesView)
            let width = (Int(bytes[16]) << 24) | (Int(bytes[17]) << 16) | (Int(bytes[18]) << 8) | Int(bytes[19])
            let code = try QRCode(text: link.url, errorCorrection: .medium)
            #expect(width <= 100 && width == (100 / (code.size + 8)) * (code.size + 8))
        }
    }

    @Test("an SVG with its own restrictive Content-Security-Policy")
    func svg() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            let response = try await server.send(.get, "/api/links/\(link.id)/qr?format=svg&ecc=q", token: tenant.secretKey)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "image/svg+xml")
            #expect(response.headers[.contentSecurityPolicy]?.hasPrefix("default-src 'none'") == true)
            #expect(response.text.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
            let expected = try QRCode(text: link.url, errorCorrection: .quartile)
            #expect(response.text.contains("viewBox=\"0 0 \(expected.size + 8) \(expected.size + 8)\""))
        }
    }

    @Test(
        "bad format, size or ecc answer 400 naming the parameter",
        arguments: [
            "format=gif", "size=10", "size=5000", "size=big", "ecc=X",
        ])
    func badParameters(query: String) async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            let response = try await server.send(.get, "/api/links/\(link.id)/qr?\(query)", token: tenant.secretKey)
            expectAPIError(response, .badRequest, code: "invalid_field")
            #expect(response.text.contains(String(query.prefix { $0 != "=" })))
        }
    }

    @Test("no key is 401; another app's link or an unknown id is 404")
    func access() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let other = try await server.createTenant(#"{"name": "Other"}"#)
            let link = try await server.createLink(key: tenant.secretKey)
            expectAPIError(try await server.send(.get, "/api/links/\(link.id)/qr"), .unauthorized, code: "unauthorized")
            expectAPIError(
                try await server.send(.get, "/api/links/\(link.id)/qr", token: other.secretKey), .notFound, code: "link_not_found")
            expectAPIError(try await server.send(.get, "/api/links/nope/qr", token: tenant.secretKey), .notFound, code: "link_not_found")
        }
    }
}
