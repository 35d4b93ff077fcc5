import Foundation
import LandfallAttribution

/// A click's engine evidence as one short text (`ClickRecord.matchEvidence`), kept in the candidate
/// indexes: the normalised signals, separated by U+001F, behind a format number. The click's id,
/// time and network prefix are index columns of their own and are not repeated here.
enum StoredClickEvidence {
    private static let format = "1"
    private static let separator: UInt8 = 0x1F
    private static let fieldCount = 8

    static func encode(_ evidence: ClickEvidence) -> String {
        let fields = [
            format, evidence.platform.rawValue, evidence.osVersion, evidence.deviceModel,
            evidence.screen.map { String($0.short) }, evidence.screen.map { String($0.long) },
            evidence.timezone, evidence.language,
        ]
        // A device model comes from the page; the separator inside one would shift every later field.
        // Checked on bytes first: every click of a batch is encoded inside the click writer's lock.
        return fields.map { field in
            guard let field else { return "" }
            return field.utf8.contains(separator) ? field.replacingOccurrences(of: "\u{1F}", with: " ") : field
        }.joined(separator: "\u{1F}")
    }

    /// Nil for text of another format or shape: the caller reads the click's row instead.
    static func decode(_ text: String, clickId: String, clickedAt: Date, ipPrefix: String?) -> ClickEvidence? {
        let fields = text.utf8.split(separator: separator, omittingEmptySubsequences: false)
        guard fields.count == fieldCount else { return nil }
        func field(_ index: Int) -> String? {
            fields[index].isEmpty ? nil : String(decoding: fields[index], as: UTF8.self)
        }
        guard field(0) == format, let platform = field(1).flatMap(DevicePlatform.init(rawValue:)) else { return nil }
        var screen: ScreenSize?
        if let short = field(4).flatMap({ Int($0) }), let long = field(5).flatMap({ Int($0) }) {
            screen = ScreenSize(width: short, height: long)
        }
        return ClickEvidence(
            clickId: clickId, clickedAt: clickedAt, platform: platform, osVersion: field(2), deviceModel: field(3),
            ipPrefix: ipPrefix, screen: screen, timezone: field(6), language: field(7)
        )
    }
}
