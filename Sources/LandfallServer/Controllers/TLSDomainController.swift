import Foundation
import Hummingbird
import LandfallStore

/// `GET /tls/allowed?domain=HOST`: whether a TLS proxy in front of Landfall may obtain a certificate
/// for HOST. Caddy's on-demand TLS asks this before every new certificate (`on_demand_tls { ask … }`);
/// 200 lets it proceed, anything else refuses. Without the check anyone could point a name at the
/// proxy and make it request certificates until the CA rate-limits the whole server.
///
/// Open to any caller: app domains are public (each serves its AASA to anyone), and the proxy's
/// ask request carries no credentials.
struct TLSDomainController: Sendable {
    let storage: any LandfallStorage
    /// The host of `--public-url`, Landfall's own name, which serves no app yet needs a certificate.
    let publicHost: String?

    func register(on router: Router<LandfallRequestContext>) {
        router.get("tls/allowed", use: allowed)
    }

    struct Answer: Encodable {
        var domain: String
        var allowed: Bool
        var appId: String?
    }

    @Sendable func allowed(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        guard let raw = request.uri.queryParameters["domain"].map(String.init), !raw.isEmpty else {
            throw APIError.badRequest("missing_domain", "the query parameter domain is required, e.g. ?domain=go.example.com")
        }
        guard let domain = Self.hostName(raw) else {
            throw APIError.badRequest(
                "invalid_domain", "domain must be a host name (letters, digits, hyphens and dots), without scheme, port or path")
        }
        if domain == publicHost {
            return try JSONResponse.make(Answer(domain: domain, allowed: true, appId: nil))
        }
        guard let app = try await storage.app(forHost: domain) else {
            throw APIError.notFound("domain_not_found", "no app serves links on \(domain)")
        }
        return try JSONResponse.make(Answer(domain: domain, allowed: true, appId: app.id))
    }

    /// A lowercased DNS name, or nil for anything a certificate could not be issued for (addresses
    /// are refused too: Landfall's apps are reached by name).
    static func hostName(_ raw: String) -> String? {
        let name = raw.lowercased().hasSuffix(".") ? String(raw.lowercased().dropLast()) : raw.lowercased()
        guard (1...253).contains(name.utf8.count) else { return nil }
        let labels = name.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return nil }
        for label in labels {
            guard (1...63).contains(label.utf8.count), label.first != "-", label.last != "-",
                label.utf8.allSatisfy({ ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D })
            else { return nil }
        }
        // An IPv4 address is all digits and dots.
        if labels.allSatisfy({ $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }) { return nil }
        return name
    }
}
