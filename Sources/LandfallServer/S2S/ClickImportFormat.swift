import Foundation
import LandfallModels

/// One click read from an import file, before validation: validation is the S2S endpoint's.
public struct ClickImportRow: Sendable {
    /// 1-based line (CSV, the header is line 1) or position in the `clicks` array (JSON), for the summary.
    public var line: Int
    var item: S2SClickItem
}

/// The clicks of an import file, and the rows that could not be read at all with their reasons.
public struct ClickImportFile: Sendable {
    public var rows: [ClickImportRow]
    public var unreadable: [(line: Int, reason: String)]
}

/// Click files `landfall import` reads: a CSV of clicks with their times (LinkForty's click table
/// exported as CSV is one), or the `clicks` array of a LinkForty JSON export.
///
/// Column and key names are matched folded (case, `_`, `-` and spaces ignored), so `clicked_at`,
/// `clickedAt` and `Clicked At` are one name. Columns nobody matches on (LinkForty's `device_type`,
/// `platform`, `country`, `referrer`) are ignored: the server derives the platform from the user
/// agent as it does for a redirect. `campaign`/`utm_campaign`, `source`/`utm_source` and
/// `medium`/`utm_medium` are read only on a row without a link: such a row is a campaign's click.
public enum ClickImportFormat {
    /// Parses a CSV of clicks.
    public static func parseCSV(_ data: Data) throws -> ClickImportFile {
        var file = ClickImportFile(rows: [], unreadable: [])
        for (line, fields) in try CSV.records(data) {
            file.add(line: line, fields: fields, linkCodes: [:])
        }
        return file
    }

    /// The clicks of a LinkForty JSON export (`{"links": [...], "clicks": [...]}`, snake_case or
    /// camelCase), or nil when it holds none. A click's `link_id` is LinkForty's id of the link, which
    /// an import does not keep: it is resolved to the short code of the export's link with that id.
    public static func parseLinkFortyJSON(_ data: Data) throws -> ClickImportFile? {
        let object: Any
        do { object = try JSONSerialization.jsonObject(with: data) } catch {
            throw LinkImportError("the file is not JSON: \(error.localizedDescription)")
        }
        guard let wrapper = object as? [String: Any] else { return nil }
        let folded = Dictionary(wrapper.map { (CSV.fold($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        guard let clicks = (folded["clicks"] ?? folded["clickevents"]) as? [Any] else { return nil }
        var linkCodes: [String: String] = [:]
        for case let link as [String: Any] in (folded["links"] ?? folded["data"]) as? [Any] ?? [] {
            let fields = textFields(link)
            if let id = fields["id"], let code = fields["shortcode"] ?? fields["customcode"] { linkCodes[id] = code }
        }
        var file = ClickImportFile(rows: [], unreadable: [])
        for (index, click) in clicks.enumerated() {
            guard let fields = click as? [String: Any] else {
                file.unreadable.append((index + 1, "not a JSON object"))
                continue
            }
            file.add(line: index + 1, fields: textFields(fields), linkCodes: linkCodes)
        }
        return file
    }

    /// JSON values as the text a CSV would hold, under folded keys.
    static func textFields(_ object: [String: Any]) -> [String: String] {
        var fields: [String: String] = [:]
        for (key, value) in object {
            let text: String? =
                switch value {
                case let string as String: string.trimmingCharacters(in: .whitespaces)
                case let integer as Int: String(integer)
                case let double as Double: double.rounded() == double && abs(double) < 1e15 ? String(Int64(double)) : String(double)
                default: nil
                }
            if let text, !text.isEmpty { fields[CSV.fold(key)] = text }
        }
        return fields
    }

    /// A stated time as exports write it: what the endpoint takes (ISO 8601, Unix seconds or
    /// milliseconds), or PostgreSQL's text form (`2026-11-24 09:15:02.123456+00`, LinkForty's
    /// `clicked_at` in a `COPY` or `psql` export). A time without a zone is read as UTC.
    static func timestamp(_ text: String) -> Date? {
        if let date = S2STimestamp.parse(text) { return date }
        let pattern = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(\.\d+)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/
        guard let match = text.trimmingCharacters(in: .whitespaces).wholeMatch(of: pattern) else { return nil }
        // ISO 8601 takes at most milliseconds here; PostgreSQL writes microseconds.
        let fraction = match.3.map { String($0.prefix(4)) } ?? ""
        var zone = match.4.map(String.init) ?? "Z"
        if zone != "Z" {
            let digits = zone.dropFirst().filter(\.isNumber)
            zone = String(zone.prefix(1)) + digits.prefix(2) + ":" + (digits.count > 2 ? digits.dropFirst(2) : "00")
        }
        return LandfallJSON.parseTimestamp("\(match.1)T\(match.2)\(fraction)\(zone)")
    }
}

extension ClickImportFile {
    /// Reads one click's fields; a value that is present but unreadable refuses the row here, a
    /// missing one is left for the endpoint's validation to name.
    mutating func add(line: Int, fields: [String: String], linkCodes: [String: String]) {
        var milliseconds: Double?
        if let text = fields["timestamp"] ?? fields["clickedat"] ?? fields["time"] {
            guard let date = ClickImportFormat.timestamp(text) else {
                unreadable.append((line, "timestamp: must be ISO 8601, a Unix time or a PostgreSQL timestamp"))
                return
            }
            milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
        }
        var width = fields["screenwidth"], height = fields["screenheight"]
        if let screen = fields["screen"] {
            let parts = screen.lowercased().split(separator: "x")
            guard parts.count == 2 else {
                unreadable.append((line, "screen: must be WIDTHxHEIGHT in pixels, e.g. 1179x2556"))
                return
            }
            (width, height) = (String(parts[0]), String(parts[1]))
        }
        var screen: [Int?] = []
        for (name, value) in [("screenWidth", width), ("screenHeight", height)] {
            guard let value else { screen.append(nil); continue }
            guard let number = Int(value.trimmingCharacters(in: .whitespaces)) else {
                unreadable.append((line, "\(name): must be a whole number of pixels"))
                return
            }
            screen.append(number)
        }
        var code = fields["link"] ?? fields["shortcode"] ?? fields["code"]
        var linkId = fields["linkid"]
        if code == nil, let id = linkId, let exported = linkCodes[id] {
            code = exported
            linkId = nil
        }
        // A row without a link is a campaign's click when it names one; with a link, the link's own
        // UTM parameters say the campaign and the row's are left alone.
        let namesALink = code != nil || linkId != nil
        rows.append(
            ClickImportRow(
                line: line,
                item: S2SClickItem(
                    link: code, linkId: linkId, ip: fields["ip"] ?? fields["ipaddress"], userAgent: fields["useragent"],
                    screenWidth: screen[0], screenHeight: screen[1], timezone: fields["timezone"] ?? fields["tz"],
                    language: fields["language"] ?? fields["lang"], clickId: fields["clickid"] ?? fields["id"], timestamp: milliseconds,
                    campaign: namesALink ? nil : fields["campaign"] ?? fields["utmcampaign"],
                    source: namesALink ? nil : fields["source"] ?? fields["utmsource"],
                    medium: namesALink ? nil : fields["medium"] ?? fields["utmmedium"]
                )))
    }
}
