import Foundation

/// schemathesis's configuration file for a run: which credential each security scheme of the
/// document takes, and which seeded id each operation gets as its path parameter.
enum FuzzConfiguration {
    /// The seeded objects, by the name of the schemathesis dictionary that holds each one's id.
    static func dictionaries(_ fixtures: FuzzFixtures) -> [String: String] {
        [
            "appId": fixtures.appId, "linkId": fixtures.linkId, "templateId": fixtures.templateId, "endpointId": fixtures.endpointId,
            "deliveryId": fixtures.deliveryId, "shortCode": fixtures.shortCode, "templateSlug": fixtures.templateSlug,
        ]
    }

    /// Operations whose path names a seeded object, and which dictionary each path parameter draws
    /// from. Half the examples take the seeded id, so the operation gets past its lookup and reads
    /// its input; the other half keep generated ids. Deletes are left out on purpose: they keep
    /// generated ids only, so the seeded app, keys and link stay for the operations after them.
    static let seededParameters: [(operations: [String], parameters: [String: String])] = [
        (
            [
                "getApp", "updateApp", "createKey", "listKeys", "revokeKey", "importBranchKeys", "getConversionSchema",
                "putConversionSchema",
                "deleteConversionSchema", "getConversionDevKey", "rotateConversionDevKey", "dashboardApp", "dashboardLinks",
                "dashboardCreateLink", "dashboardReferrals", "dashboardWebhooks",
            ],
            ["path.appId": "appId"]
        ),
        (["getLink", "updateLink", "linkQRCode", "analyticsLink"], ["path.linkId": "linkId"]),
        (["dashboardLink", "dashboardUpdateLink", "dashboardLinkQR"], ["path.appId": "appId", "path.linkId": "linkId"]),
        (["getTemplate", "updateTemplate"], ["path.templateId": "templateId"]),
        (
            ["getWebhookEndpoint", "updateWebhookEndpoint", "rotateWebhookSecret", "listWebhookDeliveries"],
            ["path.endpointId": "endpointId"]
        ),
        (["getWebhookDelivery", "redeliverWebhook"], ["path.endpointId": "endpointId", "path.deliveryId": "deliveryId"]),
        (["resolveLink", "followLink", "followLinkHead"], ["path.segment": "shortCode"]),
        (["resolveTemplateLink", "followTemplatedLink", "followTemplatedLinkHead"], ["path.segment": "templateSlug"]),
    ]

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
        // GET …/keys): never for the deletes, or it deletes the seeded app or revokes its keys. Drawn
        // from that pool, a delete also stops after a handful of examples, as each id can go once.
        // The same for erasures: an external user id read back from a link it was set on would erase
        // that link, the seeded one included.
        for selector in ["include-method = \"DELETE\"", "include-operation-id = [\"erasePerson\"]"] {
            lines += [
                "[[operations]]", selector,
                "phases.examples.extra-data-sources.responses = false",
                "phases.coverage.extra-data-sources.responses = false",
                "phases.fuzzing.extra-data-sources.responses = false", "",
            ]
        }
        for (name, value) in dictionaries(server.fixtures).sorted(by: { $0.key < $1.key }) {
            lines += ["[dictionaries.\(name)]", "values = [\(quoted(value))]", ""]
        }
        for seeded in seededParameters {
            lines.append("[[operations]]")
            lines.append("include-operation-id = [\(seeded.operations.map(quoted).joined(separator: ", "))]")
            let parameters = seeded.parameters.sorted { $0.key < $1.key }.map {
                "\(quoted($0.key)) = { dictionary = \(quoted($0.value)), probability = 0.5 }"
            }
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
