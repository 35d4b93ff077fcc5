import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

@Suite("Branch API: bad input and credentials")
struct BranchBadInputTests {
    static func without(_ field: String) -> String {
        BranchSetup.iOSExample().split(separator: "\n").filter { !$0.contains("\"\(field)\"") }.joined(separator: "\n")
    }

    @Test(arguments: ["branch_key", "branch_secret", "server_to_server", "app_version", "os", "os_version", "user_agent"])
    func aMissingRequiredFieldIsA400NamingIt(_ field: String) async throws {
        try await BranchSetup.run { setup in
            let response = try await setup.open(Self.without(field))
            expectBranchError(response, .badRequest, mentioning: field)
        }
    }

    @Test(arguments: [
        (#""os": "iOS""#, #""os": "Windows""#, "os"),
        (#""os_version": "10.0""#, #""os_version": " ""#, "os_version"),
        (#""os_version": "10.0""#, #""os_version": true"#, "os_version"),
        (#""server_to_server": true"#, #""server_to_server": false"#, "server_to_server"),
        (#""screen_width": 1242"#, #""screen_width": "wide""#, "screen_width"),
        (#""screen_width": 1242"#, #""screen_width": -3"#, "screen_width"),
        (#""hardware_id_type": "idfa""#, #""hardware_id_type": "imei""#, "hardware_id_type"),
    ])
    func aMistypedFieldIsA400NamingIt(_ original: String, _ replacement: String, _ field: String) async throws {
        try await BranchSetup.run { setup in
            let body = BranchSetup.iOSExample().replacingOccurrences(of: original, with: replacement)
            expectBranchError(try await setup.open(body), .badRequest, mentioning: field)
        }
    }

    @Test func malformedJSONAndEmptyBodiesAre400s() async throws {
        try await BranchSetup.run { setup in
            expectBranchError(try await setup.open("{\"branch_key\": "), .badRequest)
            expectBranchError(try await setup.open(""), .badRequest)
            expectBranchError(try await setup.open("[1, 2]"), .badRequest)
        }
    }

    @Test func aWrongSecretIsRefusedAndTheSecretCannotBeTheBranchKey() async throws {
        try await BranchSetup.run { setup in
            let wrong = BranchSetup.iOSExample(secret: "secret_live_not_the_right_one")
            expectBranchError(try await setup.open(wrong), .unauthorized)
            let swapped = BranchSetup.iOSExample(key: BranchSetup.branchSecret, secret: BranchSetup.branchSecret)
            expectBranchError(try await setup.open(swapped), .unauthorized, mentioning: "branch_key")
            // Another app's secret does not unlock this app.
            let other = try await setup.server.createTenant(#"{"name": "Other"}"#)
            expectBranchError(try await setup.open(BranchSetup.iOSExample(secret: other.secretKey)), .unauthorized)
        }
    }

    @Test func anXIPOverrideThatIsNoAddressIsA400() async throws {
        try await BranchSetup.run { setup in
            expectBranchError(
                try await setup.open(BranchSetup.iOSExample(), ip: "my-phone.local"), .badRequest, mentioning: "X-IP-Override")
        }
    }

    @Test func importingBranchKeysNeedsTheAdminTokenAndRefusesDuplicates() async throws {
        try await BranchSetup.run { setup in
            let path = "/api/apps/\(setup.tenant.app.id)/branch-keys"
            let body = TestBody.json(#"{"branch_key": "\#(BranchSetup.branchKey)"}"#)
            expectAPIError(
                try await setup.server.send(.post, path, token: setup.tenant.secretKey, body: body), .unauthorized, code: "unauthorized")
            expectAPIError(try await setup.server.admin(.post, path, body: body), .conflict, code: "key_exists")
            expectAPIError(
                try await setup.server.admin(.post, path, body: .json(#"{"branch_key": "short"}"#)), .badRequest, code: "invalid_field")
            expectAPIError(try await setup.server.admin(.post, path, body: .json("{}")), .badRequest, code: "invalid_field")
            expectAPIError(try await setup.server.admin(.post, "/api/apps/nope/branch-keys", body: body), .notFound, code: "app_not_found")
            let listed = try await setup.server.admin(.get, "/api/apps/\(setup.tenant.app.id)/keys")
            #expect(listed.text.contains("key_live_hkD"))
            #expect(!listed.text.contains(BranchSetup.branchKey))
        }
    }

    @Test func anImportedBranchSecretAlsoManagesTheAppsLinks() async throws {
        try await BranchSetup.run { setup in
            let response = try await setup.server.send(.get, "/api/links", token: BranchSetup.branchSecret)
            #expect(response.status == .ok)
        }
    }
}
