import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
import Testing

@Suite("Apps API: /api/apps")
struct AppsRouteTests {
    @Test func createAppAnswers201WithEveryFieldNormalised() async throws {
        try await TestServer.run { server in
            let response = try await server.admin(
                .post, "/api/apps",
                body: .json(
                    #"""
                    {
                        "name": "  Acme Shop  ",
                        "slug": "Acme",
                        "domains": ["Go.Acme.Test", "go.acme.test", "links.acme.test"],
                        "iosTeamId": "abcde12345",
                        "iosBundleIds": ["com.acme.shop"],
                        "iosAppStoreUrl": "https://apps.apple.com/app/id123456789",
                        "iosAppStoreId": "id123456789",
                        "androidPackageName": "com.acme.shop",
                        "androidSha256CertFingerprints": ["14 6d e9 83 c5 73 06 50 d8 ee b9 95 2f 34 fc 64 16 a0 83 42 e6 1d be a8 8a 04 96 b2 3f cf 44 e5"],
                        "androidPlayStoreUrl": "https://play.google.com/store/apps/details?id=com.acme.shop",
                        "uriScheme": "AcmeShop://",
                        "webFallbackUrl": "https://acme.test/shop",
                        "attributionWindowHours": 24
                    }
                    """#))
            #expect(response.status == .created)
            #expect(response.headers[.contentType]?.hasPrefix("application/json") == true)
            let app = try response.decode(AppJSON.self)
            #expect(app.name == "Acme Shop")
            #expect(app.slug == "acme")
            #expect(app.domains == ["go.acme.test", "links.acme.test"])
            #expect(app.iosTeamId == "ABCDE12345")
            #expect(app.iosBundleIds == ["com.acme.shop"])
            #expect(app.iosAppStoreId == "123456789")
            #expect(app.androidPackageName == "com.acme.shop")
            #expect(
                app.androidSha256CertFingerprints == [
                    "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
                ])
            #expect(app.uriScheme == "acmeshop")
            #expect(app.webFallbackUrl == "https://acme.test/shop")
            #expect(app.attributionWindowHours == 24)
            #expect(app.createdAt == TestServer.startDate)
            #expect(app.updatedAt == TestServer.startDate)
        }
    }

    @Test func createAppDerivesTheSlugFromTheNameAndDefaultsTheRest() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp(#"{"name": "My Cool App!"}"#)
            #expect(app.slug == "my-cool-app")
            #expect(app.domains.isEmpty)
            #expect(app.iosBundleIds.isEmpty)
            #expect(app.androidSha256CertFingerprints.isEmpty)
            #expect(app.webFallbackUrl == nil)
            #expect(app.attributionWindowHours == 168)
        }
    }

    @Test func listAppsShowsEveryAppOldestFirst() async throws {
        try await TestServer.run { server in
            let first = try await server.createApp(#"{"name": "First"}"#)
            server.clock.advance(by: 1)
            let second = try await server.createApp(#"{"name": "Second"}"#)
            let response = try await server.admin(.get, "/api/apps")
            #expect(response.status == .ok)
            let page = try response.decode(PageJSON<AppJSON>.self)
            #expect(page.data.map(\.id) == [first.id, second.id])
        }
    }

    @Test func getAppShowsTheApp() async throws {
        try await TestServer.run { server in
            let created = try await server.createApp(#"{"name": "Acme", "domains": ["go.acme.test"]}"#)
            let response = try await server.admin(.get, "/api/apps/\(created.id)")
            #expect(response.status == .ok)
            let app = try response.decode(AppJSON.self)
            #expect(app.id == created.id)
            #expect(app.name == "Acme")
            #expect(app.domains == ["go.acme.test"])
        }
    }

    @Test func patchAppChangesOnlyTheFieldsItNames() async throws {
        try await TestServer.run { server in
            let created = try await server.createApp(
                #"{"name": "Acme", "domains": ["go.acme.test"], "uriScheme": "acme", "attributionWindowHours": 48}"#
            )
            server.clock.advance(by: 60)
            let response = try await server.admin(.patch, "/api/apps/\(created.id)", body: .json(#"{"name": "Acme Two"}"#))
            #expect(response.status == .ok)
            let app = try response.decode(AppJSON.self)
            #expect(app.name == "Acme Two")
            #expect(app.slug == "acme")
            #expect(app.domains == ["go.acme.test"])
            #expect(app.uriScheme == "acme")
            #expect(app.attributionWindowHours == 48)
            #expect(app.createdAt == created.createdAt)
            #expect(app.updatedAt == TestServer.startDate.addingTimeInterval(60))
            let stored = try await server.admin(.get, "/api/apps/\(created.id)").decode(AppJSON.self)
            #expect(stored.name == "Acme Two")
        }
    }

    @Test func patchAppNullClearsAField() async throws {
        try await TestServer.run { server in
            let created = try await server.createApp(
                #"""
                {"name": "Acme", "domains": ["go.acme.test"], "webFallbackUrl": "https://acme.test", "uriScheme": "acme",
                 "attributionWindowHours": 48}
                """#
            )
            let response = try await server.admin(
                .patch, "/api/apps/\(created.id)",
                body: .json(#"{"webFallbackUrl": null, "attributionWindowHours": null, "domains": null}"#)
            )
            #expect(response.status == .ok)
            let body = try response.jsonObject()
            #expect(body["webFallbackUrl"] == nil)
            let app = try response.decode(AppJSON.self)
            #expect(app.webFallbackUrl == nil)
            #expect(app.attributionWindowHours == 168)
            #expect(app.domains.isEmpty)
            #expect(app.uriScheme == "acme")
        }
    }

    @Test func patchAppReplacesArraysWhole() async throws {
        try await TestServer.run { server in
            let created = try await server.createApp(#"{"name": "Acme", "domains": ["a.acme.test", "b.acme.test"]}"#)
            let response = try await server.admin(.patch, "/api/apps/\(created.id)", body: .json(#"{"domains": ["c.acme.test"]}"#))
            #expect(response.status == .ok)
            #expect(try response.decode(AppJSON.self).domains == ["c.acme.test"])
        }
    }

    @Test func patchAppAcceptsTheUnchangedIdAndCreatedAt() async throws {
        try await TestServer.run { server in
            let created = try await server.createApp()
            let createdAt = LandfallJSON.formatTimestamp(created.createdAt)
            let response = try await server.admin(
                .patch, "/api/apps/\(created.id)",
                body: .json(#"{"id": "\#(created.id)", "createdAt": "\#(createdAt)", "name": "Renamed"}"#)
            )
            #expect(response.status == .ok)
            #expect(try response.decode(AppJSON.self).name == "Renamed")
        }
    }

    @Test func patchAppCannotChangeTheId() async throws {
        try await TestServer.run { server in
            let created = try await server.createApp()
            let response = try await server.admin(.patch, "/api/apps/\(created.id)", body: .json(#"{"id": "another-id"}"#))
            expectAPIError(response, .badRequest, code: "invalid_field")
            #expect(try await server.admin(.get, "/api/apps/\(created.id)").status == .ok)
        }
    }

    @Test func patchAppCannotChangeCreatedAt() async throws {
        try await TestServer.run { server in
            let created = try await server.createApp()
            let response = try await server.admin(
                .patch, "/api/apps/\(created.id)", body: .json(#"{"createdAt": "2020-01-01T00:00:00Z"}"#)
            )
            expectAPIError(response, .badRequest, code: "invalid_field")
            let stored = try await server.admin(.get, "/api/apps/\(created.id)").decode(AppJSON.self)
            #expect(stored.createdAt == created.createdAt)
        }
    }

    @Test func deleteAppAnswers204ThenGetAnswers404() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let deleted = try await server.admin(.delete, "/api/apps/\(app.id)")
            #expect(deleted.status == .noContent)
            expectAPIError(try await server.admin(.get, "/api/apps/\(app.id)"), .notFound, code: "app_not_found")
            expectAPIError(try await server.admin(.delete, "/api/apps/\(app.id)"), .notFound, code: "app_not_found")
        }
    }

    @Test func deleteAppRemovesItsKeysAndLinks() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let link = try await server.createLink(key: tenant.secretKey)
            #expect(try await server.admin(.delete, "/api/apps/\(tenant.app.id)").status == .noContent)
            expectAPIError(
                try await server.send(.get, "/api/links/\(link.id)", token: tenant.secretKey), .unauthorized, code: "unauthorized"
            )
            #expect(try await server.storage.link(id: link.id, appId: tenant.app.id) == nil)
        }
    }

    @Test func deletedAppFreesItsSlugAndDomains() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp(#"{"name": "Acme", "domains": ["go.acme.test"]}"#)
            #expect(try await server.admin(.delete, "/api/apps/\(app.id)").status == .noContent)
            let again = try await server.createApp(#"{"name": "Acme", "domains": ["go.acme.test"]}"#)
            #expect(again.slug == "acme")
            #expect(again.id != app.id)
        }
    }

    @Test func createAppWithATakenSlugAnswers409() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(#"{"name": "Acme"}"#)
            let response = try await server.admin(.post, "/api/apps", body: .json(#"{"name": "Acme Again", "slug": "acme"}"#))
            expectAPIError(response, .conflict, code: "conflict")
        }
    }

    @Test func createAppWithADomainOfAnotherAppAnswers409() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(#"{"name": "Acme", "domains": ["go.acme.test"]}"#)
            let response = try await server.admin(
                .post, "/api/apps", body: .json(#"{"name": "Other", "domains": ["GO.acme.test"]}"#)
            )
            expectAPIError(response, .conflict, code: "conflict")
            // The failed create left nothing behind.
            let apps = try await server.admin(.get, "/api/apps").decode(PageJSON<AppJSON>.self)
            #expect(apps.data.map(\.name) == ["Acme"])
        }
    }

    @Test func patchAppOntoAnotherAppsDomainAnswers409AndKeepsItsOwn() async throws {
        try await TestServer.run { server in
            _ = try await server.createApp(#"{"name": "Acme", "domains": ["go.acme.test"]}"#)
            let other = try await server.createApp(#"{"name": "Other", "domains": ["go.other.test"]}"#)
            let response = try await server.admin(
                .patch, "/api/apps/\(other.id)", body: .json(#"{"domains": ["go.acme.test"]}"#)
            )
            expectAPIError(response, .conflict, code: "conflict")
            let stored = try await server.admin(.get, "/api/apps/\(other.id)").decode(AppJSON.self)
            #expect(stored.domains == ["go.other.test"])
        }
    }

    @Test func unknownAppIdAnswers404ForEveryAppRoute() async throws {
        try await TestServer.run { server in
            expectAPIError(try await server.admin(.get, "/api/apps/no-such-app"), .notFound, code: "app_not_found")
            expectAPIError(
                try await server.admin(.patch, "/api/apps/no-such-app", body: .json(#"{"name": "X"}"#)), .notFound, code: "app_not_found"
            )
            expectAPIError(try await server.admin(.delete, "/api/apps/no-such-app"), .notFound, code: "app_not_found")
        }
    }

    @Test func appRoutesAnswer401WithoutTheAdminToken() async throws {
        try await TestServer.run { server in
            let app = try await server.createApp()
            let requests: [(HTTPRequest.Method, String, TestBody?)] = [
                (.post, "/api/apps", .json(#"{"name": "Sneaky"}"#)),
                (.get, "/api/apps", nil),
                (.get, "/api/apps/\(app.id)", nil),
                (.patch, "/api/apps/\(app.id)", .json(#"{"name": "Sneaky"}"#)),
                (.delete, "/api/apps/\(app.id)", nil),
            ]
            for (method, path, body) in requests {
                let missing = try await server.send(method, path, body: body)
                expectAPIError(missing, .unauthorized, code: "unauthorized")
                #expect(missing.headers[.wwwAuthenticate] == "Bearer")
                let wrong = try await server.send(method, path, token: "lf_admin_wrong", body: body)
                expectAPIError(wrong, .unauthorized, code: "unauthorized")
            }
            let stored = try await server.admin(.get, "/api/apps/\(app.id)").decode(AppJSON.self)
            #expect(stored.name == "Acme")
        }
    }

    @Test func adminTokenIsAcceptedWithALowercaseBearerScheme() async throws {
        try await TestServer.run { server in
            let response = try await server.send(
                .get, "/api/apps", headers: [.authorization: "bearer \(TestServer.adminToken)"]
            )
            #expect(response.status == .ok)
        }
    }

    @Test func adminTokenMustBeABearerCredential() async throws {
        try await TestServer.run { server in
            let response = try await server.send(.get, "/api/apps", headers: [.authorization: TestServer.adminToken])
            expectAPIError(response, .unauthorized, code: "unauthorized")
        }
    }
}
