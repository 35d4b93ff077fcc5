/// Campaign tracking parameters carried by a link and handed to the app.
public struct UTMParameters: Codable, Sendable, Hashable {
    public var source: String?
    public var medium: String?
    public var campaign: String?
    public var term: String?
    public var content: String?

    public init(source: String? = nil, medium: String? = nil, campaign: String? = nil, term: String? = nil, content: String? = nil) {
        self.source = source
        self.medium = medium
        self.campaign = campaign
        self.term = term
        self.content = content
    }

    /// True when no parameter is set.
    public var isEmpty: Bool {
        source == nil && medium == nil && campaign == nil && term == nil && content == nil
    }

    /// The parameters as `utm_*` query items, in the conventional order, skipping unset ones.
    public var queryItems: [(name: String, value: String)] {
        [("utm_source", source), ("utm_medium", medium), ("utm_campaign", campaign), ("utm_term", term), ("utm_content", content)]
            .compactMap { name, value in value.map { (name, $0) } }
    }

    /// Fills every unset parameter from `defaults`.
    public func filling(from defaults: UTMParameters?) -> UTMParameters {
        guard let defaults else { return self }
        return UTMParameters(
            source: source ?? defaults.source,
            medium: medium ?? defaults.medium,
            campaign: campaign ?? defaults.campaign,
            term: term ?? defaults.term,
            content: content ?? defaults.content
        )
    }
}
