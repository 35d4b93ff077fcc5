import Foundation
@testable import LandfallServer
import LandfallModels
import LandfallStore
import Testing

/// `landfall import`: the export parsers, the import through `LinkService` on a real database, and
/// the command itself.
@Suite("Link import")
struct ImportTests {
    static let firebaseCSV = #"""
        Link name,Short link,Long link,Created
        Welcome to example.com,https://example.page.link/m9Mm,"https://example.page.link/?link=https://example.web.app/welcome&apn=com.example.android&isi=123456789&ibi=com.example.ios&utm_campaign=spring&st=Welcome%2C%20friend",2023-01-02\#r
        "Sale, ""big""",https://example.page.link/sale1,"https://example.page.link/?link=https://example.web.app/sale?id=7&ofl=https://example.com/sale&afl=https://example.com/android",2023-02-03
        No deep link,https://example.page.link/none,,2023-03-04

        """#

    @Test("a Firebase Dynamic Links export: code from the short link, destinations and UTM from the long link")
    func firebase() throws {
        let (records, unreadable) = try LinkImportFormat.firebase.parse(Data(Self.firebaseCSV.utf8))
        #expect(records.count == 2)
        let welcome = try #require(records.first)
        #expect(welcome.line == 2)
        #expect(welcome.customCode == "m9Mm")
        #expect(welcome.content.originalUrl == "https://example.web.app/welcome")
        #expect(welcome.content.deepLinkPath == "/welcome")
        #expect(welcome.content.iosAppStoreUrl == "https://apps.apple.com/app/id123456789")
        #expect(welcome.content.androidAppStoreUrl == "https://play.google.com/store/apps/details?id=com.example.android")
        #expect(welcome.content.utmParameters?.campaign == "spring")
        #expect(welcome.content.title == "Welcome to example.com")
        #expect(welcome.content.ogTitle == "Welcome, friend")
        let sale = records[1]
        #expect(sale.content.title == "Sale, \"big\"")
        #expect(sale.content.deepLinkPath == "/sale?id=7")
        #expect(sale.content.webFallbackUrl == "https://example.com/sale")
        #expect(sale.content.androidAppStoreUrl == "https://example.com/android")
        #expect(unreadable.map(\.line) == [4])
    }

    @Test("a LinkForty JSON export, snake_case rows or camelCase API objects, bare or wrapped")
    func linkFortyJSON() throws {
        let snake =
            #"[{"short_code":"promo1","original_url":"https://shop.test/p/1","deep_link_path":"/p/1","utm_parameters":{"source":"mail"},"is_active":false,"title":null}, 5]"#
        let (records, unreadable) = try LinkImportFormat.linkfortyJSON.parse(Data(snake.utf8))
        #expect(records.count == 1)
        #expect(records[0].customCode == "promo1")
        #expect(records[0].content.originalUrl == "https://shop.test/p/1")
        #expect(records[0].content.utmParameters?.source == "mail")
        #expect(records[0].isActive == false)
        #expect(unreadable.map(\.line) == [2])
        let wrapped =
            #"{"links":[{"shortCode":"promo2","originalUrl":"https://shop.test/p/2","iosAppStoreUrl":"https://apps.apple.com/app/id1"}]}"#
        let second = try LinkImportFormat.linkfortyJSON.parse(Data(wrapped.utf8)).records
        #expect(second.first?.customCode == "promo2")
        #expect(second.first?.content.iosAppStoreUrl == "https://apps.apple.com/app/id1")
        #expect(throws: LinkImportError.self) { try LinkImportFormat.linkfortyJSON.parse(Data("{\"x\":1}".utf8)) }
    }

    @Test("a LinkForty CSV export with utm_* columns; a bad is_active refuses only its row")
    func linkFortyCSV() throws {
        let csv =
            "short_code,original_url,title,utm_source,utm_campaign,is_active\npromo3,https://shop.test/3,Three,news,fall,true\npromo4,https://shop.test/4,Four,,,maybe\n"
        let (records, unreadable) = try LinkImportFormat.linkfortyCSV.parse(Data(csv.utf8))
        #expect(records.count == 1)
        #expect(records[0].content.utmParameters == UTMParameters(source: "news", campaign: "fall"))
        #expect(records[0].isActive == true)
        #expect(unreadable.first?.line == 3)
    }

    @Test("importing creates links, a second run finds duplicates, and invalid links are refused with reasons")
    func importThroughLinkService() async throws {
        try await TestServer.run { server in
            let tenant = try await server.createTenant()
            let app = try #require(try await server.storage.app(id: tenant.app.id))
            let service = server.landfall.links
            let good = LinkImportRecord(
                line: 2, customCode: "m9Mm", content: LinkContent(originalUrl: "https://example.web.app/welcome"), isActive: nil)
            guard case .imported(let link) = try await service.importLink(good, app: app) else { Issue.record("not imported"); return }
            #expect(link.shortCode == "m9Mm")
            #expect(try await service.importLink(good, app: app) == .duplicate(shortCode: "m9Mm"))
            var other = good
            other.content.originalUrl = "https://example.web.app/other"
            guard case .refused(let taken) = try await service.importLink(other, app: app) else { Issue.record("not refused"); return }
            #expect(taken.contains("already used"))
            let script = LinkImportRecord(
                line: 3, customCode: "bad1", content: LinkContent(originalUrl: "javascript:alert(1)"), isActive: nil)
            guard case .refused = try await service.importLink(script, app: app) else { Issue.record("script URL imported"); return }
            let badCode = LinkImportRecord(
                line: 4, customCode: "a b", content: LinkContent(originalUrl: "https://example.com"), isActive: nil)
            guard case .refused(let reason) = try await service.importLink(badCode, app: app) else {
                Issue.record("bad code imported"); return
            }
            #expect(reason.contains("customCode"))
            #expect(try await server.storage.listLinks(appId: app.id, query: LinkQuery()).links.count == 1)
        }
    }

    @Test("landfall import prints progress lines off a terminal and a summary, and is safe to re-run")
    func command() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = "sqlite:\(directory.appendingPathComponent("landfall.sqlite").path)"
        let file = directory.appendingPathComponent("firebase.csv")
        try Self.firebaseCSV.write(to: file, atomically: true, encoding: .utf8)
        try await ServerProcess.run(["migrate", "--database", database])
        try await ServerProcess.run(["apps", "create", "--database", database, "--name", "Example", "--slug", "example"])
        let first = try await ServerProcess.run(["import", "--database", database, "--app", "example", "--format", "firebase", file.path])
        #expect(first.contains("imported 2/2 links"))
        #expect(first.contains("Imported 2, duplicates 0, refused 1"))
        #expect(first.contains("no deep link"))
        let second = try await ServerProcess.run(["import", "--database", database, "--app", "example", "--format", "firebase", file.path])
        #expect(second.contains("Imported 0, duplicates 2, refused 1"))
    }
}
