import LandfallAttribution

/// Remembers a pure function of a request header's text. A few thousand distinct user agents and
/// language lists make up nearly all of the traffic, and each click would otherwise parse them
/// twice (on the redirect, then for its matching keys when it is written).
final class HeaderMemo<Value: Sendable>: Sendable {
    /// Headers longer than this are computed every time (the redirect stores at most 1 KiB anyway).
    private static var longestKept: Int { 1024 }

    private let values: ExpiringCache<String, Value>
    private let compute: @Sendable (String) -> Value

    init(capacity: Int = 4096, _ compute: @escaping @Sendable (String) -> Value) {
        self.values = ExpiringCache(capacity: capacity, timeToLive: .seconds(86_400), revision: { 0 })
        self.compute = compute
    }

    func callAsFunction(_ header: String) -> Value {
        if let known = values.value(for: header) { return known }
        let value = compute(header)
        if header.utf8.count <= Self.longestKept { values.store(value, for: header, readAt: 0) }
        return value
    }
}

enum HeaderMemos {
    static let userAgent = HeaderMemo { UserAgentParser.parse($0) }
    /// The most preferred language of an Accept-Language header, as the engine normalises it.
    static let preferredLanguage = HeaderMemo { LanguageTag.preferred(inAcceptLanguage: $0) }
    /// The primary subtags of an Accept-Language header in order, for language targeting.
    static let primaryLanguages = HeaderMemo { RedirectController.languages($0) }
}
