import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallServer
import LandfallStore
import Testing

/// Issue 35: AppsFlyer's SDK-less client sends the IDFV as `uid`
/// (`requestConversionValueWithDevKey:appID:`), so the deviceId an install reported names it too.
@Suite("SKAN conversion value: uid as the install's reported deviceId")
struct ConversionValueDeviceIdTests {
    static let idfv = "8F0E1F2A-3B4C-4D5E-8F60-718293A4B5C6"

    static func install(_ server: TestServer, key: String, deviceId: String) async throws -> String {
        let body = AttributionFlowTests.Phone(address: "198.51.100.7").installBody(extra: #", "deviceId": "\#(deviceId)""#)
        let response = try await server.send(.post, "/api/sdk/v1/install", token: key, body: .json(body))
        guard response.status == .ok || response.status == .created else { throw TestServerError(unexpected: response) }
        return try response.decode(InstallResponse.self).installId
    }

    @Test func theReportedDeviceIdAnswersLikeTheInstallId() async throws {
        try await ConversionValueRouteTests.withSetup { server, setup in
            let installId = try await Self.install(server, key: setup.publishable, deviceId: Self.idfv)
            try await ConversionValueRouteTests.event(server, setup, installId, "signup")
            let byId = try await server.send(.get, setup.now(server, uid: installId).path)
            server.clock.advance(by: 1)
            let byDevice = try await server.send(.get, setup.now(server, uid: Self.idfv).path)
            #expect(byId.status == .ok, "\(byId.text)")
            #expect(byDevice.status == .ok, "\(byDevice.text)")
            #expect(try byDevice.jsonObject()["value"] as? Int == 4)
            #expect(try byDevice.jsonObject()["value"] as? Int == (try byId.jsonObject()["value"] as? Int))
            // Lower case, as some clients format the IDFV, names the same install.
            server.clock.advance(by: 1)
            #expect(try await server.send(.get, setup.now(server, uid: Self.idfv.lowercased()).path).status == .ok)
        }
    }

    @Test func anotherAppsDeviceIdIsNotFound() async throws {
        try await ConversionValueRouteTests.withSetup { server, setup in
            let other = try await server.createTenant(#"{"name": "Other", "iosAppStoreId": "987654321"}"#)
            let otherKey = try await server.createKey(appId: other.app.id, kind: .publishable).token
            _ = try await Self.install(server, key: otherKey, deviceId: Self.idfv)
            expectAPIError(try await server.send(.get, setup.now(server, uid: Self.idfv).path), .notFound, code: "uid_not_found")
        }
    }
}
