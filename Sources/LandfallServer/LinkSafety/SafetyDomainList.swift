import Foundation
import LandfallModels
import LandfallStore

/// Domain lists as one lookup: the strictest entry whose domain is a link destination's host or a
/// parent of it (`evil.example` covers `a.evil.example`, never `notevil.example`).
struct SafetyDomainList: Sendable {
    private var states: [String: LinkSafety] = [:]

    init(_ entries: [SafetyDomainRecord]) {
        for entry in entries {
            states[entry.domain] = max(states[entry.domain] ?? .allow, entry.state)
        }
    }

    var isEmpty: Bool { states.isEmpty }

    /// The verdict on a set of hosts: the strictest state any of them falls under.
    func verdict(hosts: some Sequence<String>) -> LinkSafety {
        var verdict = LinkSafety.allow
        for host in hosts {
            verdict = max(verdict, state(of: host))
            if verdict == .block { break }
        }
        return verdict
    }

    /// Walks from the host up through its parent domains, one label at a time.
    private func state(of host: String) -> LinkSafety {
        var strictest = LinkSafety.allow
        var candidate = Substring(host)
        while !candidate.isEmpty {
            if let state = states[String(candidate)] { strictest = max(strictest, state) }
            guard let dot = candidate.firstIndex(of: ".") else { break }
            candidate = candidate[candidate.index(after: dot)...]
        }
        return strictest
    }

    /// The hosts a link can send a visitor to over the web: its http(s) destinations. App-scheme URLs
    /// open the app itself and name no host.
    static func destinationHosts(of content: LinkContent) -> Set<String> {
        let urls = [
            content.originalUrl, content.webFallbackUrl, content.iosAppStoreUrl, content.androidAppStoreUrl,
            content.iosUniversalLink, content.androidAppLink,
        ]
        return Set(urls.compactMap { $0.flatMap(webHost) })
    }

    /// The lowercase host of an http(s) URL, without a trailing dot (`evil.example.` is `evil.example`).
    static func webHost(_ url: String) -> String? {
        guard let components = URLComponents(string: url), let scheme = components.scheme?.lowercased(),
            scheme == "http" || scheme == "https", var host = components.host?.lowercased(), !host.isEmpty
        else { return nil }
        while host.hasSuffix(".") { host.removeLast() }
        return host.isEmpty ? nil : host
    }
}
