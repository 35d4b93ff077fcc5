import Foundation

/// Decides what an opened URL is and parses it on the device.
struct LinkParser: Sendable {
    enum Kind: Equatable {
        /// An `https` link on the base host or an extra domain; `segments` is the resolve path
        /// (the last one or two path segments after the base URL's prefix).
        case hosted(segments: [String], path: [String])
        /// A custom-scheme URL (`myapp://product/42`): parsed locally, never sent to the server.
        case customScheme
    }

    let configuration: LandfallConfiguration

    /// What `url` is; nil for a web URL on a host that is not the app's.
    func classify(_ url: URL) -> Kind? {
        guard let scheme = url.scheme?.lowercased() else { return nil }
        guard scheme == "http" || scheme == "https" else { return .customScheme }
        guard let host = url.host?.lowercased(), isOwnHost(host) else { return nil }
        var path = PathParameters(path: url.path).segments
        let prefix = PathParameters(path: configuration.baseURL.path).segments
        if host == configuration.baseURL.host?.lowercased(), !prefix.isEmpty, path.starts(with: prefix) {
            path.removeFirst(prefix.count)
        }
        return .hosted(segments: Array(path.suffix(2)), path: path)
    }

    func isOwnHost(_ host: String) -> Bool {
        if host == configuration.baseURL.host?.lowercased() { return true }
        return configuration.extraDomains.contains { domain in
            if domain.hasPrefix("*.") { return host.hasSuffix(String(domain.dropFirst(1))) }
            return host == domain
        }
    }

    /// The URL's query parameters; the last value wins for a repeated name.
    static func queryParameters(of url: URL) -> [String: String] {
        var parameters: [String: String] = [:]
        for item in URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? [] {
            parameters[item.name] = item.value ?? ""
        }
        return parameters
    }

    /// The SDK's own parameters, which are not the link's custom parameters.
    static let reservedParameters: Set<String> = ["lf_click"]

    /// Link data read from the URL alone: UTM parameters from `utm_*`, the other query parameters
    /// as custom parameters, and the short code (hosted links) or the path and scheme (custom scheme).
    static func localData(for url: URL, kind: Kind) -> DeepLinkData? {
        let query = queryParameters(of: url)
        var utm = UTMParameters(
            source: query["utm_source"], medium: query["utm_medium"], campaign: query["utm_campaign"],
            term: query["utm_term"], content: query["utm_content"]
        )
        if utm.isEmpty { utm = UTMParameters() }
        let custom = query.filter { !$0.key.hasPrefix("utm_") && !reservedParameters.contains($0.key) }
        switch kind {
        case .hosted(let segments, _):
            guard let code = segments.last else { return nil }
            return DeepLinkData(
                shortCode: code, utmParameters: utm.isEmpty ? nil : utm, customParameters: custom.isEmpty ? nil : custom
            )
        case .customScheme:
            return DeepLinkData(
                shortCode: "", utmParameters: utm.isEmpty ? nil : utm, customParameters: custom.isEmpty ? nil : custom,
                deepLinkPath: "/" + customSchemePath(url).joined(separator: "/"), appScheme: url.scheme
            )
        }
    }

    /// `myapp://product/42` → `["product", "42"]`: the host is the first segment, as in the URLs the
    /// server's app-opening page builds (`scheme://path?params&lf_click=…`).
    static func customSchemePath(_ url: URL) -> [String] {
        (url.host.map { [$0] } ?? []) + PathParameters(path: url.path).segments
    }

    /// The path segments an event reports for `url`.
    static func pathSegments(of url: URL, kind: Kind) -> [String] {
        switch kind {
        case .hosted(_, let path): path
        case .customScheme: customSchemePath(url)
        }
    }
}
