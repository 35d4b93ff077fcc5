import AsyncHTTPClient
import Foundation
import LandfallRandom
@_spi(Synthetic) import LandfallStore
import LandfallServer
import Logging
import NIOCore
import NIOHTTP1
import SQLKit

/// The disk-full check: the server in this process on a SQLite file whose writer may not grow the
/// database past its size (`PRAGMA max_page_count`, the way a full disk refuses the page SQLite asks
/// for; a size-limited filesystem needs a mount this check does not assume). Under installs and
/// redirects, rounds of: fill, keep loading until writes are refused, check what was refused is not
/// stored and that reads and redirects go on, give the room back, check writes succeed again.
struct DiskFullRun: Sendable {
    var rounds: Int
    let logger: Logger
    private let adminToken = "disk-full-check-admin-token-0123456789"
    /// Small, so that the rounds fill it and the bound shows.
    static let clickBuffer = 50

    func execute() async throws -> DiskFullReport {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-disk-full-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("full.sqlite").path
        let keys = try await CrashSeeding.prepare(.sqlite(path: path), logger: logger)
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            let (report, stop) = try await PowerServer.run(
                database: path, adminToken: adminToken, logger: logger, configure: { $0.clickBufferCapacity = Self.clickBuffer }
            ) { server in
                try await load(server: server, http: http, keys: keys)
            }
            try await http.shutdown()
            var final = report
            final.cleanStop = stop == nil
            final.integrity = try await PowerRun.integrityCheck(.sqlite(path: path), logger: logger)
            return final
        } catch {
            try? await http.shutdown()
            throw error
        }
    }

    private func load(server: PowerServer, http: HTTPClient, keys: CrashSeeding.Keys) async throws -> DiskFullReport {
        let sender = CrashSender(http: http, baseURL: server.baseURL)
        let factory = CrashWriteFactory(keys: keys)
        guard case .acknowledged(let link) = await sender.send(try factory.link(client: 0)), let code = link.shortCode else {
            throw CrashFailure("the disk-full check could not create its link")
        }
        var random = SplitMix64(seed: 39)
        var report = DiskFullReport(rounds: rounds)
        let storage = server.landfall.storage
        for round in 0..<rounds {
            try await limitPages(storage, to: nil)
            var refusedInRound = 0
            var attempts = 0
            while refusedInRound < 5, attempts < 5_000 {
                attempts += 1
                let write = try factory.install(client: round, using: &random)
                switch await sender.send(write) {
                case .acknowledged(let answer):
                    report.acknowledged.append(answer.serverId)
                case .inDoubt(let status) where status == "503":
                    refusedInRound += 1
                    report.refused += 1
                    report.refusedWrites.append(write)
                case .inDoubt(let reason), .refused(let reason):
                    report.otherAnswers.append(reason)
                }
                report.redirects += 1
                if try await redirect(http, server.baseURL + "/" + code) { report.redirectsAnswered += 1 }
            }
            if refusedInRound == 0 { throw CrashFailure("round \(round): the database never filled") }
            // While full: reads, and a burst of redirects past the click buffer.
            if try await get(http, server.baseURL + "/api/links", bearer: keys.secret) == 200 { report.readsAnswered += 1 }
            report.reads += 1
            for _ in 0..<(2 * Self.clickBuffer) {
                report.redirects += 1
                if try await redirect(http, server.baseURL + "/" + code) { report.redirectsAnswered += 1 }
            }
            try? await server.landfall.clicks.flush()
            report.largestBuffer = max(report.largestBuffer, server.landfall.clicks.pendingCount)
            // Room again: the refused writes go through when sent again, and the buffer empties.
            try await limitPages(storage, to: 1_073_741_823)
            for write in report.refusedWrites {
                if case .acknowledged(let answer) = await sender.send(write) {
                    report.acknowledged.append(answer.serverId)
                    report.recovered += 1
                }
            }
            report.refusedWrites.removeAll()
            try await server.landfall.clicks.flush()
        }
        report.clicksDropped = server.landfall.clicks.droppedCount
        report.missing = try await storage.provider.read { database in
            let stored = Set(
                try await database.raw("SELECT id FROM installs WHERE app_id = \(bind: keys.appId)").all().map {
                    try $0.decode(column: "id", as: String.self)
                })
            return report.acknowledged.filter { !stored.contains($0) }.count
        }
        return report
    }

    private func limitPages(_ storage: SQLStorage, to pages: Int?) async throws {
        try await storage.provider.write { database in
            let current = try await database.raw("PRAGMA page_count").first()?.decode(column: "page_count", as: Int.self) ?? 0
            try await database.raw("PRAGMA max_page_count = \(unsafeRaw: String(pages ?? current))").run()
        }
    }

    private func redirect(_ http: HTTPClient, _ url: String) async throws -> Bool {
        (200..<400).contains(try await get(http, url, bearer: nil))
    }

    private func get(_ http: HTTPClient, _ url: String, bearer: String?) async throws -> Int {
        var request = HTTPClientRequest(url: url)
        request.headers.add(name: "User-Agent", value: PowerClickLoad.userAgentPrefix + "disk-full")
        if let bearer { request.headers.add(name: "Authorization", value: "Bearer \(bearer)") }
        let response = try await http.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }
}

/// What a disk-full check found, as rows of the reliability table.
struct DiskFullReport: Sendable {
    var rounds: Int
    var acknowledged: [String] = []
    var refused = 0
    var refusedWrites: [CrashWrite] = []
    var recovered = 0
    var otherAnswers: [String] = []
    var missing = 0
    var reads = 0
    var readsAnswered = 0
    var redirects = 0
    var redirectsAnswered = 0
    var largestBuffer = 0
    var clicksDropped = 0
    var cleanStop = false
    var integrity = ""

    var passed: Bool {
        refused > 0 && recovered == refused && otherAnswers.isEmpty && missing == 0 && readsAnswered == reads
            && redirectsAnswered == redirects && largestBuffer <= DiskFullRun.clickBuffer && cleanStop && integrity == "ok"
    }

    var rows: [String] {
        let measures: [(String, String)] = [
            ("fill-and-recover rounds", "\(rounds) (max_page_count on the writer)"),
            ("writes refused with 503 (Retry-After)", "\(refused) (\(recovered) stored when sent again after room came back)"),
            ("other answers to writes", otherAnswers.isEmpty ? "none" : otherAnswers.prefix(3).joined(separator: "; ")),
            ("acknowledged installs missing", "\(missing) of \(acknowledged.count)"),
            ("reads answered while full", "\(readsAnswered) of \(reads)"),
            ("redirects answered", "\(redirectsAnswered) of \(redirects)"),
            (
                "click buffer",
                "at most \(largestBuffer) held (capacity \(DiskFullRun.clickBuffer)), \(clicksDropped) clicks dropped and counted"
            ),
            ("clean stop", cleanStop ? "yes" : "no"),
            ("integrity", integrity),
        ]
        return measures.map { "disk-full\tsqlite\t\($0.0)\t\($0.1)" }
    }
}
