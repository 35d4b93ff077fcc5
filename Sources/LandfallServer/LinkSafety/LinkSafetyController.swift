import Foundation
import Hummingbird
import LandfallStore
import Logging

/// Domain block and warn lists: `/api/safety/domains` for the app of a secret key, and
/// `/api/admin/safety/domains` for the whole deployment (admin token).
struct LinkSafetyController: Sendable {
    let authenticator: Authenticator
    let service: LinkSafetyService

    func register(on router: Router<LandfallRequestContext>) {
        let app = router.group("api/safety/domains")
        app.get(use: { request, _ in try await list(request, scope: try await appScope(request)) })
        app.put(":domain", use: { request, context in try await put(request, context, scope: try await appScope(request)) })
        app.delete(":domain", use: { request, context in try await delete(request, context, scope: try await appScope(request)) })
        let deployment = router.group("api/admin/safety/domains")
        deployment.get(use: { request, _ in
            try authenticator.requireAdmin(request); return try await list(request, scope: .deployment)
        })
        deployment.put(
            ":domain",
            use: { request, context in
                try authenticator.requireAdmin(request)
                return try await put(request, context, scope: .deployment)
            })
        deployment.delete(
            ":domain",
            use: { request, context in
                try authenticator.requireAdmin(request)
                return try await delete(request, context, scope: .deployment)
            })
    }

    private func appScope(_ request: Request) async throws -> SafetyScope {
        .app(try await authenticator.requireSecretKey(request).id)
    }

    private func list(_ request: Request, scope: SafetyScope) async throws -> Response {
        try JSONResponse.make(["data": try await service.entries(scope).map { SafetyDomainResponse($0) }])
    }

    private func put(_ request: Request, _ context: LandfallRequestContext, scope: SafetyScope) async throws -> Response {
        let domain = try Validate.safetyDomain(try context.parameters.require("domain"))
        let input = try await RequestDecoding.decode(SafetyDomainInput.self, from: request)
        let note = try Validate.text(input.note, "note", max: 300)
        let change = try await service.put(domain: domain, state: try input.validatedState(), note: note, scope: scope)
        context.logger.info(
            "safety domain set",
            metadata: [
                "scope": "\(scope.storedValue)", "domain": "\(domain)", "state": "\(change.entry.state.rawValue)",
                "linksChanged": "\(change.linksChanged)",
            ])
        return try JSONResponse.make(SafetyDomainResponse(change.entry, linksChanged: change.linksChanged))
    }

    private func delete(_ request: Request, _ context: LandfallRequestContext, scope: SafetyScope) async throws -> Response {
        let domain = try Validate.safetyDomain(try context.parameters.require("domain"))
        guard let changed = try await service.delete(domain: domain, scope: scope) else {
            throw APIError.notFound("safety_domain_not_found", "the list has no entry for \(domain)")
        }
        context.logger.info(
            "safety domain removed", metadata: ["scope": "\(scope.storedValue)", "domain": "\(domain)", "linksChanged": "\(changed)"])
        return try JSONResponse.make(["linksChanged": changed])
    }
}
