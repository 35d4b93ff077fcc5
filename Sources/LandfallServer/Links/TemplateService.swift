import Foundation
import LandfallModels
import LandfallStore

/// Creates, changes and deletes an app's link templates with the API's validation and messages, for
/// `/api/templates` and the dashboard alike.
struct TemplateService: Sendable {
    let storage: any LandfallStorage
    let now: @Sendable () -> Date

    func create(_ input: TemplateInput, app: AppRecord) async throws -> TemplateRecord {
        let valid = try input.validated(app: app)
        let date = now()
        let template = TemplateRecord(
            id: SecretGenerator.identifier(), appId: app.id, name: valid.name, slug: valid.slug,
            defaults: valid.defaults, createdAt: date, updatedAt: date
        )
        try await insertOrConflict { try await storage.insertTemplate(template) }
        return template
    }

    func update(_ current: TemplateRecord, with input: TemplateInput, app: AppRecord) async throws -> TemplateRecord {
        let valid = try input.validated(app: app)
        var updated = current
        updated.name = valid.name
        updated.slug = valid.slug
        updated.defaults = valid.defaults
        updated.updatedAt = now()
        try await insertOrConflict { try await storage.updateTemplate(updated) }
        return updated
    }

    func delete(id: String, app: AppRecord) async throws {
        guard try await storage.deleteTemplate(id: id, appId: app.id) else { throw Self.templateNotFound }
    }

    func template(id: String, app: AppRecord) async throws -> TemplateRecord {
        guard let template = try await storage.template(id: id, appId: app.id) else { throw Self.templateNotFound }
        return template
    }

    private func insertOrConflict(_ body: () async throws -> Void) async throws {
        do {
            try await body()
        } catch let error as StoreError where error.conflictingField != nil {
            throw Self.slugTaken
        }
    }

    static let templateNotFound = APIError.notFound("template_not_found", "no template with that id")
    static let slugTaken = APIError.conflict("template_slug_taken", "the app already has a template with that slug")
}
