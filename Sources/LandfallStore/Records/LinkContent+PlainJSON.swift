import LandfallModels

extension LinkContent {
    /// The content exactly as `JSONDecoder` decodes it from the same document, or nil when the
    /// document is not of the shape the decoder accepts (the caller then decodes with
    /// `JSONDecoder`, which says what is wrong). A redirect that misses the link cache reads one.
    init?(plain value: JSONValue) {
        guard case .object(let members) = value else { return nil }
        var fields = PlainJSON.Fields(members)
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
                var utm = PlainJSON.Fields(nested)
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
                var rules = PlainJSON.Fields(nested)
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
