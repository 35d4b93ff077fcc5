import Foundation
import LandfallModels

/// JSON Merge Patch (RFC 7396): the body of a PATCH names the fields to change, `null` clears one.
///
/// Applying the patch to the resource's current JSON and decoding the result through the same input
/// type as a create means a PATCH is validated exactly like a POST.
enum MergePatch {
    static func apply(_ patch: [String: Any], to current: some Encodable, readOnly: Set<String>) throws -> Data {
        let currentData = try LandfallJSON.makeEncoder().encode(current)
        guard var target = try JSONSerialization.jsonObject(with: currentData) as? [String: Any] else {
            throw APIError.badRequest("invalid_json", "the resource is not a JSON object")
        }
        for key in patch.keys.sorted() where readOnly.contains(key) {
            if !isSame(patch[key], target[key]) {
                throw APIError.validation(key, "cannot be changed")
            }
        }
        merge(patch, into: &target)
        return try JSONSerialization.data(withJSONObject: target)
    }

    private static func merge(_ patch: [String: Any], into target: inout [String: Any]) {
        for (key, value) in patch {
            if value is NSNull {
                target.removeValue(forKey: key)
            } else if let nested = value as? [String: Any] {
                var existing = target[key] as? [String: Any] ?? [:]
                merge(nested, into: &existing)
                target[key] = existing
            } else {
                target[key] = value
            }
        }
    }

    private static func isSame(_ lhs: Any?, _ rhs: Any?) -> Bool {
        guard let lhs, let rhs else { return lhs == nil && rhs == nil }
        return (lhs as? NSObject)?.isEqual(rhs) ?? false
    }
}
