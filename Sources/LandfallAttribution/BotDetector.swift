/// Recognises crawlers and link-preview fetchers from their user agent.
///
/// Command-line tools (`curl`, `Wget`, `python-requests`) are deliberately not bots: they are
/// people or scripts acting on purpose, and `UserAgentParser` reports them as platform
/// `.other`. An empty user agent is not reported as a bot either; callers that want to treat
/// it as one can check for it themselves.
public enum BotDetector {
    /// A recognised automated client.
    public struct Match: Sendable, Hashable, Codable {
        /// The crawler's own name for itself, e.g. "facebookexternalhit", "Googlebot",
        /// "Slackbot-LinkExpanding"; for the generic rule, the word that gave it away.
        public var name: String
        /// True for social and chat unfurlers (Facebook, X, Slack, LinkedIn, Discord, Telegram,
        /// WhatsApp, Skype, iMessage, Pinterest, reddit, ...): they render a preview card and
        /// should be served Open Graph tags instead of a redirect. False for search engines and
        /// other crawlers.
        public var isLinkPreview: Bool

        /// Creates a match.
        public init(name: String, isLinkPreview: Bool) {
            self.name = name
            self.isLinkPreview = isLinkPreview
        }
    }

    /// The crawler or link-preview fetcher that sent `userAgent`, or nil for browsers,
    /// in-app browsers, app HTTP clients, tools and unreadable input.
    public static func detect(_ userAgent: String) -> Match? {
        detect(in: UserAgentText(userAgent))
    }

    static func detect(in text: UserAgentText) -> Match? {
        knownMatch(in: text) ?? genericMatch(in: text)
    }
}
