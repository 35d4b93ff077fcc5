import Foundation
import Hummingbird
import LandfallModels
import LandfallStore

/// `/api/templates`: link defaults of an app, with its secret key.
struct TemplatesController: Sendable {
    let authenticator: Authenticator
    let service: TemplateService

    func register(on router: Router<LandfallRequestContext>) {
        let templates = router.group("api/templates")
        templates.post(use: create)
        templates.get(use: list)
        templates.get(":templateId", use: show)
        templates.patch(":templateId", use: update)
        templates.delete(":templateId", use: delete)
    }

    @Sendable func create(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let input = try await RequestDecoding.decode(TemplateInput.self, from: request)
        return try JSONResponse.make(TemplateResponse(try await service.create(input, app: app)), status: .created)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        return try JSONResponse.make(["data": try await service.storage.templates(appId: app.id).map(TemplateResponse.init)])
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        return try JSONResponse.make(TemplateResponse(try await template(context, app: app)))
    }

    @Sendable func update(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let patch = try RequestDecoding.object(from: try await RequestDecoding.body(request))
        let current = try await template(context, app: app)
        let merged = try MergePatch.apply(patch, to: TemplateResponse(current), readOnly: TemplateResponse.readOnlyKeys)
        let input = try RequestDecoding.decode(TemplateInput.self, from: merged)
        return try JSONResponse.make(TemplateResponse(try await service.update(current, with: input, app: app)))
    }

    @Sendable func delete(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        try await service.delete(id: try context.parameters.require("templateId"), app: app)
        return JSONResponse.noContent()
    }

    private func template(_ context: LandfallRequestContext, app: AppRecord) async throws -> TemplateRecord {
        try await service.template(id: try context.parameters.require("templateId"), app: app)
    }
}

/// The body of `POST /api/templates`: a name, a slug, and link fields used as defaults.
struct TemplateInput: Decodable, Sendable {
    var name: String
    var slug: String?
    var defaults: LinkContent

    enum CodingKeys: String, CodingKey { case name, slug }

    init(name: String, slug: String?, defaults: LinkContent) {
        self.name = name
        self.slug = slug
        self.defaults = defaults
    }

    init(from decoder: any Decoder) throws {
        defaults = try LinkContent(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        slug = try container.decodeIfPresent(String.self, forKey: .slug)
    }

    func validated(app: AppRecord) throws -> (name: String, slug: String, defaults: LinkContent) {
        guard let name = try Validate.text(name, "name", max: 100, required: true) else { throw APIError.validation("name", "is required") }
        let requested = try Validate.text(slug, "slug", max: 40)
        guard let slug = try Validate.slug(requested ?? Validate.slugify(name), "slug", reserved: LinkService.reservedCodes) else {
            throw APIError.validation("slug", "cannot be derived from the name; give one")
        }
        return (name, slug, try LinkContentValidator.validate(defaults, app: app))
    }
}

/// A template as the API shows it: its default link fields flat beside its identity.
struct TemplateResponse: Encodable, Sendable {
    var template: TemplateRecord

    init(_ template: TemplateRecord) { self.template = template }

    enum CodingKeys: String, CodingKey { case id, appId, name, slug, createdAt, updatedAt }

    func encode(to encoder: any Encoder) throws {
        try template.defaults.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(template.id, forKey: .id)
        try container.encode(template.appId, forKey: .appId)
        try container.encode(template.name, forKey: .name)
        try container.encode(template.slug, forKey: .slug)
        try container.encode(template.createdAt, forKey: .createdAt)
        try container.encode(template.updatedAt, forKey: .updatedAt)
    }

    static let readOnlyKeys: Set<String> = ["id", "appId", "createdAt", "updatedAt"]
}
