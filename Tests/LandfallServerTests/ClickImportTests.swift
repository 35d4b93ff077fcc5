import Foundation
@testable import LandfallServer
import LandfallStore
import LandfallTestSupport
import Logging
import Testing

/// `landfall import` of clicks: the file readers, the import through the S2S clicks service on
/// both engines, and the command on real files.
@Suite("Click import")
struct ClickImportTests {
    static let iPhone = S2SEnginesTests.iPhone
    static let pixel =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36"

    @Test("a CSV of clicks: LinkForty's column names, PostgreSQL timestamps, screens as WxH; unreadable values refuse their row")
    func csv() throws {
        let csv = """
            id,short_code,clicked_at,ip_address,user_agent,device_type,platform,country,utm_source,screen,timezone,language
            lf-1,spring,2026-11-24 09:15:02.123456+00,203.0.113.7,"\(Self.iPhone)",mobile,ios,US,mail,1179x2556,America/Chicago,en-US
            lf-2,spring,yesterday,203.0.113.8,"\(Self.iPhone)",mobile,ios,US,,,,
            lf-3,spring,1764000000,203.0.113.9,"\(Self.pixel)",mobile,android,US,,wide,,
            ,,2026-11-24T09:15:02+05:30,,,,,,,,,

            """
        let file = try ClickImportFormat.parseCSV(Data(csv.utf8))
        #expect(file.rows.map(\.line) == [2, 5])
        #expect(file.unreadable.map(\.line) == [3, 4])
        #expect(file.unreadable[0].reason.hasPrefix("timestamp:"))
        #expect(file.unreadable[1].reason.hasPrefix("screen:"))
        let first = file.rows[0].item
        #expect(first.clickId == "lf-1" && first.link == "spring" && first.ip == "203.0.113.7" && first.userAgent == Self.iPhone)
        #expect(first.timestamp == 1_795_511_702_123)
        #expect(first.screenWidth == 1179 && first.screenHeight == 2556)
        #expect(first.timezone == "America/Chicago" && first.language == "en-US")
        // Empty fields stay missing, for the endpoint's validation to name.
        let empty = file.rows[1].item
        #expect(empty.ip == nil && empty.link == nil && empty.timestamp == 1_795_491_902_000)
    }

    @Test("a CSV row without a link is a campaign's click when it names one; a row with a link keeps the link's campaign")
    func campaignRows() throws {
        let csv = """
            click_id,short_code,utm_source,utm_medium,utm_campaign,clicked_at,ip,user_agent
            n-1,,adnet,cpi,black-friday,1764000000,203.0.113.7,"\(Self.iPhone)"
            n-2,spring,adnet,cpi,black-friday,1764000000,203.0.113.8,"\(Self.iPhone)"

            """
        let file = try ClickImportFormat.parseCSV(Data(csv.utf8))
        #expect(file.rows.count == 2)
        let campaign = file.rows[0].item
        #expect(campaign.link == nil && campaign.campaign == "black-friday" && campaign.source == "adnet" && campaign.medium == "cpi")
        let linked = file.rows[1].item
        #expect(linked.link == "spring" && linked.campaign == nil && linked.source == nil && linked.medium == nil)
    }

    @Test("a LinkForty JSON export: clicks name their link by LinkForty's link id, resolved through the export's links")
    func linkFortyJSON() throws {
        let json = """
            {"links": [{"id": "9f0c", "short_code": "spring", "original_url": "https://acme.test/spring"}],
             "clicks": [{"id": "c1", "link_id": "9f0c", "clickedAt": "2026-11-24T09:15:02.500Z", "ipAddress": "203.0.113.7",
                         "userAgent": "\(Self.iPhone)", "screenWidth": 1179, "screenHeight": 2556},
                        {"id": "c2", "link_id": "unknown", "clicked_at": 1764000000123, "ip_address": "203.0.113.8", "user_agent": "x"},
                        "not a click"]}
            """
        let file = try #require(try ClickImportFormat.parseLinkFortyJSON(Data(json.utf8)))
        #expect(file.rows.count == 2)
        #expect(file.rows[0].item.link == "spring" && file.rows[0].item.linkId == nil)
        #expect(file.rows[0].item.timestamp == 1_795_511_702_500 && file.rows[0].item.screenWidth == 1179)
        #expect(file.rows[1].item.linkId == "unknown" && file.rows[1].item.timestamp == 1_764_000_000_123)
        #expect(file.unreadable.map(\.line) == [3])
        #expect(try ClickImportFormat.parseLinkFortyJSON(Data(#"[{"short_code": "a"}]"#.utf8)) == nil)
    }

    @Test(
        "the import goes through the S2S service: per-row reasons, history beyond the window, a re-run stores nothing",
        arguments: TestEngine.allCases)
    func importThroughTheService(engine: TestEngine) async throws {
        try await TestDatabases.withMigratedStorage(engine) { storage, _ in
            let app = try await AppService(storage: storage).createApp(
                name: "Acme", slug: "acme", domains: [], uriScheme: nil, webFallbackUrl: "https://acme.test"
            )
            let link = try await LinkService(storage: storage, publicURL: "https://links.test")
                .createLink(app: app, originalUrl: "https://acme.test/spring", customCode: "spring", deepLinkPath: nil)
            let now = Date(timeIntervalSince1970: 1_764_000_000)
            let hour = 3600.0
            func row(ip: String = "203.0.113.7", code: String = "spring", at date: Date, clickId: String? = nil) -> String {
                "\(clickId ?? ""),\(code),\(Int(date.timeIntervalSince1970)),\(ip),\"\(Self.iPhone)\""
            }
            // 1,200 rows, so the import takes two batches; every 100th row is refused by the service.
            var lines = ["click_id,link,timestamp,ip,user_agent"]
            for index in 0..<1200 {
                let ip = index % 100 == 3 ? "not-an-ip" : "203.0.\(index / 250).\(index % 250 + 1)"
                let code = index % 100 == 4 ? "nope" : "spring"
                lines.append(row(ip: ip, code: code, at: now - Double(index) * 200, clickId: "net-\(index)"))
            }
            // Older than the 168-hour window: stored for history.
            lines.append(row(ip: "198.51.100.1", at: now - 200 * hour))
            // The same network click id as the first row, later in the file.
            lines.append(row(ip: "198.51.100.2", at: now - hour, clickId: "net-0"))
            let file = try ClickImportFormat.parseCSV(Data(lines.joined(separator: "\n").utf8))
            #expect(file.rows.count == 1202 && file.unreadable.isEmpty)
            let importer = ClickImporter(storage: storage, now: { now })
            var reported: [Int] = []
            let first = try await importer.importClicks(file.rows, app: app, logger: Logger(label: "test")) { reported.append($0) }
            #expect(reported == [1000, 1202])
            #expect(first.imported == 1177 && first.history == 1 && first.duplicates == 1)
            #expect(first.refused.count == 24)
            #expect(first.refused.filter { $0.reason.hasPrefix("ip:") }.map(\.line).prefix(2) == [5, 105])
            #expect(first.refused.filter { $0.reason.contains("no link") }.map(\.line).prefix(2) == [6, 106])

            let again = try await importer.importClicks(file.rows, app: app, logger: Logger(label: "test"))
            #expect(again.imported == 0 && again.duplicates == 1178 && again.refused.count == 24)

            let stored = try await storage.clicks(linkId: link.id, appId: app.id)
            #expect(stored.count == 1177)
            #expect(stored.allSatisfy { $0.receivedAt == now })
            let history = try #require(stored.first { $0.ipAddress == "198.51.100.1" })
            #expect(history.clickedAt == now - 200 * hour && history.ipPrefix == nil && history.signature == nil)
            let recent = try #require(stored.first { $0.ipAddress == "203.0.0.1" })
            #expect(recent.clickedAt == now && recent.ipPrefix != nil)
        }
    }

    @Test(
        "landfall import reads a LinkForty export's links and clicks and a CSV of clicks, with progress and a summary; a re-run finds duplicates"
    )
    func command() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-click-import-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = "sqlite:\(directory.appendingPathComponent("landfall.sqlite").path)"
        // The command reads the real clock: times relative to it.
        let now = Date()
        func iso(_ secondsAgo: Double) -> String { (now - secondsAgo).formatted(.iso8601) }
        let export = """
            {"links": [{"id": "lf-link-1", "short_code": "spring", "original_url": "https://acme.test/spring"}],
             "clicks": [
               {"id": "k1", "link_id": "lf-link-1", "clicked_at": "\(iso(3600))", "ip_address": "203.0.113.7", "user_agent": "\(Self.iPhone)"},
               {"id": "k2", "link_id": "lf-link-1", "clicked_at": "\(iso(86_400 * 10))", "ip_address": "203.0.113.8", "user_agent": "\(Self.iPhone)"},
               {"id": "k3", "link_id": "lf-link-1", "clicked_at": "\(iso(60))", "ip_address": "203.0.113.9"}
             ]}
            """
        let exportFile = directory.appendingPathComponent("linkforty.json")
        try export.write(to: exportFile, atomically: true, encoding: .utf8)
        let csv = """
            link,ip,user_agent,timestamp,click_id,screen_width,screen_height,timezone,language
            spring,198.51.100.1,"\(Self.pixel)",\(Int(now.timeIntervalSince1970) - 7200),n-1,1080,2400,Europe/Paris,fr-FR
            spring,198.51.100.2,"\(Self.pixel)",\(Int64(now.timeIntervalSince1970 * 1000) - 60_000),n-2,,,,
            spring,198.51.100.3,"\(Self.pixel)",\(Int(now.timeIntervalSince1970) + 7200),n-3,,,,
            gone,198.51.100.4,"\(Self.pixel)",\(Int(now.timeIntervalSince1970) - 60),n-4,,,,

            """
        let csvFile = directory.appendingPathComponent("clicks.csv")
        try csv.write(to: csvFile, atomically: true, encoding: .utf8)
        try await ServerProcess.run(["migrate", "--database", database])
        try await ServerProcess.run(["apps", "create", "--database", database, "--name", "Acme", "--slug", "acme"])

        let linkForty = try await ServerProcess.run(["import", "--database", database, "--app", "acme", exportFile.path])
        #expect(linkForty.contains("imported 1/1 links"))
        #expect(linkForty.contains("Imported 1, duplicates 0, refused 0 (linkforty-json export"))
        #expect(linkForty.contains("imported 3/3 clicks"))
        #expect(
            linkForty.contains(
                "Imported 2 (1 older than the attribution window, kept for history), duplicates 0, refused 1 (clicks of the linkforty-json export"
            ))
        #expect(linkForty.contains("refused 1: userAgent: is required (line 3)"))

        let clicks = try await ServerProcess.run([
            "import", "--database", database, "--app", "acme", "--format", "clicks-csv", csvFile.path,
        ])
        #expect(clicks.contains("imported 4/4 clicks"))
        #expect(clicks.contains("Imported 2, duplicates 0, refused 2 (clicks-csv"))
        #expect(clicks.contains("after the server's time (line 4)"))
        #expect(clicks.contains("no link of this app with that code or id (line 5)"))

        let again = try await ServerProcess.run(["import", "--database", database, "--app", "acme", "--format", "clicks-csv", csvFile.path])
        #expect(again.contains("Imported 0, duplicates 2, refused 2"))
        let exportAgain = try await ServerProcess.run(["import", "--database", database, "--app", "acme", exportFile.path])
        #expect(exportAgain.contains("Imported 0, duplicates 2, refused 1 (clicks of the linkforty-json export"))
    }
}
