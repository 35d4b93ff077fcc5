import Foundation
import HTTPTypes

/// What a link made with a publishable key may carry. That key ships inside apps, so anyone can use
/// it: it may make a share link that opens the app's own content, never point a link of the app's
/// domain somewhere else (no destinations, no preview images, no targeting) or take a chosen code.
enum ShareLinkPolicy {
    /// The fields of CreateLinkOptions in the LinkForty SDK specification: everything a share needs.
    static let allowedFields: Set<String> = [
        "templateId", "templateSlug", "deepLinkParameters", "title", "description", "utmParameters", "externalUserId",
    ]

    static func check(fields: some Sequence<String>) throws {
        let refused = Set(fields).subtracting(allowedFields)
        if refused.contains("customCode") { throw customCodeNotAllowed }
        guard refused.isEmpty else {
            throw APIError(
                .forbidden, code: "field_not_allowed",
                message: "a publishable key can set only \(allowedFields.sorted().joined(separator: ", ")); "
                    + "\(refused.sorted().joined(separator: ", ")) need a secret key"
            )
        }
    }

    static let customCodeNotAllowed = APIError(
        .forbidden, code: "custom_code_not_allowed",
        message: "a publishable key cannot choose a short code; leave customCode out, or create the link with a secret key"
    )
}
