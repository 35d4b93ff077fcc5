import Foundation

/// A yes/no the way Branch's clients write it: JSON `true`/`false`, or a number (the iOS SDK sends
/// `"tracking_disabled": 1` and other flags as `NSNumber`s), or the strings `"true"`/`"false"`.
struct BranchFlag: Decodable, Sendable, Hashable {
    var value: Bool

    init(_ value: Bool) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let flag = try? container.decode(Bool.self) {
            value = flag
        } else if let number = try? container.decode(Double.self) {
            value = number != 0
        } else if let text = try? container.decode(String.self), let flag = Self.words[text.lowercased()] {
            value = flag
        } else {
            throw DecodingError.typeMismatch(
                Bool.self, .init(codingPath: decoder.codingPath, debugDescription: "expected true, false, 1 or 0"))
        }
    }

    private static let words = ["true": true, "false": false, "1": true, "0": false]
}

/// A whole number that may arrive as a JSON integer, a number with a fraction (iOS computes screen
/// sizes in points times scale, a `CGFloat`) or a numeric string; rounded to the nearest integer.
struct BranchInteger: Decodable, Sendable, Hashable {
    var value: Int

    init(_ value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let whole = try? container.decode(Int.self) {
            value = whole
        } else if let number = try? container.decode(Double.self), number.isFinite, abs(number) < 1e15 {
            value = Int(number.rounded())
        } else if let text = try? container.decode(String.self), let whole = Int(text.trimmingCharacters(in: .whitespaces)) {
            value = whole
        } else {
            throw DecodingError.typeMismatch(Int.self, .init(codingPath: decoder.codingPath, debugDescription: "expected a number"))
        }
    }
}
