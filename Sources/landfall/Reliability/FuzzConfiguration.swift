import Foundation

/// schemathesis's configuration file for a run: which credential each security scheme of the
/// document takes, and which seeded id each operation gets as its path parameter.
enum FuzzConfiguration {
    /// Operations whose path names the seeded object, and the parameters they get. Deletes are
    /// left out on purpose: they keep random ids, so the seeded app, keys and link stay for the
    /// operations that come after them.
    static func pinnedParameters(_ fixtures: FuzzFixtures) -> [(operations: [String], parameters: [String: String])] {
        [
            (["getApp", "updateApp", "createKey", "listKeys", "revokeKey", "importBranchKeys", "getConversionSchema", "putConversionSchema",
              "deleteConversionSchema", "getConversionDevKey", "rotateConversionDevKey", "dashboardApp", "dashboardLinks",
              "dashboardCreateLink", "dashboardReferrals", "dashboardWebhooks"],
             ["path.appId": fixtures.appId]),
            (["getLink", "updateLink", "linkQRCode", "analyticsLink"], ["path.linkId": fixtures.linkId]),
            (["dashboardLink", "dashboardUpdateLink", "dashboardLinkQR"], ["path.appId": fixtures.appId, "path.linkId": fixtures.linkId]),
            (["getTemplate", "updateTemplate"], ["path.templateId": fixtures.templateId]),
            (["getWebhookEndpoint", "updateWebhookEndpoint", "rotateWebhookSecret", "listWebhookDeliveries"],
             ["path.endpointId": fixtures.endpointId]),
            (["getWebhookDelivery", "redeliverWebhook"], ["path.endpointId": fixtures.endpointId, "path.deliveryId": fixtures.deliveryId]),
            (["resolveLink", "followLink", "followLinkHead"], ["path.segment": fixtures.shortCode]),
            (["resolveTemplateLink", "followTemplatedLink", "followTemplatedLinkHead"], ["path.segment": fixtures.templateSlug]),
        ]
    }

    static func text(for server: FuzzServer, workers: Int, cacheDirectory: URL) -> String {
        var lines = [
            "workers = \(workers)",
            // Its cache would otherwise land in whatever directory the command runs from.
            "cache = { directory = \(quoted(cacheDirectory.path)) }",
            // A generated request that times out is a finding too; the server answers in milliseconds.
            "request-timeout = 30",
            "",
            "[auth.openapi.adminToken]", "bearer = \(quoted(server.adminToken))", "",
            "[auth.openapi.secretKey]", "bearer = \(quoted(server.fixtures.secretKey))", "",
            "[auth.openapi.publishableKey]", "bearer = \(quoted(server.fixtures.publishableKey))", "",
        ]
        // schemathesis reuses ids it saw in answers (the app listed by GET /api/apps, the keys by
        // GET …/keys): never for these two, or it deletes the seeded app or revokes its keys.
        lines += [
            "[[operations]]", "include-operation-id = [\"deleteApp\", \"revokeKey\"]",
            "phases.examples.extra-data-sources.responses = false",
            "phases.coverage.extra-data-sources.responses = false",
            "phases.fuzzing.extra-data-sources.responses = false", "",
        ]
        for pin in pinnedParameters(server.fixtures) {
            lines.append("[[operations]]")
            lines.append("include-operation-id = [\(pin.operations.map(quoted).joined(separator: ", "))]")
            let parameters = pin.parameters.sorted { $0.key < $1.key }.map { "\(quoted($0.key)) = \(quoted($0.value))" }
            lines.append("parameters = { \(parameters.joined(separator: ", ")) }")
            lines.append("")
        }
        return lines.joined(separator: "\n")
    }

    /// A TOML basic string; the values are ids and keys, but quote them properly all the same.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: out += String(format: "\\u%04X", scalar.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
