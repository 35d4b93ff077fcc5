import Foundation
import Hummingbird
import LandfallModels
import LandfallStore

/// `POST /api/sdk/v1/links`: seed 000's simplified link creation; applies the app's newest template.
struct SDKLinksController: Sendable {
    let authenticator: Authenticator
    let service: LinkService

    func register(on router: Router<LandfallRequestContext>) {
        router.post("api/sdk/v1/links", use: create)
    }

    @Sendable func create(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let options = try await RequestDecoding.decode(CreateLinkOptions.self, from: request)
        let template = try await service.template(id: options.templateId, slug: options.templateSlug, app: app, newestByDefault: true)
        let input = LinkInput(
            content: LinkContent(
                deepLinkParameters: options.deepLinkParameters, utmParameters: options.utmParameters,
                title: options.title, description: options.description
            ),
            customCode: options.customCode,
            externalUserId: options.externalUserId
        )
        let created = try await service.create(input, app: app, template: template)
        let result = CreateLinkResult(
            url: service.url(for: created.link, app: app), shortCode: created.link.shortCode,
            linkId: created.link.id, deduplicated: created.deduplicated
        )
        return try JSONResponse.make(result, status: created.deduplicated ? .ok : .created)
    }
}
