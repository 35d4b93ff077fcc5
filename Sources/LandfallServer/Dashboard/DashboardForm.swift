import Foundation
import Hummingbird

/// An `application/x-www-form-urlencoded` body, read with a size limit.
struct DashboardForm: Sendable {
    /// Dashboard forms are a few short fields; anything larger is not one of them.
    static let maximumSize = 64 * 1_024

    private(set) var values: [String: String] = [:]

    init(_ text: String) {
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Self.decode(parts[0]), !name.isEmpty else { continue }
            values[name] = parts.count > 1 ? Self.decode(parts[1]) ?? "" : ""
        }
    }

    /// `limit` is larger only for forms that carry a whole file, such as the link import's.
    static func read(_ request: Request, limit: Int = maximumSize) async throws -> DashboardForm {
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch {
            throw APIError(.contentTooLarge, code: "body_too_large", message: "the form is larger than \(limit) bytes")
        }
        return DashboardForm(String(buffer: buffer))
    }

    /// The field's value, trimmed; nil when absent or blank.
    subscript(_ name: String) -> String? {
        guard let value = values[name]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else { return nil }
        return value
    }

    private static func decode(_ text: Substring) -> String? {
        text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}
