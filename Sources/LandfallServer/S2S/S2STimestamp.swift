import Foundation
import HTTPTypes
import LandfallModels

/// A stated time as networks send it: ISO 8601 text, or a Unix time in seconds or milliseconds.
struct S2STimestamp: Decodable, Sendable {
    let date: Date

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Double.self) {
            guard number.isFinite, number >= 0 else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be a positive Unix time")
            }
            date = UnixTime.date(secondsOrMilliseconds: number)
            return
        }
        let text = try container.decode(String.self)
        guard let parsed = Self.parse(text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be ISO 8601 or a Unix time")
        }
        date = parsed
    }

    init(date: Date) {
        self.date = date
    }

    static func parse(_ text: String) -> Date? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if let number = Double(trimmed), number.isFinite, number >= 0 {
            return UnixTime.date(secondsOrMilliseconds: number)
        }
        return LandfallJSON.parseTimestamp(trimmed)
    }
}

/// The bounds a stated time must keep: it is trusted, so it must be plausible.
enum S2STimeBounds {
    /// How far ahead of the server's clock a sender's clock may run.
    static let skew: TimeInterval = 60

    static func checkNotFuture(_ date: Date, now: Date) throws {
        guard date <= now.addingTimeInterval(skew) else {
            throw APIError(
                .badRequest, code: "timestamp_in_future", message: "timestamp: is more than \(Int(skew)) s after the server's time")
        }
    }

    /// Whether a click at `date` can still be credited with an install (the app's attribution window).
    static func isInsideWindow(_ date: Date, now: Date, windowHours: Int) -> Bool {
        date >= now.addingTimeInterval(-TimeInterval(windowHours) * 3600)
    }
}
