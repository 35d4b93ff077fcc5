import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallServer
import LandfallStore
import Testing

/// Each role against each dashboard page and form post: what the server allows, not what the pages
/// show. A refused post answers 403 and changes nothing; another app is 404 whatever the role.
@Suite("Dashboard roles")
struct DashboardRoleTests {
    static func appPages(_ appId: String, linkId: String) -> [String] {
        let base = "/dashboard/apps/\(appId)"
        return [
            "\(base)/links", "\(base)/links/\(linkId)", "\(base)/links/\(linkId)/qr?format=svg", "\(base)/referrals",
            "\(base)/webhooks", "\(base)/attribution",
        ]
    }

    @Test("every role reads every page of its app; only an owner opens the members page", arguments: DashboardRole.allCases)
    func pagesOfTheApp(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            let link = try await world.server.createLink(key: world.tenant.secretKey)
            var browser = try await world.browser(role)
            #expect(try await browser.get("/dashboard").headers[.location] == "/dashboard/apps")
            for path in Self.appPages(world.tenant.app.id, linkId: link.id) {
                #expect(try await browser.get(path).status == .ok, "\(role) \(path)")
            }
            let members = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/members")
            #expect(members.status == (role == .owner ? .ok : .forbidden))
            #expect(try await browser.get("/dashboard/account").status == .ok)
        }
    }

    @Test("an account sees only the apps it is a member of: another app's pages are 404", arguments: DashboardRole.allCases)
    func otherAppsAreInvisible(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            let link = try await world.server.createLink(key: world.other.secretKey)
            var browser = try await world.browser(role)
            let apps = try await browser.get("/dashboard/apps")
            #expect(apps.text.contains("Acme") && !apps.text.contains("Other"))
            #expect(!apps.text.contains("create-app"))
            for path in Self.appPages(world.other.app.id, linkId: link.id) + ["/dashboard/apps/\(world.other.app.id)/members"] {
                #expect(try await browser.get(path).status == .notFound, "\(path)")
            }
            _ = try await browser.get("/dashboard/apps")
            let post = try await browser.post("/dashboard/apps/\(world.other.app.id)/links", ["originalUrl": "https://example.com/sneaky"])
            #expect(post.status == .notFound)
            #expect(try await world.server.storage.listLinks(appId: world.other.app.id, query: LinkQuery()).links.count == 1)
        }
    }

    @Test("creating a link: owners and editors may, a viewer's post is 403 and creates nothing", arguments: DashboardRole.allCases)
    func createLink(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/links"
            let page = try await browser.get(path)
            #expect(page.text.contains("id=\"create-link\"") == (role != .viewer))
            let response = try await browser.post(path, ["originalUrl": "https://example.com/new", "customCode": "fresh"])
            let links = try await world.server.storage.listLinks(appId: world.tenant.app.id, query: LinkQuery()).links
            if role == .viewer {
                #expect(response.status == .forbidden)
                #expect(links.isEmpty)
            } else {
                #expect(response.status == .seeOther)
                #expect(links.map(\.shortCode) == ["fresh"])
            }
        }
    }

    @Test("editing a link: owners and editors may, a viewer's post is 403 and changes nothing", arguments: DashboardRole.allCases)
    func editLink(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            let link = try await world.server.createLink(key: world.tenant.secretKey)
            var browser = try await world.browser(role)
            let path = "/dashboard/apps/\(world.tenant.app.id)/links/\(link.id)"
            #expect(try await browser.get(path).text.contains("id=\"edit-link\"") == (role != .viewer))
            let response = try await browser.post(
                path, ["originalUrl": "https://example.com/changed", "title": "Changed", "isActive": "true"])
            let stored = try #require(try await world.server.storage.link(id: link.id, appId: world.tenant.app.id))
            if role == .viewer {
                #expect(response.status == .forbidden)
                #expect(stored.content.originalUrl == "https://example.com/landing")
            } else {
                #expect(response.status == .seeOther)
                #expect(stored.content.originalUrl == "https://example.com/changed")
            }
        }
    }

    @Test("creating an app is the admin token's: every account's post is 403", arguments: DashboardRole.allCases)
    func createAppRefused(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            _ = try await browser.get("/dashboard/apps")
            #expect(try await browser.post("/dashboard/apps", ["name": "Sneaky"]).status == .forbidden)
            #expect(try await world.server.storage.listApps().count == 2)
        }
    }

    @Test("adding a member: an owner may (a new account's password shown once), others get 403", arguments: DashboardRole.allCases)
    func addMember(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            _ = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/links")
            let response = try await browser.post(
                "/dashboard/apps/\(world.tenant.app.id)/members", ["email": "New@Acme.test", "role": "editor"])
            let added = try await world.server.storage.dashboardUser(email: "new@acme.test")
            guard role == .owner else {
                #expect(response.status == .forbidden)
                #expect(added == nil)
                return
            }
            #expect(response.status == .ok)
            let user = try #require(added)
            #expect(try await world.server.storage.dashboardMemberships(userId: user.id).map(\.role) == [.editor])
            let password = try #require(response.text.firstMatch(of: /<p><code>([A-Za-z0-9]+)<\/code><\/p>/)?.1)
            #expect(!user.passwordHash.contains(String(password)))
            #expect(response.headers[.cacheControl] == "no-store")
            var newcomer = DashboardRouteTests.Browser(world.server)
            #expect(try await newcomer.signIn(email: "new@acme.test", password: String(password)).status == .seeOther)
            // The list shows it no more.
            #expect(!(try await browser.get("/dashboard/apps/\(world.tenant.app.id)/members").text.contains(String(password))))
        }
    }

    @Test("changing a role: an owner may, others get 403 and the role stays", arguments: DashboardRole.allCases)
    func changeRole(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            _ = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/links")
            let response = try await browser.post(
                "/dashboard/apps/\(world.tenant.app.id)/members/\(world.viewer.id)", ["role": "editor"])
            let stored = try await world.server.storage.dashboardMemberships(userId: world.viewer.id).map(\.role)
            if role == .owner {
                #expect(response.status == .seeOther)
                #expect(stored == [.editor])
            } else {
                #expect(response.status == .forbidden)
                #expect(stored == [.viewer])
            }
        }
    }

    @Test("removing a member: an owner may, others get 403 and the member stays", arguments: DashboardRole.allCases)
    func removeMember(_ role: DashboardRole) async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(role)
            _ = try await browser.get("/dashboard/apps/\(world.tenant.app.id)/links")
            let response = try await browser.post("/dashboard/apps/\(world.tenant.app.id)/members/\(world.editor.id)/remove", [:])
            let stored = try await world.server.storage.dashboardMemberships(userId: world.editor.id)
            if role == .owner {
                #expect(response.status == .seeOther)
                #expect(stored.isEmpty)
            } else {
                #expect(response.status == .forbidden)
                #expect(stored.map(\.role) == [.editor])
            }
        }
    }

    @Test("the last owner can be neither removed nor demoted")
    func lastOwnerStays() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.owner)
            let base = "/dashboard/apps/\(world.tenant.app.id)/members"
            _ = try await browser.get(base)
            #expect(try await browser.post("\(base)/\(world.owner.id)/remove", [:]).status == .conflict)
            #expect(try await browser.post("\(base)/\(world.owner.id)", ["role": "viewer"]).status == .conflict)
            #expect(try await world.server.storage.dashboardMemberships(userId: world.owner.id).map(\.role) == [.owner])
        }
    }

    @Test("a member removed through the API loses the app on the next request")
    func removedMemberLosesTheAppAtOnce() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.editor)
            let path = "/dashboard/apps/\(world.tenant.app.id)/links"
            #expect(try await browser.get(path).status == .ok)
            let removed = try await world.server.admin(.delete, "/api/dashboard/users/\(world.editor.id)/apps/\(world.tenant.app.id)")
            #expect(removed.status == .noContent)
            #expect(try await browser.get(path).status == .notFound)
            #expect(!(try await browser.get("/dashboard/apps").text.contains("Acme")))
            let post = try await browser.post(path, ["originalUrl": "https://example.com/late"])
            #expect(post.status == .notFound)
            #expect(try await world.server.storage.listLinks(appId: world.tenant.app.id, query: LinkQuery()).links.isEmpty)
        }
    }

    @Test("a deleted account's sessions stop working at once")
    func deletedUserIsSignedOut() async throws {
        try await AccountsWorld.run { world in
            var browser = try await world.browser(.viewer)
            #expect(try await browser.get("/dashboard/apps").status == .ok)
            #expect(try await world.server.admin(.delete, "/api/dashboard/users/\(world.viewer.id)").status == .noContent)
            #expect(try await browser.get("/dashboard/apps").headers[.location] == "/dashboard/login")
        }
    }

    @Test("an app's secret key signs in as an editor of that app: links yes, members no")
    func secretKeySessionIsAnEditor() async throws {
        try await AccountsWorld.run { world in
            var browser = DashboardRouteTests.Browser(world.server)
            _ = try await browser.signIn(world.tenant.secretKey)
            let base = "/dashboard/apps/\(world.tenant.app.id)"
            #expect(try await browser.get("\(base)/members").status == .forbidden)
            _ = try await browser.get("\(base)/links")
            #expect(try await browser.post("\(base)/members", ["email": "x@acme.test", "role": "owner"]).status == .forbidden)
            #expect(try await world.server.storage.dashboardUser(email: "x@acme.test") == nil)
            #expect(try await browser.post("\(base)/links", ["originalUrl": "https://example.com/k"]).status == .seeOther)
        }
    }
}
