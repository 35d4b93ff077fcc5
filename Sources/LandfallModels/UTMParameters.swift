/// Campaign tracking parameters carried by a link and handed to the app.
public struct UTMParameters: Codable, Sendable, Hashable {
    /// `utm_source`: who sends the traffic, e.g. `newsletter` or `instagram`.
    public var source: String?
    /// `utm_medium`: the kind of channel, e.g. `email`, `social` or `cpc`.
    public var medium: String?
    /// `utm_campaign`: the campaign's name, e.g. `spring_sale`.
    public var campaign: String?
    /// `utm_term`: the paid search keyword.
    public var term: String?
    /// `utm_content`: which variant or placement of the ad or link was clicked.
    public var content: String?

    /// Creates parameters; each parameter sets the property of the same name, nil leaving it unset.
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
    ///
    /// - Parameter defaults: the fallback values (a template's, say); nil leaves the parameters as they are.
    /// - Returns: these parameters, with each nil one taken from `defaults`.
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
