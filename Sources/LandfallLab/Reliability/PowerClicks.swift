import AsyncHTTPClient
import Foundation
import LandfallStore
import Logging
import NIOCore
import NIOHTTP1
import SQLKit

/// Redirects sent during a power check's load, each with a user agent that names it, so that after
/// the cut the check can tell which answered redirects left a stored click and which did not.
///
/// Clicks are written off the request path in batches (`ClickRecorder`), so a cut loses the clicks
/// still in the buffer and in the batch being written: what this measures against the documented window.
actor PowerClickLedger {
    /// When each redirect was answered, in ``PowerLossDisk/monotonicNanoseconds()``.
    private var answered: [String: UInt64] = [:]

    func answer(_ marker: String, at nanoseconds: UInt64) { answered[marker] = nanoseconds }

    /// The redirects answered before `cut`, and forgets them all for the next cycle.
    func takeAnswered(before cut: UInt64) -> [String: UInt64] {
        defer { answered.removeAll() }
        return answered.filter { $0.value < cut }
    }
}

/// Clients that follow one link again and again until cancelled.
struct PowerClickLoad: Sendable {
    let http: HTTPClient
    let baseURL: String
    let shortCode: String
    let ledger: PowerClickLedger
    let cycle: Int

    static let userAgentPrefix =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 PowerCheck/"

    func client(_ index: Int) async {
        var sent = 0
        while !Task.isCancelled {
            sent += 1
            let marker = "\(cycle).\(index).\(sent)"
            var request = HTTPClientRequest(url: "\(baseURL)/\(shortCode)")
            request.headers.add(name: "User-Agent", value: Self.userAgentPrefix + marker)
            guard let response = try? await http.execute(request, timeout: .seconds(30)),
                (200..<400).contains(Int(response.status.code)),
                (try? await response.body.collect(upTo: 1 << 20)) != nil
            else { return }
            await ledger.answer(marker, at: PowerLossDisk.monotonicNanoseconds())
        }
    }

    /// The markers of the clicks of `cycle` stored for the link, read through the normal VFS.
    static func storedMarkers(cycle: Int, shortCode: String, location: DatabaseLocation, logger: Logger) async throws -> Set<String> {
        let pattern = userAgentPrefix + "\(cycle).%"
        return try await StorageFactory.withStorage(at: location, logger: logger) { _, provider in
            try await provider.read { database in
                let rows = try await database.raw(
                    """
                    SELECT c.user_agent FROM clicks c JOIN links l ON l.id = c.link_id
                    WHERE l.short_code = \(bind: shortCode) AND c.user_agent LIKE \(bind: pattern)
                    """
                ).all()
                return Set(try rows.map { String(try $0.decode(column: "user_agent", as: String.self).dropFirst(userAgentPrefix.count)) })
            }
        }
    }
}
