import LandfallModels

extension LinkContent {
    /// The content exactly as `JSONDecoder` decodes it from the same document, or nil when the
    /// document is not of the shape the decoder accepts (the caller then decodes with
    /// `JSONDecoder`, which says what is wrong). A redirect that misses the link cache reads one.
    init?(plain value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        var fields = PlainFields(members)
        self.init(
            originalUrl: fields.string("originalUrl"),
            iosAppStoreUrl: fields.string("iosAppStoreUrl"),
            androidAppStoreUrl: fields.string("androidAppStoreUrl"),
            webFallbackUrl: fields.string("webFallbackUrl"),
            appScheme: fields.string("appScheme"),
            iosUniversalLink: fields.string("iosUniversalLink"),
            androidAppLink: fields.string("androidAppLink"),
            deepLinkPath: fields.string("deepLinkPath"),
            deepLinkParameters: fields.stringMap("deepLinkParameters"),
            utmParameters: fields.nested("utmParameters") { nested in
                var utm = PlainFields(nested)
                let parameters = UTMParameters(
                    source: utm.string("source"), medium: utm.string("medium"), campaign: utm.string("campaign"),
                    term: utm.string("term"), content: utm.string("content")
                )
                return utm.isValid ? parameters : nil
            },
            title: fields.string("title"),
            description: fields.string("description"),
            ogTitle: fields.string("ogTitle"),
            ogDescription: fields.string("ogDescription"),
            ogImageUrl: fields.string("ogImageUrl"),
            targetingRules: fields.nested("targetingRules") { nested in
                var rules = PlainFields(nested)
                let targeting = TargetingRules(
                    countries: rules.strings("countries"), devices: rules.strings("devices"), languages: rules.strings("languages")
                )
                return rules.isValid ? targeting : nil
            },
            attributionWindowHours: fields.integer("attributionWindowHours")
        )
        guard fields.isValid else { return nil }
    }
}

/// An object's members read as a synthesized `Decodable` reads optional properties: a missing key
/// or `null` is nil, a value of another type makes the whole read invalid. Unknown keys are ignored.
struct PlainFields {
    let members: [String: JSONValue]
    private(set) var isValid = true

    init(_ members: [String: JSONValue]) {
        self.members = members
    }

    mutating func string(_ key: String) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        default: return invalid()
        }
    }

    mutating func strings(_ key: String) -> [String]? {
        switch members[key] {
        case nil, .null?: return nil
        case .array(let elements)?:
            var texts: [String] = []
            texts.reserveCapacity(elements.count)
            for element in elements {
                guard case .string(let text) = element else { return invalid() }
                texts.append(text)
            }
            return texts
        default: return invalid()
        }
    }

    mutating func stringMap(_ key: String) -> [String: String]? {
        switch members[key] {
        case nil, .null?: return nil
        case .object(let entries)?:
            var map: [String: String] = [:]
            map.reserveCapacity(entries.count)
            for (name, entry) in entries {
                guard case .string(let text) = entry else { return invalid() }
                map[name] = text
            }
            return map
        default: return invalid()
        }
    }

    /// `JSONDecoder` takes any number with an exact `Int` value (`24`, `24.0`, `2.4e1`); past
    /// 2^53 a `Double` no longer says which integer was written, so those are left to it.
    mutating func integer(_ key: String) -> Int? {
        switch members[key] {
        case nil, .null?: return nil
        case .number(let number)? where number.rounded() == number && abs(number) < 9_007_199_254_740_992: return Int(number)
        default: return invalid()
        }
    }

    mutating func nested<Value>(_ key: String, _ read: ([String: JSONValue]) -> Value?) -> Value? {
        switch members[key] {
        case nil, .null?: return nil
        case .object(let nested)?: return read(nested) ?? invalid()
        default: return invalid()
        }
    }

    private mutating func invalid<Value>() -> Value? {
        isValid = false
        return nil
    }
}
