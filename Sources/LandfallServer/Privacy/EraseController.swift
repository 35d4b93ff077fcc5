import Foundation
import Hummingbird
import LandfallStore

/// `POST /api/privacy/erasures`: erases one person of the secret key's app (GDPR article 17).
///
/// Synchronous, unlike AppsFlyer's OpenGDPR or Branch's deletion API, which queue a request and
/// report its status later: here the erasure is one transaction over the app's own database, so
/// the answer can say what was removed. Erasing an id that is not (or no longer) stored answers
/// 200 with zero counts, so a retried request succeeds and the answer never reveals more than "done".
struct EraseController: Sendable {
    let authenticator: Authenticator
    let service: EraseService

    func register(on router: Router<LandfallRequestContext>) {
        router.post("api/privacy/erasures", use: erase)
    }

    @Sendable func erase(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let subject = try await RequestDecoding.decode(EraseRequest.self, from: request).subject()
        let report = try await service.erase(subject, app: app, logger: context.logger)
        return try JSONResponse.make(EraseResponse(subject: subject, report: report, at: service.now()))
    }
}
