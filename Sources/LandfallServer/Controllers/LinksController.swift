import Foundation
import Hummingbird
import LandfallModels
import LandfallStore
import Logging

/// `/api/links`: an app's links, with its secret key. Creation also takes the publishable key, as a
/// share link (LinkForty's SDKs post here when the app names a template): see ``SDKLinksController``.
struct LinksController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let service: LinkService
    let shareLimits: SDKLinkRateLimiters
    let trustProxy: Bool

    func register(on router: Router<LandfallRequestContext>) {
        let links = router.group("api/links")
        links.post(use: create)
        links.get(use: list)
        links.get(":linkId", use: show)
        links.patch(":linkId", use: update)
        links.delete(":linkId", use: delete)
    }

    @Sendable func create(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let keyed = try await authenticator.requireAppKey(request)
        let app = keyed.app
        let input: LinkInput
        if keyed.key.kind == .publishable {
            try shareLimits.admit(appId: app.id, address: ClientAddress.of(request, context: context, trustProxy: trustProxy))
            let body = try await RequestDecoding.body(request)
            // Flutter's SDK sends every option, unset ones as null: a null sets nothing.
            try ShareLinkPolicy.check(fields: try RequestDecoding.object(from: body).filter { !($0.value is NSNull) }.keys)
            input = try RequestDecoding.decode(LinkInput.self, from: body)
        } else {
            input = try await RequestDecoding.decode(LinkInput.self, from: request)
        }
        let template = try await service.template(id: input.templateId, app: app, newestByDefault: false)
        let created = try await service.create(input, app: app, template: template)
        if !created.deduplicated {
            context.logger.info("link created", metadata: ["app": "\(app.id)", "link": "\(created.link.id)"])
        }
        let body = LinkResponse(link: created.link, url: service.url(for: created.link, app: app), deduplicated: created.deduplicated)
        return try JSONResponse.make(body, status: created.deduplicated ? .ok : .created)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let query = try Self.query(from: request)
        let page = try await storage.listLinks(appId: app.id, query: query)
        struct Page: Encodable {
            var data: [LinkResponse]
            var nextCursor: String?
        }
        return try JSONResponse.make(
            Page(
                data: page.links.map { LinkResponse(link: $0, url: service.url(for: $0, app: app)) },
                nextCursor: page.nextCursor.map(LinkCursorCoding.encode)
            ))
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let link = try await link(context, app: app)
        return try JSONResponse.make(LinkResponse(link: link, url: service.url(for: link, app: app)))
    }

    @Sendable func update(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let patch = try RequestDecoding.object(from: try await RequestDecoding.body(request))
        let current = try await link(context, app: app)
        let merged = try MergePatch.apply(
            patch, to: LinkResponse(link: current, url: service.url(for: current, app: app)), readOnly: LinkResponse.readOnlyKeys
        )
        var input = try RequestDecoding.decode(LinkInput.self, from: merged)
        // The merged document always carries the current state, so a missing one was removed by a null.
        input.safety = input.safety ?? .allow
        let updated = try await service.update(current, with: input, app: app)
        return try JSONResponse.make(LinkResponse(link: updated, url: service.url(for: updated, app: app)))
    }

    @Sendable func delete(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authenticator.requireSecretKey(request)
        let linkId = try context.parameters.require("linkId")
        guard try await storage.deleteLink(id: linkId, appId: app.id) else { throw Self.linkNotFound }
        return JSONResponse.noContent()
    }

    private func link(_ context: LandfallRequestContext, app: AppRecord) async throws -> LinkRecord {
        let linkId = try context.parameters.require("linkId")
        // Scoped by app: another app's link id answers exactly like an unknown one.
        guard let link = try await storage.link(id: linkId, appId: app.id) else { throw Self.linkNotFound }
        return link
    }

    static let linkNotFound = APIError.notFound("link_not_found", "no link with that id")

    static func query(from request: Request) throws -> LinkQuery {
        let parameters = request.uri.queryParameters
        var query = LinkQuery()
        if let limitText = parameters.get("limit") {
            guard let limit = Int(limitText), (1...200).contains(limit) else {
                throw APIError.validation("limit", "must be an integer from 1 to 200")
            }
            query.limit = limit
        }
        if let cursor = parameters.get("cursor") {
            guard let decoded = LinkCursorCoding.decode(cursor) else {
                throw APIError.validation("cursor", "is not a cursor this server issued")
            }
            query.after = decoded
        }
        query.externalUserId = parameters.get("externalUserId")
        query.templateId = parameters.get("templateId")
        if let active = parameters.get("isActive") {
            guard let value = Bool(active) else { throw APIError.validation("isActive", "must be true or false") }
            query.isActive = value
        }
        return query
    }
}

/// Opaque paging cursors: base64url of "millis:id".
enum LinkCursorCoding {
    static func encode(_ cursor: LinkCursor) -> String {
        Data("\(cursor.createdAt.epochMilliseconds):\(cursor.id)".utf8).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: String) -> LinkCursor? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64.append("=") }
        guard let data = Data(base64Encoded: base64), let plain = String(data: data, encoding: .utf8) else { return nil }
        let parts = plain.split(separator: ":", maxSplits: 1)
        guard parts.count == 2, let millis = Int64(parts[0]) else { return nil }
        return LinkCursor(createdAt: Date(epochMilliseconds: millis), id: String(parts[1]))
    }
}
