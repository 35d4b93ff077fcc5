import Foundation
import LandfallModels
import LandfallStore

/// One link read from an export file, before validation.
public struct LinkImportRecord: Sendable, Hashable {
    /// 1-based line (CSV) or array index + 1 (JSON), for the summary.
    public var line: Int
    public var customCode: String?
    public var content: LinkContent
    public var isActive: Bool?
}

/// The export files `landfall import` reads.
public enum LinkImportFormat: String, Sendable, CaseIterable {
    /// Firebase Dynamic Links console export: CSV with a short link, a long link and/or a deep link per row.
    case firebase
    /// LinkForty links as a JSON array (or `{"links": [...]}` / `{"data": [...]}`), snake_case or camelCase.
    case linkfortyJSON = "linkforty-json"
    /// LinkForty links as CSV with the same field names as columns, `utm_*` columns for UTM parameters.
    case linkfortyCSV = "linkforty-csv"

    /// Parses a whole file; rows that cannot be read at all come back in `unreadable` with their reason.
    public func parse(_ data: Data) throws -> (records: [LinkImportRecord], unreadable: [(line: Int, reason: String)]) {
        switch self {
        case .firebase: try FirebaseExport.parse(data)
        case .linkfortyCSV: try LinkFortyExport.parseCSV(data)
        case .linkfortyJSON: try LinkFortyExport.parseJSON(data)
        }
    }
}

/// Why a whole file cannot be imported.
public struct LinkImportError: Error, CustomStringConvertible, Sendable {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// RFC 4180 CSV: quoted fields, doubled quotes, CRLF or LF, a header row.
enum CSV {
    static func rows(_ text: String) -> [[String]] {
        var rows: [[String]] = [], row: [String] = [], field = ""
        var quoted = false, afterQuote = false
        var iterator = text.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if quoted {
                if scalar == "\"" { quoted = false; afterQuote = true } else { field.unicodeScalars.append(scalar) }
                continue
            }
            switch scalar {
            case "\"":
                if afterQuote { field.append("\"") }
                quoted = true
                afterQuote = false
            case ",":
                row.append(field); field = ""; afterQuote = false
            case "\n", "\r":
                // Blank lines (and the LF of a CRLF) end no row.
                afterQuote = false
                if !(row.isEmpty && field.isEmpty) { row.append(field); rows.append(row) }
                row = []; field = ""
            default:
                field.unicodeScalars.append(scalar); afterQuote = false
            }
        }
        if !(row.isEmpty && field.isEmpty) { row.append(field); rows.append(row) }
        return rows
    }

    /// Header names folded for matching: lowercase, without spaces, dashes and underscores.
    static func fold(_ name: String) -> String {
        name.lowercased().filter { $0.isLetter || $0.isNumber }
    }

    /// Rows as folded-header dictionaries with their line numbers (the header is line 1).
    static func records(_ data: Data) throws -> [(line: Int, fields: [String: String])] {
        guard var text = String(data: data, encoding: .utf8) else { throw LinkImportError("the file is not UTF-8 text") }
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        let rows = Self.rows(text)
        guard let header = rows.first else { throw LinkImportError("the file is empty") }
        let names = header.map { fold($0) }
        return rows.dropFirst().enumerated().map { index, row in
            var fields: [String: String] = [:]
            for (column, value) in row.enumerated() where column < names.count {
                let trimmed = value.trimmingCharacters(in: .whitespaces)
                if !trimmed.isEmpty { fields[names[column]] = trimmed }
            }
            return (index + 2, fields)
        }
    }
}
