import Foundation
import HTTPTypes
import HummingbirdTesting
import LandfallModels
import LandfallStore
@testable import LandfallServer
import Testing

/// The settings page's live preview in headless Chromium: what the script draws as an owner types
/// is, character for character, what the server draws for the same settings once they are saved.
@Suite("Dashboard settings live preview in headless Chromium")
struct DashboardSettingsPreviewChromiumTests {
    static func text(_ page: DevToolsPage, _ id: String) async throws -> String {
        try await page.evaluate("document.getElementById('\(id)').textContent")
    }

    static func isHidden(_ page: DevToolsPage, _ id: String) async throws -> Bool {
        try await page.evaluate("String(document.getElementById('\(id)').hidden)") == "true"
    }

    @Test("typed settings preview the files the server serves once they are saved; a bad value says why")
    func previewAsYouType() async throws {
        try await DashboardBrowserWorld.run { world in
            let page = world.page
            try await page.setViewport(width: 1280, height: 900)
            try await world.signIn(.owner)
            let path = "/dashboard/apps/\(world.appId)/settings"
            try await page.navigate(world.base + path)
            #expect(try await Self.isHidden(page, "aasa-preview"))
            // Lowercase and without colons: the script normalises as the server does.
            try await page.type(into: "field-iosTeamId", "abcde12345")
            try await page.type(into: "field-iosBundleIds", "com.acme.app, com.acme.beta")
            try await page.type(into: "field-androidPackageName", "com.acme.android")
            try await page.type(into: "field-androidSha256CertFingerprints", String(repeating: "ab", count: 32))
            #expect(!(try await Self.isHidden(page, "aasa-preview")))
            #expect(!(try await Self.isHidden(page, "assetlinks-preview")))
            let typedAASA = try await Self.text(page, "aasa-preview")
            let typedLinks = try await Self.text(page, "assetlinks-preview")
            #expect(typedAASA.contains(#""ABCDE12345.com.acme.beta""#))
            #expect(typedLinks.contains(String(repeating: "AB:", count: 31) + "AB"))
            #expect(try await Self.text(page, "preview-state").contains("as typed"))
            try await world.screenshot("owner-settings-live-preview-1280")

            try await page.click("#save")
            #expect(try await page.evaluate("location.search") == "?saved=1")
            #expect(try await Self.text(page, "aasa-preview") == typedAASA)
            #expect(try await Self.text(page, "assetlinks-preview") == typedLinks)
            // And those are the files themselves, as the well-known routes send them.
            let app = try #require(try await world.world.server.storage.app(id: world.appId))
            let served = try #require(AppleAppSiteAssociation(settings: app.settings))
            let servedJSON = try JSONSerialization.jsonObject(with: LandfallJSON.makeEncoder().encode(served)) as? NSDictionary
            let previewJSON = try JSONSerialization.jsonObject(with: Data(typedAASA.utf8)) as? NSDictionary
            #expect(servedJSON != nil && servedJSON == previewJSON)

            try await page.type(into: "field-iosTeamId", "short")
            #expect(try await Self.isHidden(page, "aasa-preview"))
            #expect(
                try await Self.text(page, "aasa-missing") == "Not valid yet: iosTeamId: must be the 10-character Apple Team ID")
            try await page.type(into: "field-androidPackageName", "android")
            #expect(
                try await Self.text(page, "assetlinks-missing")
                    == "Not valid yet: androidPackageName: 'android' is not a reverse-DNS identifier such as com.example.app")
        }
    }
}
