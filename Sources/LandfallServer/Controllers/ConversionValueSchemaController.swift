import Foundation
import Hummingbird
import LandfallStore
import Logging

/// `/api/apps/:appId/skan-schema` and `/api/apps/:appId/skan-dev-key`: an app's SKAdNetwork
/// conversion schema and the dev key that signs its conversion-value requests, with the admin
/// token or the app's own secret key.
struct ConversionValueSchemaController: Sendable {
    let storage: any LandfallStorage
    let authenticator: Authenticator
    let service: ConversionValueService

    func register(on router: Router<LandfallRequestContext>) {
        let app = router.group("api/apps/:appId")
        app.get("skan-schema", use: showSchema)
        app.put("skan-schema", use: putSchema)
        app.delete("skan-schema", use: deleteSchema)
        app.get("skan-dev-key", use: showDevKey)
        app.post("skan-dev-key", use: rotateDevKey)
    }

    @Sendable func showSchema(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authorize(request, context)
        guard let schema = try await service.schema(appId: app.id) else { throw Self.schemaMissing }
        return try JSONResponse.make(schema)
    }

    @Sendable func putSchema(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authorize(request, context)
        let schema = try await service.setSchema(json: try await RequestDecoding.body(request), appId: app.id)
        context.logger.info("conversion schema set", metadata: ["appId": "\(app.id)"])
        return try JSONResponse.make(schema)
    }

    @Sendable func deleteSchema(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authorize(request, context)
        guard try await service.deleteSchema(appId: app.id) else { throw Self.schemaMissing }
        return JSONResponse.noContent()
    }

    @Sendable func showDevKey(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authorize(request, context)
        guard let key = try await storage.conversionDevKey(appId: app.id) else {
            throw APIError.notFound("dev_key_missing", "the app has no dev key; create one with POST /api/apps/:appId/skan-dev-key")
        }
        return try JSONResponse.make(DevKeyResponse(appId: app.id, prefix: String(key.devKey.prefix(10)), createdAt: key.createdAt))
    }

    @Sendable func rotateDevKey(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let app = try await authorize(request, context)
        let key = try await service.rotateDevKey(appId: app.id)
        context.logger.info("conversion dev key issued", metadata: ["appId": "\(app.id)"])
        return try JSONResponse.make(
            DevKeyResponse(appId: app.id, prefix: String(key.devKey.prefix(10)), createdAt: key.createdAt, devKey: key.devKey),
            status: .created
        )
    }

    /// The admin token may manage any app; a secret key only its own.
    private func authorize(_ request: Request, _ context: LandfallRequestContext) async throws -> AppRecord {
        let appId = try context.parameters.require("appId")
        if (try? authenticator.requireAdmin(request)) != nil {
            guard let app = try await storage.app(id: appId) else { throw AppsController.appNotFound }
            return app
        }
        let app = try await authenticator.requireSecretKey(request)
        guard app.id == appId else { throw APIError.forbidden("this key belongs to another app") }
        return app
    }

    static let schemaMissing = APIError.notFound("conversion_schema_missing", "the app has no conversion schema")
}

/// A dev key as the API shows it: the key itself only in the answer that issued it.
struct DevKeyResponse: Encodable, Sendable {
    var appId: String
    var prefix: String
    var createdAt: Date
    var devKey: String?
}
