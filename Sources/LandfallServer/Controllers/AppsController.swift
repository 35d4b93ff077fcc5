import Foundation
import Hummingbird
import LandfallStore
import Logging

/// `/api/apps` and `/api/apps/:id/keys`: tenant management, admin token only.
struct AppsController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let service: AppService

    func register(on router: Router<LandfallRequestContext>) {
        let apps = router.group("api/apps")
        apps.post(use: create)
        apps.get(use: list)
        apps.get(":appId", use: show)
        apps.patch(":appId", use: update)
        apps.delete(":appId", use: delete)
        apps.post(":appId/keys", use: createKey)
        apps.get(":appId/keys", use: listKeys)
        apps.delete(":appId/keys/:keyId", use: revokeKey)
    }

    @Sendable func create(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let input = try await RequestDecoding.decode(AppInput.self, from: request)
        let app = try await service.create(input)
        context.logger.info("app created", metadata: ["app": "\(app.id)"])
        return try JSONResponse.make(AppResponse(app), status: .created)
    }

    @Sendable func list(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        return try JSONResponse.make(["data": try await storage.listApps().map(AppResponse.init)])
    }

    @Sendable func show(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        return try JSONResponse.make(AppResponse(try await app(context)))
    }

    @Sendable func update(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let patch = try RequestDecoding.object(from: try await RequestDecoding.body(request))
        let current = try await app(context)
        let merged = try MergePatch.apply(patch, to: AppResponse(current), readOnly: AppResponse.readOnlyKeys)
        let input = try RequestDecoding.decode(AppInput.self, from: merged)
        return try JSONResponse.make(AppResponse(try await service.update(current, with: input)))
    }

    @Sendable func delete(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let appId = try context.parameters.require("appId")
        guard try await storage.deleteApp(id: appId) else { throw Self.appNotFound }
        context.logger.info("app deleted", metadata: ["app": "\(appId)"])
        return JSONResponse.noContent()
    }

    @Sendable func createKey(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let app = try await app(context)
        let data = try await RequestDecoding.body(request)
        let input = data.isEmpty ? KeyInput() : try RequestDecoding.decode(KeyInput.self, from: data)
        let created = try await service.createKey(appId: app.id, input: input)
        context.logger.info(
            "key created", metadata: ["app": "\(app.id)", "key": "\(created.record.id)", "kind": "\(created.record.kind.rawValue)"])
        return try JSONResponse.make(KeyResponse(created.record, key: created.key), status: .created)
    }

    @Sendable func listKeys(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let app = try await app(context)
        return try JSONResponse.make(["data": try await storage.keys(appId: app.id).map { KeyResponse($0) }])
    }

    @Sendable func revokeKey(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        try authenticator.requireAdmin(request)
        let app = try await app(context)
        let keyId = try context.parameters.require("keyId")
        try await service.revokeKey(id: keyId, appId: app.id)
        context.logger.info("key revoked", metadata: ["app": "\(app.id)", "key": "\(keyId)"])
        return JSONResponse.noContent()
    }

    private func app(_ context: LandfallRequestContext) async throws -> AppRecord {
        let appId = try context.parameters.require("appId")
        guard let app = try await storage.app(id: appId) else { throw Self.appNotFound }
        return app
    }

    static let appNotFound = APIError.notFound("app_not_found", "no app with that id")
}
