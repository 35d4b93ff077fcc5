import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import Testing

/// The check a TLS proxy makes before asking a CA for a certificate (Caddy's on-demand `ask`).
@Suite("TLS domain check: GET /tls/allowed")
struct TLSDomainTests {
    struct Answer: Decodable {
        var domain: String
        var allowed: Bool
        var appId: String?
    }

    @Test func anAppsDomainIsAllowedAndNamesItsApp() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp(#"{"name": "Acme", "domains": ["go.acme.test", "links.acme.test"]}"#)
            for domain in ["go.acme.test", "LINKS.Acme.test", "go.acme.test."] {
                let response = try await server.send(.get, "/tls/allowed?domain=\(domain)")
                #expect(response.status == .ok)
                let answer = try response.decode(Answer.self)
                #expect(answer.allowed)
                #expect(answer.appId == app.id)
                #expect(answer.domain == domain.lowercased().trimmingCharacters(in: CharacterSet(charactersIn: ".")))
            }
        }
    }

    @Test func aHostThatIsNoAppsDomainIsRefused() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(#"{"name": "Acme", "domains": ["go.acme.test"]}"#)
            expectAPIError(try await server.send(.get, "/tls/allowed?domain=evil.example.com"), .notFound, code: "domain_not_found")
            // A subdomain of an app's domain is another name, with no certificate of its own.
            expectAPIError(try await server.send(.get, "/tls/allowed?domain=x.go.acme.test"), .notFound, code: "domain_not_found")
        }
    }

    @Test func theServersOwnPublicHostIsAllowed() async throws {
        try await TestServer.run(configure: { $0.publicURL = "https://lf.example.org/" }) { server in
            let response = try await server.send(.get, "/tls/allowed?domain=lf.example.org")
            #expect(response.status == .ok)
            let answer = try response.decode(Answer.self)
            #expect(answer.allowed && answer.appId == nil)
        }
    }

    @Test func aDomainFollowsTheAppsDomainChange() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp(#"{"name": "Acme", "domains": ["go.acme.test"]}"#)
            #expect(try await server.send(.get, "/tls/allowed?domain=go.acme.test").status == .ok)
            let patched = try await server.admin(.patch, "/api/apps/\(app.id)", body: .json(#"{"domains": ["new.acme.test"]}"#))
            #expect(patched.status == .ok)
            expectAPIError(try await server.send(.get, "/tls/allowed?domain=go.acme.test"), .notFound, code: "domain_not_found")
            #expect(try await server.send(.get, "/tls/allowed?domain=new.acme.test").status == .ok)
        }
    }

    @Test(arguments: [
        "", "go.acme.test:443", "https://go.acme.test", "go.acme.test/path", "127.0.0.1", "localhost", "-bad.acme.test",
        "go..acme.test", "under_score.acme.test", String(repeating: "a", count: 64) + ".test", "%00.acme.test",
    ])
    func aMalformedDomainIsABadRequest(domain: String) async throws {
        try await TestServer.run { server in
            let escaped = domain.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? domain
            let response = try await server.send(.get, "/tls/allowed?domain=\(escaped)")
            expectAPIError(response, .badRequest, code: domain.isEmpty ? "missing_domain" : "invalid_domain")
        }
    }

    @Test func aMissingDomainIsABadRequest() async throws {
        try await TestServer.run { server in
            expectAPIError(try await server.send(.get, "/tls/allowed"), .badRequest, code: "missing_domain")
        }
    }
}
