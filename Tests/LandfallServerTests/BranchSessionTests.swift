import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallServer
import LandfallStore
import Testing

@Suite("Branch /v1/open: matching, identity and privacy")
struct BranchSessionTests {
    @Test func aUniversalLinkToALandfallShortLinkIsAGuaranteedMatchWithoutAClick() async throws {
        try await BranchSetup.run { setup in
            let answer = try await setup.openAnswer(
                BranchSetup.openBody(
                    extra: #", "first_session": false, "universal_link_url": "https://go.mealtime.test/pasta?utm_medium=test""#)
            )
            #expect(answer.clicked == true)
            #expect(answer.guaranteed == true)
            #expect(answer.data["~id"] as? String == setup.link.id)
            #expect(answer.data["+non_branch_link"] == nil)
        }
    }

    @Test func anAndroidAppLinkCarryingTheClickTokenIsAGuaranteedMatch() async throws {
        try await BranchSetup.run { setup in
            let token = try await setup.click()
            let answer = try await setup.openAnswer(
                BranchSetup.openBody(
                    extra: #", "first_session": false, "android_app_link_url": "https://go.mealtime.test/pasta?lf_click=\#(token)""#)
            )
            #expect(answer.guaranteed == true)
            #expect(answer.data["+click_timestamp"] as? Int == Int(TestServer.startDate.timeIntervalSince1970))
        }
    }

    @Test func aClipboardLocalURLWithTheClickTokenIsADeterministicHint() async throws {
        try await BranchSetup.run { setup in
            let token = try await setup.click()
            setup.server.clock.advance(by: 300)
            let answer = try await setup.openAnswer(
                BranchSetup.openBody(extra: #", "first_session": true, "local_url": "https://go.mealtime.test/pasta?lf_click=\#(token)""#)
            )
            #expect(answer.clicked == true)
            #expect(answer.guaranteed == true)
            #expect(answer.firstSession == true)
        }
    }

    @Test func anotherSitesUniversalLinkIsReportedAsANonBranchLink() async throws {
        try await BranchSetup.run { setup in
            let answer = try await setup.openAnswer(
                BranchSetup.openBody(extra: #", "first_session": false, "universal_link_url": "https://branch.io/""#)
            )
            #expect(answer.clicked == false)
            #expect(answer.data["+non_branch_link"] as? String == "https://branch.io/")
            #expect(answer.object["link"] == nil)
        }
    }

    @Test func anotherAppsClickTokenMatchesNothing() async throws {
        try await BranchSetup.run { setup in
            let other = try await setup.server.createTenant(
                #"{"name": "Other", "domains": ["go.other.test"], "uriScheme": "other", "iosAppStoreUrl": "https://apps.apple.com/app/id42"}"#
            )
            _ = try await setup.server.createLink(
                key: other.secretKey, body: #"{"originalUrl": "https://other.test/x", "customCode": "x1x"}"#)
            let page = try await setup.server.send(.get, "/x1x", host: "go.other.test", headers: [.userAgent: RealUserAgents.iPhoneSafari])
            let token = try #require(page.text.firstMatch(of: /"token":"([A-Za-z0-9]{22})"/)?.1).description
            let answer = try await setup.openAnswer(
                BranchSetup.openBody(extra: #", "first_session": false, "link_identifier": "\#(token)""#))
            #expect(answer.clicked == false)
        }
    }

    @Test func aNewInstallFromTheClickingPhoneIsMatchedProbabilistically() async throws {
        try await BranchSetup.run { setup in
            let token = try await setup.click(ip: "198.51.100.23")
            let beacon = try await setup.server.send(
                .post, "/api/v1/beacon", host: "go.mealtime.test",
                body: .raw(
                    #"{"t":"\#(token)","sw":1179,"sh":2556,"tz":"America/Chicago","lang":"en-US","touch":5}"#, contentType: "text/plain")
            )
            #expect(beacon.status == .noContent)
            setup.server.clock.advance(by: 15 * 60)
            try await setup.server.landfall.statistics.catchUp()
            let answer = try await setup.openAnswer(
                BranchSetup.openBody(userAgent: RealUserAgents.iPhoneSafari, extra: #", "first_session": true"#), ip: "198.51.100.23"
            )
            #expect(answer.clicked == true)
            #expect(answer.guaranteed == false)
            #expect(answer.data["~id"] as? String == setup.link.id)
        }
    }

    @Test func serverToServerIdentityRoundTripsTheBundleTokenAndIdentity() async throws {
        try await BranchSetup.run { setup in
            let first = try await setup.openAnswer(
                BranchSetup.openBody(extra: #", "first_session": true, "server_to_server_identity": true, "identity": "U1923847128356""#)
            )
            let bundle = try #require(first.object["randomized_bundle_token"] as? String)
            #expect(first.object["identity"] as? String == "U1923847128356")
            setup.server.clock.advance(by: 600)
            // No hardware id this time: the bundle token alone names the device, and the identity comes back.
            let body = BranchSetup.openBody(
                hardwareId: "00000000-0000-0000-0000-000000000000",
                extra: """
                    , "first_session": false, "server_to_server_identity": true, "randomized_bundle_token": "\(bundle)"
                    """)
            let second = try await setup.openAnswer(body)
            #expect(second.object["randomized_bundle_token"] as? String == bundle)
            #expect(second.object["identity"] as? String == "U1923847128356")
            #expect(second.deviceToken == first.deviceToken)
            #expect(second.firstSession == false)
        }
    }

    @Test func trackingDisabledAnswersWithTheLinkButStoresNothing() async throws {
        try await BranchSetup.run { setup in
            let token = try await setup.click()
            let answer = try await setup.openAnswer(
                BranchSetup.openBody(extra: #", "first_session": true, "tracking_disabled": true, "link_identifier": "\#(token)""#)
            )
            #expect(answer.guaranteed == true)
            #expect(answer.data["~id"] as? String == setup.link.id)
            let storage = setup.server.storage
            #expect(try await storage.branchDevice(appId: setup.tenant.app.id, keys: ["hw:d5b89252-fcf8-4065-88fc-b70f49186988"]) == nil)
            // The click was not consumed: a later tracked install still claims it.
            #expect(try await storage.click(token: token, appId: setup.tenant.app.id) != nil)
            let analytics = try await storage.analytics(
                appId: setup.tenant.app.id, linkId: nil, from: TestServer.startDate.addingTimeInterval(-60),
                to: TestServer.startDate.addingTimeInterval(3600)
            )
            #expect(analytics.installsByMethod.isEmpty)
        }
    }

    @Test func xIPOverrideIsTheDevicesAddressForMatching() async throws {
        try await BranchSetup.run { setup in
            _ = try await setup.openAnswer(BranchSetup.openBody(extra: #", "first_session": true"#), ip: "2001:db8::7")
            let device = try #require(
                try await setup.server.storage.branchDevice(appId: setup.tenant.app.id, keys: ["hw:d5b89252-fcf8-4065-88fc-b70f49186988"]))
            let install = try #require(try await setup.server.storage.install(id: device.installId ?? "", appId: setup.tenant.app.id))
            #expect(install.fingerprint.ipAddress == "2001:db8::7")
        }
    }
}

@Suite("Branch /v1/open: device ids")
struct BranchDeviceIdTests {
    @Test func anIOSHardwareIdThatIsTheVendorIdMatchesALaterIosVendorId() async throws {
        try await BranchSetup.run { setup in
            let vendor = "0C381C08-B808-4C25-BE51-B00BC165B5F8"
            let first = try await setup.openAnswer(
                BranchSetup.openBody(hardwareId: vendor, extra: #", "first_session": true"#).replacingOccurrences(
                    of: #""idfa""#, with: #""vendor_id""#)
            )
            setup.server.clock.advance(by: 86_400)
            let body = BranchSetup.openBody(
                hardwareId: "D5B89252-FCF8-4065-88FC-B70F49186988", extra: #", "first_session": true, "ios_vendor_id": "\#(vendor)""#)
            let again = try await setup.openAnswer(body)
            #expect(again.deviceToken == first.deviceToken)
            let sessions = try await setup.server.storage.branchSessions(deviceId: first.deviceToken ?? "", appId: setup.tenant.app.id)
            #expect(sessions.map(\.kind) == [.install, .reinstall])
        }
    }

    @Test func aDeviceKnownOnlyByItsBundleTokenIsStillLimitedWhenItRepeatsRapidly() async throws {
        try await BranchSetup.run { setup in
            let first = try await setup.openAnswer(BranchSetup.openBody(hardwareId: "", extra: #", "server_to_server_identity": true"#))
            let bundle = try #require(first.object["randomized_bundle_token"] as? String)
            let body = BranchSetup.openBody(
                hardwareId: "", extra: #", "server_to_server_identity": true, "randomized_bundle_token": "\#(bundle)""#)
            expectBranchError(try await setup.open(body, ip: "5.6.7.8"), .tooManyRequests)
        }
    }
}
