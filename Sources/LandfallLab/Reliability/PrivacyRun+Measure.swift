import Foundation
import LandfallAttribution
import LandfallServer
import LandfallStore
import Logging
import NIOConcurrencyHelpers

extension PrivacyRun {
    /// Sweeps with the clock 12 hours after the seeding (the posted clicks of the last 37 hours are
    /// inside the retention period, the older ones past it) and again 60 hours after (everything
    /// past it), checking every stored address after each; then a repeated sweep, the log and the
    /// erased person.
    func measure(
        _ landfall: LandfallApplication, seeded: Seeded, clock: NIOLockedValueBox<Date>, start: Date, logs: CapturedLogs, path: String
    ) async throws -> [Row] {
        let storage = landfall.storage
        guard let app = try await storage.listApps().first, let link = try await storage.link(shortCode: "spring", appId: app.id) else {
            throw PrivacyCheckError("the seeded app or link is missing")
        }
        let retention = IPRetentionConfiguration()
        var pastWhole = 0
        var insideTruncated = 0
        var truncated = 0
        var largestBatch = 0
        for hoursLater in [12.0, 60.0] {
            let now = start.addingTimeInterval(hoursLater * 3600)
            clock.withLockedValue { $0 = now }
            let sweep = try await landfall.ipRetention.sweep()
            truncated += sweep.total
            largestBatch = max(largestBatch, sweep.largestBatch)
            let cutoff = retention.cutoff(windowHours: Self.windowHours, now: now)
            let (past, inside) = try await check(storage, seeded: seeded, appId: app.id, linkId: link.id, cutoff: cutoff)
            pastWhole += past
            insideTruncated += inside
            progress(
                "swept at +\(Int(hoursLater)) h: \(sweep.total) rows truncated, \(past) past the window whole, \(inside) inside it truncated"
            )
        }
        let repeated = try await landfall.ipRetention.sweep()
        let findings = logs.findings(of: seeded.secrets)
        for finding in findings.prefix(20) { progress("in the log: \(finding)") }
        let scanner = try await SQLiteDatabaseProvider.open(path: path, logger: Logger(label: "landfall.privacy.scan"))
        let remaining: Int
        do {
            remaining = try await PrivacyPersonScan.rowsNaming(seeded.erased, in: scanner)
            // A scan that cannot see a person who is still stored would report 0 for anyone.
            guard try await PrivacyPersonScan.rowsNaming(seeded.kept, in: scanner) >= 2 else {
                throw PrivacyCheckError("the scan finds no rows of a person who was not erased")
            }
            await scanner.close()
        } catch {
            await scanner.close()
            throw error
        }
        return [
            Row(measure: "posted clicks over 6 days", value: seeded.postedAddresses.count, mustBeZero: false),
            Row(
                measure: "visits and installs", value: seeded.redirectAddresses.count + seeded.installAddresses.count + 1, mustBeZero: false
            ),
            Row(measure: "rows truncated", value: truncated, mustBeZero: false),
            Row(measure: "largest sweep transaction (rows)", value: largestBatch, mustBeZero: false),
            Row(measure: "sweep transactions over \(Self.batchSize) rows", value: largestBatch > Self.batchSize ? 1 : 0, mustBeZero: true),
            Row(measure: "IPs past the window untruncated", value: pastWhole, mustBeZero: true),
            Row(measure: "IPs inside the window truncated", value: insideTruncated, mustBeZero: true),
            Row(measure: "rows changed by a repeated sweep", value: repeated.total, mustBeZero: true),
            Row(measure: "log records at info and above", value: logs.all.count, mustBeZero: false),
            Row(measure: "secrets found in info logs", value: findings.count, mustBeZero: true),
            Row(measure: "erased person rows remaining", value: remaining, mustBeZero: true),
        ]
    }

    /// Counts stored addresses that break the rule at `cutoff`: before it, anything but the exact
    /// /24 or /48 of what was sent (a /64 network prefix included); from it on, anything but what was sent.
    private func check(_ storage: SQLStorage, seeded: Seeded, appId: String, linkId: String, cutoff: Date) async throws -> (
        past: Int, inside: Int
    ) {
        var past = 0
        var inside = 0
        func count(stored: String?, prefix: String?, sent: String?, at date: Date) {
            guard let sent else {
                // A visit's click: which address it had is not known per row, only the set of them.
                let whole = stored.map { seeded.redirectAddresses.contains($0) } ?? false
                if date < cutoff { past += whole || stored == nil ? 1 : 0 } else { inside += whole ? 0 : 1 }
                return
            }
            if date < cutoff {
                let exact = stored == IPAddressTruncation.network(of: sent) && !(prefix?.hasSuffix("/64") ?? false)
                past += exact ? 0 : 1
            } else {
                inside += stored == sent ? 0 : 1
            }
        }
        for click in try await storage.clicks(linkId: linkId, appId: appId) {
            count(stored: click.ipAddress, prefix: click.ipPrefix, sent: seeded.postedAddresses[click.id], at: click.clickedAt)
        }
        for (id, sent) in seeded.installAddresses {
            guard let install = try await storage.install(id: id) else { throw PrivacyCheckError("install \(id) is missing") }
            count(stored: install.fingerprint.ipAddress, prefix: install.fingerprint.ipPrefix, sent: sent, at: install.createdAt)
        }
        return (past, inside)
    }
}
