/// A small HTML tokenizer after the WHATWG tokenization rules, enough to find elements, their
/// attributes (entity-decoded, names lowercased) and the raw text of `script`, `style`, `title` and
/// `textarea`, as a browser would split them. Comments, doctypes and end tags are skipped.
struct HTMLTokenizer {
    struct Attribute: Sendable, Hashable {
        var name: String
        var value: String
    }

    enum Token {
        /// A start tag; `rawText` is the content of a raw-text or RCDATA element.
        case element(name: String, attributes: [Attribute], rawText: String?)
        case text(String)
    }

    private static let rawTextElements: Set<String> = [
        "script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "plaintext",
    ]

    private let scalars: [Unicode.Scalar]
    private var index = 0

    init(_ html: String) {
        scalars = Array(html.unicodeScalars)
    }

    mutating func next() -> Token? {
        while index < scalars.count {
            if scalars[index] == "<", index + 1 < scalars.count {
                let following = scalars[index + 1]
                if isLetter(following) {
                    index += 1
                    return startTag()
                }
                if following == "!" {
                    skipMarkupDeclaration()
                    continue
                }
                if following == "/" {
                    // An end tag, or (not followed by a letter) a bogus comment: either way up to `>`.
                    skip(past: ">")
                    continue
                }
                if following == "?" {
                    skip(past: ">")
                    continue
                }
            }
            let start = index
            index += 1
            while index < scalars.count, scalars[index] != "<" { index += 1 }
            return .text(string(start..<index))
        }
        return nil
    }

    private mutating func startTag() -> Token {
        var name = ""
        while index < scalars.count, !isSpace(scalars[index]), scalars[index] != "/", scalars[index] != ">" {
            name.unicodeScalars.append(lowered(scalars[index]))
            index += 1
        }
        var attributes: [Attribute] = []
        var seen: Set<String> = []
        while index < scalars.count {
            while index < scalars.count, isSpace(scalars[index]) || scalars[index] == "/" { index += 1 }
            guard index < scalars.count, scalars[index] != ">" else { break }
            var attributeName = ""
            // The first character may be `=`, which then belongs to the name.
            attributeName.unicodeScalars.append(lowered(scalars[index]))
            index += 1
            while index < scalars.count, !isSpace(scalars[index]), scalars[index] != "/", scalars[index] != ">", scalars[index] != "=" {
                attributeName.unicodeScalars.append(lowered(scalars[index]))
                index += 1
            }
            while index < scalars.count, isSpace(scalars[index]) { index += 1 }
            var value = ""
            if index < scalars.count, scalars[index] == "=" {
                index += 1
                while index < scalars.count, isSpace(scalars[index]) { index += 1 }
                if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                    let quote = scalars[index]
                    index += 1
                    let start = index
                    while index < scalars.count, scalars[index] != quote { index += 1 }
                    value = string(start..<index)
                    if index < scalars.count { index += 1 }
                } else {
                    let start = index
                    while index < scalars.count, !isSpace(scalars[index]), scalars[index] != ">" { index += 1 }
                    value = string(start..<index)
                }
            }
            // A repeated attribute is ignored by browsers: keep the first.
            if seen.insert(attributeName).inserted {
                attributes.append(Attribute(name: attributeName, value: HTMLEntities.decode(value)))
            }
        }
        if index < scalars.count { index += 1 }
        var rawText: String?
        if Self.rawTextElements.contains(name) {
            let start = index
            let end = findEndTag(name)
            rawText = string(start..<end)
            index = end
            skip(past: ">")
        }
        return .element(name: name, attributes: attributes, rawText: rawText)
    }

    /// Where `</name` (any case, then a space, `/` or `>`) starts, or the end of input.
    private func findEndTag(_ name: String) -> Int {
        let nameScalars = Array(name.unicodeScalars)
        var position = index
        while position + 1 < scalars.count {
            if scalars[position] == "<", scalars[position + 1] == "/" {
                var matched = true
                for (offset, scalar) in nameScalars.enumerated() {
                    let at = position + 2 + offset
                    if at >= scalars.count || lowered(scalars[at]) != scalar { matched = false; break }
                }
                let after = position + 2 + nameScalars.count
                if matched, after >= scalars.count || isSpace(scalars[after]) || scalars[after] == "/" || scalars[after] == ">" {
                    return position
                }
            }
            position += 1
        }
        return scalars.count
    }

    private mutating func skipMarkupDeclaration() {
        if index + 3 < scalars.count, scalars[index + 2] == "-", scalars[index + 3] == "-" {
            index += 4
            while index < scalars.count {
                if scalars[index] == "-", index + 2 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] == ">" {
                    index += 3
                    return
                }
                if scalars[index] == "-", index + 3 < scalars.count, scalars[index + 1] == "-", scalars[index + 2] == "!",
                    scalars[index + 3] == ">"
                {
                    index += 4
                    return
                }
                index += 1
            }
            return
        }
        skip(past: ">")
    }

    private mutating func skip(past terminator: Unicode.Scalar) {
        while index < scalars.count, scalars[index] != terminator { index += 1 }
        if index < scalars.count { index += 1 }
    }

    private func string(_ range: Range<Int>) -> String {
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars[range])
        return text
    }

    private func isLetter(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) }
    private func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }
    private func lowered(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }
}

/// Character references as browsers decode them in attribute values: numeric ones, and the named
/// ones that matter for spelling a scheme or markup.
enum HTMLEntities {
    static let named: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "tab": "\t", "newline": "\n", "sol": "/",
        "lpar": "(", "rpar": ")", "period": ".", "comma": ",", "semi": ";", "equals": "=", "grave": "`", "nbsp": "\u{A0}",
    ]

    static func decode(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var result = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            let reference = after.prefix { $0.isLetter || $0.isNumber || $0 == "#" }
            var consumed = reference.endIndex
            var replacement: String?
            if reference.hasPrefix("#") {
                let digits = reference.dropFirst()
                let value = digits.first == "x" || digits.first == "X" ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
                replacement = value.flatMap(Unicode.Scalar.init).map { String(Character($0)) } ?? (digits.isEmpty ? nil : "\u{FFFD}")
            } else {
                replacement = named[reference.lowercased()]
            }
            if let replacement {
                if consumed < rest.endIndex, rest[consumed] == ";" { consumed = rest.index(after: consumed) }
                result += replacement
                rest = rest[consumed...]
            } else {
                result += "&"
                rest = after
            }
        }
        return result + rest
    }
}
