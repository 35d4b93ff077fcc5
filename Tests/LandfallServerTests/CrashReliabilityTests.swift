import Foundation
import Testing
@testable import LandfallLab

/// `landfall-lab reliability crash`: the short form against the built binary, and the comparison that
/// decides what counts as lost or duplicated.
@Suite struct CrashReliabilityTests {
    /// PostgreSQL: a cluster of the command's own, which needs the server binaries the storage
    /// contract suite needs too.
    @Test(arguments: ["sqlite", "postgres"])
    func threeKillCyclesLoseAndDuplicateNothing(engine: String) async throws {
        let output = try await ServerProcess.run(
            ["reliability", "crash", "--engine", engine, "--cycles", "3", "--seconds-per-cycle", "1", "--clients", "4"], of: .lab
        )
        var measures: [String: String] = [:]
        for line in output.split(separator: "\n") {
            let cells = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            if cells.count == 4, cells[0] == "crash", cells[1] == engine { measures[cells[2]] = cells[3] }
        }
        #expect(measures["kill -9 cycles"] == "3")
        #expect(measures["lost"] == "0")
        #expect(measures["duplicated"] == "0")
        #expect(measures["integrity"] == "ok")
        let acknowledged = measures["acknowledged writes"].flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(acknowledged > 0, "the load was acknowledged: \(output)")
        let resent = measures["in flight at a kill, re-sent"].flatMap { Int($0.prefix { $0.isNumber }) } ?? 0
        #expect(resent > 0, "each kill caught requests in flight: \(output)")
    }

    @Test func exactlyTheAcknowledgedRowsFindNothing() {
        let findings = compare(.event, stored: [Self.storedEvent(id: "e1", identity: "client-1")], acknowledged: ["client-1": Self.event])
        #expect(findings.lost.isEmpty)
        #expect(findings.duplicated.isEmpty)
    }

    @Test func anAcknowledgedEventMissingIsLost() {
        let findings = compare(.event, stored: [], acknowledged: ["client-1": Self.event])
        #expect(Array(findings.lost.keys) == ["event client-1"])
        #expect(findings.duplicated.isEmpty)
    }

    @Test func anEventStoredWithOtherRevenueIsLost() {
        var altered = Self.storedEvent(id: "e1", identity: "client-1")
        altered.details[1] = "1000000"
        let findings = compare(.event, stored: [altered], acknowledged: ["client-1": Self.event])
        #expect(Array(findings.lost.keys) == ["event client-1"])
    }

    @Test func aLinkStoredTwiceForOneSharerIsDuplicated() {
        let link = CrashLedger.Acknowledged(write: Self.write(.link, identity: "sharer-1"), serverId: "l1", shortCode: "abc123")
        let stored = [
            CrashVerifier.StoredRow(id: "l1", identity: "sharer-1", details: ["abc123"]),
            CrashVerifier.StoredRow(id: "l2", identity: "sharer-1", details: ["def456"]),
        ]
        let findings = compare(.link, stored: stored, acknowledged: ["sharer-1": link])
        #expect(Array(findings.duplicated.keys) == ["link sharer-1"])
        #expect(findings.lost.isEmpty)
    }

    @Test func anInstallNobodyWasAnsweredWithIsDuplicated() {
        let install = CrashLedger.Acknowledged(write: Self.write(.install, identity: "key-1"), serverId: "i1")
        let stored = [
            CrashVerifier.StoredRow(id: "i1", identity: nil, details: []), CrashVerifier.StoredRow(id: "i2", identity: nil, details: []),
        ]
        let findings = compare(.install, stored: stored, acknowledged: ["key-1": install])
        #expect(Array(findings.duplicated.keys) == ["install i2"])
        #expect(findings.lost.isEmpty)
    }

    // MARK: - Helpers

    private static let event: CrashLedger.Acknowledged = {
        var write = Self.write(.event, identity: "client-1")
        write.installId = "i1"
        write.revenueMicros = 19_990_000
        write.revenueCurrency = "EUR"
        return CrashLedger.Acknowledged(write: write, serverId: "e1")
    }()

    private static func storedEvent(id: String, identity: String) -> CrashVerifier.StoredRow {
        CrashVerifier.StoredRow(id: id, identity: identity, details: ["i1", "19990000", "EUR"])
    }

    private static func write(_ kind: CrashWrite.Kind, identity: String) -> CrashWrite {
        CrashWrite(kind: kind, identity: identity, path: "/", bearer: "", forwardedFor: "", body: Data())
    }

    private func compare(
        _ kind: CrashWrite.Kind, stored: [CrashVerifier.StoredRow], acknowledged: [String: CrashLedger.Acknowledged]
    ) -> CrashVerifier.Findings {
        var findings = CrashVerifier.Findings()
        CrashVerifier.compare(kind, stored: stored, acknowledged: acknowledged, into: &findings)
        return findings
    }
}
