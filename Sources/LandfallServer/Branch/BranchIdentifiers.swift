import Foundation
import HTTPTypes
import LandfallModels

/// Branch's ids are decimal strings (`"823602214081710808"`) and some integrations parse them as
/// 64-bit integers, so Landfall's session ids and device and bundle tokens have the same shape:
/// Unix milliseconds times a million plus six random digits, 19 digits below `Int64.max`.
enum BranchIdentifiers {
    static func make(at date: Date) -> String {
        let milliseconds = UInt64(max(0, date.timeIntervalSince1970 * 1000))
        return String(milliseconds * 1_000_000 + UInt64.random(in: 0..<1_000_000))
    }
}
