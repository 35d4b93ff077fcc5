import Foundation
import HTTPTypes
import Hummingbird
import LandfallAttribution
import LandfallStore
import Logging

/// `GET`/`HEAD /:code` and `/:templateSlug/:code`: the redirect, the interstitial and click capture.
struct RedirectController: Sendable {
    let storage: any LandfallStorage
    let recorder: ClickRecorder
    let links: LinkService
    let lookup: LinkLookup
    let metrics: ServerMetrics
    let trustProxy: Bool
    let countryHeader: HTTPField.Name?
    let now: @Sendable () -> Date

    private let planner = RedirectPlanner()

    func register(on router: Router<LandfallRequestContext>) {
        // The first segment shares one parameter name in both shapes, as the router requires.
        router.get(":segment", use: follow)
        router.head(":segment", use: follow)
        router.get(":segment/:code", use: follow)
        router.head(":segment/:code", use: follow)
    }

    @Sendable func follow(_ request: Request, context: LandfallRequestContext) async throws -> Response {
        let isHead = request.method == .head
        let headers = RedirectHeaders(request.headers)
        let segment = try context.parameters.require("segment")
        let code = context.parameters.get("code") ?? segment
        let slug = context.parameters.get("code") == nil ? nil : segment
        // A blocked link answers exactly as a code that does not exist: nothing tells it was ever there.
        guard let (link, app) = try await lookup.resolve(code: code, slug: slug, host: Self.host(headers.host ?? request.head.authority)),
            link.effectiveSafety != .block
        else {
            metrics.redirectServed(.notFound)
            return page(.notFound, "Link not found", "There is no link at this address. Check it for typos.", isHead: isHead)
        }
        if !link.isActive {
            metrics.redirectServed(.notFound)
            return page(.notFound, "Link not available", "This link has been switched off by its owner.", isHead: isHead)
        }
        let date = now()
        if let expiresAt = link.expiresAt, expiresAt <= date {
            metrics.redirectServed(.gone)
            return page(.gone, "Link expired", "This link has expired and no longer leads anywhere.", isHead: isHead)
        }

        let userAgentText = headers.userAgent ?? ""
        let userAgent = HeaderMemos.userAgent(userAgentText)
        let isHuman = userAgent.bot == nil
        // HEAD is what link checkers send; only a GET is a visit worth a click and a token.
        let clickToken = isHead ? nil : SecretGenerator.clickToken()
        let acceptLanguage = headers.acceptLanguage
        let country = countryCode(request)
        let visit = RedirectPlanner.Visit(
            userAgent: userAgent, country: country, languages: acceptLanguage.map { HeaderMemos.primaryLanguages($0) } ?? [],
            query: Self.incomingQuery(request), clickToken: isHuman ? clickToken : nil, shortURL: links.url(for: link, app: app)
        )
        let plan = planner.plan(link: link, app: app, visit: visit)
        // Counted before the click is queued, so "clicks stored ≤ answers counted" holds even for a
        // request whose client hangs up in between.
        let warns = link.effectiveSafety == .warn
        switch plan {
        case _ where warns: metrics.redirectServed(.warning)
        case .redirect: metrics.redirectServed(.redirect)
        case .interstitial: metrics.redirectServed(.interstitial)
        case .preview: metrics.redirectServed(.preview)
        }

        if let clickToken {
            try await recorder.record(
                ClickRecord(
                    id: SecretGenerator.identifier(), appId: app.id, linkId: link.id, clickedAt: date, clickToken: clickToken,
                    ipAddress: ClientAddress.of(request, context: context, trustProxy: trustProxy),
                    userAgent: String(userAgentText.prefix(1024)), platform: userAgent.platform.rawValue,
                    osVersion: userAgent.osVersion, deviceClass: userAgent.deviceClass.rawValue, deviceModel: userAgent.deviceModel,
                    browser: userAgent.browser, inAppBrowser: userAgent.inAppBrowser?.rawValue,
                    acceptLanguage: acceptLanguage.map { String($0.prefix(256)) },
                    referrer: headers.referer.map { String($0.prefix(1024)) }, country: country,
                    isBot: !isHuman, botName: userAgent.bot?.name
                ))
        }
        context.logger.debug("link followed", metadata: ["link": "\(link.id)", "platform": "\(userAgent.platform.rawValue)"])

        if warns {
            return HTML.staticResponse(status: .ok, html: WarningPage.render(destination: plan.webDestination), includeBody: !isHead)
        }
        switch plan {
        case .redirect(let location):
            return Response(status: .found, headers: [.location: location, .cacheControl: "no-store"])
        case .interstitial(let model):
            let nonce = Self.nonce()
            return HTML.response(status: .ok, html: InterstitialPage.render(model, nonce: nonce), nonce: nonce, includeBody: !isHead)
        case .preview(let model):
            let nonce = Self.nonce()
            return HTML.response(status: .ok, html: PreviewPage.render(model, nonce: nonce), nonce: nonce, includeBody: !isHead)
        }
    }

    /// The CSP nonce of one HTML page; a plain redirect needs none.
    private static func nonce() -> String { SecretGenerator.base62(length: 16) }

    private func page(_ status: HTTPResponse.Status, _ title: String, _ message: String, isHead: Bool) -> Response {
        HTML.staticResponse(status: status, html: MessagePage.render(title: title, message: message), includeBody: !isHead)
    }

    private func countryCode(_ request: Request) -> String? {
        guard trustProxy, let countryHeader, let value = request.headers[countryHeader] else { return nil }
        let code = value.trimmingCharacters(in: .whitespaces).uppercased()
        guard code.count == 2, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }), code != "XX" else { return nil }
        return code
    }

    static func host(of request: Request) -> String? {
        // Live HTTP/1 requests carry Host as the authority; in-process test requests keep the header.
        host(request.headers[RedirectHeaders.host] ?? request.head.authority)
    }

    /// The host of a `Host` header or authority, lowercased and without its port.
    static func host(_ raw: String?) -> String? {
        guard let raw else { return nil }
        // Strip the port; keep bracketed IPv6 literals whole.
        var host = Substring(raw)
        if host.hasPrefix("[") {
            if let end = host.firstIndex(of: "]") { host = host[...end] }
        } else if let colon = host.lastIndex(of: ":") {
            host = host[..<colon]
        }
        let lowered = host.lowercased()
        return lowered.isEmpty ? nil : lowered
    }

    /// Primary subtags of Accept-Language in the visitor's order of preference.
    static func languages(_ header: String?) -> [String] {
        guard let header else { return [] }
        return header.split(separator: ",").prefix(10).compactMap { entry in
            let tag = entry.split(separator: ";").first?.trimmingCharacters(in: .whitespaces) ?? ""
            let primary = tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() }
            guard let primary, primary != "*", !primary.isEmpty else { return nil }
            return primary
        }
    }

    /// Query parameters of the short URL, passed on to the destination (at most 20, bounded length).
    static func incomingQuery(_ request: Request) -> [(name: String, value: String)] {
        request.uri.queryParameters.prefix(20).compactMap { parameter in
            let name = String(parameter.key)
            guard !name.isEmpty, name.count <= 64, name != "lf_click", name != "link_click_id" else { return nil }
            return (name, String(String(parameter.value).prefix(512)))
        }
    }
}
