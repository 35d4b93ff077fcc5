import Foundation
import LandfallModels
import LandfallStore

/// Firebase Dynamic Links exports: the short link's last path segment becomes the short code; the
/// long link's parameters (`link`, `apn`, `afl`, `isi`, `ifl`, `ofl`, `st`, `sd`, `si`, `utm_*`) become
/// the link's destinations, social preview and UTM parameters.
enum FirebaseExport {
    static func parse(_ data: Data) throws -> (records: [LinkImportRecord], unreadable: [(line: Int, reason: String)]) {
        var records: [LinkImportRecord] = [], unreadable: [(line: Int, reason: String)] = []
        for (line, fields) in try CSV.records(data) {
            let short = fields["shortlink"] ?? fields["shortdynamiclink"] ?? fields["shorturl"]
            let long = fields["longlink"] ?? fields["longdynamiclink"] ?? fields["longurl"]
            var parameters: [String: String] = [:]
            if let long, let components = URLComponents(string: long) {
                for item in components.queryItems ?? [] { if let value = item.value, !value.isEmpty { parameters[item.name] = value } }
            }
            guard let deepLink = fields["deeplink"] ?? fields["link"] ?? parameters["link"] else {
                unreadable.append((line, "no deep link (a 'Deep link' column or a long link with link=)"))
                continue
            }
            var content = LinkContent(originalUrl: deepLink)
            if let url = URLComponents(string: deepLink), !url.path.isEmpty, url.path != "/" {
                content.deepLinkPath = url.percentEncodedQuery.map { "\(url.path)?\($0)" } ?? url.path
            }
            content.webFallbackUrl = parameters["ofl"]
            content.iosAppStoreUrl = parameters["ifl"] ?? parameters["isi"].map { "https://apps.apple.com/app/id\($0)" }
            content.androidAppStoreUrl =
                parameters["afl"] ?? parameters["apn"].map { "https://play.google.com/store/apps/details?id=\($0)" }
            content.title = fields["linkname"] ?? fields["name"] ?? parameters["st"]
            content.ogTitle = parameters["st"]
            content.ogDescription = parameters["sd"]
            content.description = parameters["sd"]
            content.ogImageUrl = parameters["si"]
            let utm = UTMParameters(
                source: parameters["utm_source"], medium: parameters["utm_medium"], campaign: parameters["utm_campaign"],
                term: parameters["utm_term"], content: parameters["utm_content"]
            )
            if utm != UTMParameters() { content.utmParameters = utm }
            let code = short.flatMap { URLComponents(string: $0)?.path.split(separator: "/").last.map(String.init) }
            records.append(LinkImportRecord(line: line, customCode: code, content: content, isActive: nil))
        }
        return (records, unreadable)
    }
}

/// LinkForty exports: its link fields, snake_case (database rows) or camelCase (API answers).
enum LinkFortyExport {
    static func parseJSON(_ data: Data) throws -> (records: [LinkImportRecord], unreadable: [(line: Int, reason: String)]) {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw LinkImportError("the file is not JSON: \(error.localizedDescription)")
        }
        let items: [Any]
        if let array = object as? [Any] {
            items = array
        } else if let wrapper = object as? [String: Any], let array = (wrapper["links"] ?? wrapper["data"]) as? [Any] {
            items = array
        } else {
            throw LinkImportError("expected a JSON array of links, or an object with a 'links' or 'data' array")
        }
        var records: [LinkImportRecord] = [], unreadable: [(line: Int, reason: String)] = []
        for (index, item) in items.enumerated() {
            guard let fields = item as? [String: Any] else {
                unreadable.append((index + 1, "not a JSON object"))
                continue
            }
            var camel: [String: Any] = [:]
            for (key, value) in fields where !(value is NSNull) { camel[camelCase(key)] = value }
            do {
                let content = try LandfallJSON.makeDecoder().decode(LinkContent.self, from: JSONSerialization.data(withJSONObject: camel))
                records.append(
                    LinkImportRecord(
                        line: index + 1, customCode: (camel["shortCode"] ?? camel["customCode"]) as? String, content: content,
                        isActive: camel["isActive"] as? Bool
                    ))
            } catch {
                unreadable.append((index + 1, "unreadable link fields: \(error)"))
            }
        }
        return (records, unreadable)
    }

    static func parseCSV(_ data: Data) throws -> (records: [LinkImportRecord], unreadable: [(line: Int, reason: String)]) {
        var records: [LinkImportRecord] = [], unreadable: [(line: Int, reason: String)] = []
        for (line, fields) in try CSV.records(data) {
            var content = LinkContent(
                originalUrl: fields["originalurl"], iosAppStoreUrl: fields["iosappstoreurl"],
                androidAppStoreUrl: fields["androidappstoreurl"],
                webFallbackUrl: fields["webfallbackurl"], appScheme: fields["appscheme"], iosUniversalLink: fields["iosuniversallink"],
                androidAppLink: fields["androidapplink"], deepLinkPath: fields["deeplinkpath"]
            )
            content.title = fields["title"]
            content.description = fields["description"]
            content.ogTitle = fields["ogtitle"]
            content.ogDescription = fields["ogdescription"]
            content.ogImageUrl = fields["ogimageurl"]
            let utm = UTMParameters(
                source: fields["utmsource"], medium: fields["utmmedium"], campaign: fields["utmcampaign"], term: fields["utmterm"],
                content: fields["utmcontent"]
            )
            if utm != UTMParameters() { content.utmParameters = utm }
            var isActive: Bool?
            if let text = fields["isactive"]?.lowercased() {
                guard let value = ["true": true, "1": true, "false": false, "0": false][text] else {
                    unreadable.append((line, "is_active must be true or false"))
                    continue
                }
                isActive = value
            }
            records.append(
                LinkImportRecord(line: line, customCode: fields["shortcode"] ?? fields["customcode"], content: content, isActive: isActive))
        }
        return (records, unreadable)
    }

    static func camelCase(_ key: String) -> String {
        let parts = key.split(separator: "_")
        guard let first = parts.first else { return key }
        return String(first) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }
}
