import Foundation
import LandfallAttribution

/// An in-memory copy of the server's candidate fetch, for one app.
///
/// The rule it mirrors: the candidates for an install are the unconsumed clicks of the same
/// platform inside the window that share the install's network prefix OR its device signature
/// ("platform|osVersion|screen bucket|timezone|language", only when all are known), newest first,
/// at most `limitPerKey` per key. Lists are kept per key in time order, so a fetch walks back from
/// the newest click and stops at the window's edge: no scan of recent clicks.
public struct ClickIndex: Sendable {
    public var limitPerKey: Int
    public private(set) var clicks: [ClickEvidence] = []
    private var consumed: [Bool] = []
    private var positionById: [String: Int] = [:]
    private var byPrefix: [String: [Int]] = [:]
    private var bySignature: [String: [Int]] = [:]

    public init(limitPerKey: Int = 50) {
        self.limitPerKey = limitPerKey
    }

    /// The device signature key the server indexes (`EvidenceBuilder.signature`).
    public static func signature(of click: ClickEvidence) -> String? { EvidenceBuilder.signature(click) }

    public static func signature(of install: InstallEvidence) -> String? { EvidenceBuilder.signature(install) }

    static func prefixKey(_ platform: DevicePlatform, _ prefix: String) -> String { "\(platform.rawValue)|\(prefix)" }

    /// Adds a click. Clicks must arrive in time order, as they do on a server.
    @discardableResult
    public mutating func insert(_ click: ClickEvidence) -> Int {
        let position = clicks.count
        clicks.append(click)
        consumed.append(false)
        positionById[click.clickId] = position
        if let prefix = click.ipPrefix { byPrefix[Self.prefixKey(click.platform, prefix), default: []].append(position) }
        if let signature = Self.signature(of: click) { bySignature[signature, default: []].append(position) }
        return position
    }

    public func position(of clickId: String) -> Int? { positionById[clickId] }

    /// A click once attributed is never a candidate again.
    public mutating func consume(_ position: Int) {
        guard consumed.indices.contains(position) else { return }
        consumed[position] = true
    }

    public func isConsumed(_ position: Int) -> Bool { consumed.indices.contains(position) && consumed[position] }

    /// The candidate positions for an install: the union of the prefix and signature fetches.
    public func candidates(for install: InstallEvidence, window: TimeInterval) -> [Int] {
        var result: [Int] = []
        if let prefix = install.ipPrefix, let list = byPrefix[Self.prefixKey(install.platform, prefix)] {
            result = fetch(list, before: install.reportedAt, window: window)
        }
        if let signature = Self.signature(of: install), let list = bySignature[signature] {
            let bySignature = fetch(list, before: install.reportedAt, window: window)
            if result.isEmpty {
                result = bySignature
            } else {
                let seen = Set(result)
                result += bySignature.filter { !seen.contains($0) }
            }
        }
        return result
    }

    /// Newest first, unconsumed, inside the window, at most `limitPerKey`.
    private func fetch(_ list: [Int], before now: Date, window: TimeInterval) -> [Int] {
        let oldest = now.addingTimeInterval(-window)
        var result: [Int] = []
        var index = list.count - 1
        while index >= 0, result.count < limitPerKey {
            let position = list[index]
            index -= 1
            let clickedAt = clicks[position].clickedAt
            if clickedAt > now { continue }
            if clickedAt < oldest { break }
            if !consumed[position] { result.append(position) }
        }
        return result
    }

    /// Every click (consumed or not, no cap) of the platform inside the window on the given
    /// prefix or signature list, newest first: what an oracle may look at.
    func allInWindow(prefix: String?, signature: String?, platform: DevicePlatform, now: Date, window: TimeInterval) -> (
        prefix: [Int], signature: [Int]
    ) {
        func walk(_ list: [Int]?) -> [Int] {
            guard let list else { return [] }
            let oldest = now.addingTimeInterval(-window)
            var result: [Int] = []
            var index = list.count - 1
            while index >= 0 {
                let position = list[index]
                index -= 1
                let clickedAt = clicks[position].clickedAt
                if clickedAt > now { continue }
                if clickedAt < oldest { break }
                result.append(position)
            }
            return result
        }
        return (walk(prefix.flatMap { byPrefix[Self.prefixKey(platform, $0)] }), walk(signature.flatMap { bySignature[$0] }))
    }
}
