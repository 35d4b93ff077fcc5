import Foundation
import HTTPTypes

/// Puts every payload of ``XSSCorpus`` into every link field through the management API, then
/// renders each accepted link through every page that shows link data (the interstitial on iOS
/// and Android, the Open Graph preview, the plain redirect, the warning page, the dashboard's
/// link and list pages) and scans what comes back with ``ExecutableContextScanner``. Each payload
/// also goes into the app's name, its referral program's key event and a SKAdNetwork event name,
/// and the dashboard pages that show them (settings, referrals, SKAdNetwork) are scanned.
///
/// It speaks HTTP through `send`, so the same probe runs in-process in the tests and against a
/// live server in `landfall-lab reliability xss`.
public struct XSSProbe: Sendable {
    public struct Reply: Sendable {
        public var status: Int
        public var headers: HTTPFields
        public var body: String

        public init(status: Int, headers: HTTPFields, body: String) {
            self.status = status
            self.headers = headers
            self.body = body
        }
    }

    /// Sends one request (path with query, headers, optional body) without following redirects.
    public typealias Send = @Sendable (HTTPRequest.Method, String, HTTPFields, String?) async throws -> Reply

    public struct Report: Sendable {
        /// Payload-in-field combinations sent.
        public var injectionsTried = 0
        /// Combinations the API refused with a 4xx (they never reach a page).
        public var refusedAtInput = 0
        /// HTML pages and redirects scanned.
        public var pagesScanned = 0
        /// Payloads stored in an app-wide object's field (``objectFields``), each followed by a page scan.
        public var objectFieldsStored = 0
        /// Combinations that produced anything executable, with what and where.
        public var findings: [String] = []
        public var found: Int { Set(findings.map { $0.prefix { $0 != "|" } }).count }

        /// Rows `xss<TAB>all-pages<TAB>MEASURE<TAB>VALUE` for the reliability table.
        public var rows: [String] {
            [
                "xss\tall-pages\tinjections_tried\t\(injectionsTried)",
                "xss\tall-pages\trefused_at_input\t\(refusedAtInput)",
                "xss\tall-pages\tpages_scanned\t\(pagesScanned)",
                "xss\tall-pages\tfound\t\(found)",
            ]
        }
    }

    /// A link field and how a payload goes into it.
    struct Injection: Sendable {
        var field: String
        /// Whether the field is a destination the warning page names.
        var isDestination: Bool
        var body: @Sendable (String) -> [String: Any]
    }

    static let base = "https://example.com/base"

    static let injections: [Injection] = {
        var list: [Injection] = []
        for field in ["title", "description", "ogTitle", "ogDescription", "externalUserId"] {
            list.append(Injection(field: field, isDestination: false) { ["originalUrl": base, field: $0] })
        }
        list.append(Injection(field: "deepLinkPath", isDestination: false) { ["originalUrl": base, "deepLinkPath": "/" + $0] })
        list.append(
            Injection(field: "deepLinkParameters.value", isDestination: false) { ["originalUrl": base, "deepLinkParameters": ["k": $0]] })
        list.append(
            Injection(field: "deepLinkParameters.key", isDestination: false) {
                ["originalUrl": base, "deepLinkParameters": [String($0.prefix(64)): "v"]]
            })
        for part in ["source", "medium", "campaign", "term", "content"] {
            list.append(
                Injection(field: "utmParameters.\(part)", isDestination: false) { ["originalUrl": base, "utmParameters": [part: $0]] })
        }
        for field in [
            "originalUrl", "webFallbackUrl", "iosAppStoreUrl", "androidAppStoreUrl", "ogImageUrl", "iosUniversalLink", "androidAppLink",
        ] {
            list.append(
                Injection(field: field, isDestination: true) { payload in
                    // The base destination is replaced when the payload goes into originalUrl itself.
                    var body: [String: Any] = ["originalUrl": base]
                    body[field] = payload
                    return body
                })
        }
        list.append(Injection(field: "originalUrl.query", isDestination: true) { ["originalUrl": "https://example.com/p?q=" + $0] })
        list.append(Injection(field: "originalUrl.fragment", isDestination: true) { ["originalUrl": "https://example.com/p#" + $0] })
        list.append(
            Injection(field: "ogImageUrl.path", isDestination: false) {
                ["originalUrl": base, "ogImageUrl": "https://img.example.com/" + $0]
            })
        list.append(
            Injection(field: "iosUniversalLink.appScheme", isDestination: false) {
                ["originalUrl": base, "iosUniversalLink": "\(appScheme)://open?q=" + $0]
            })
        return list
    }()

    static let appScheme = "xssprobe"

    /// Visitors whose pages differ: the interstitial on iOS and Android, the crawler preview, the desktop redirect.
    static let visitors = [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
        "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    ]

    let send: Send
    let adminToken: String
    let scanner: ExecutableContextScanner

    public init(adminToken: String, send: @escaping Send) {
        self.adminToken = adminToken
        self.send = send
        scanner = .landfall
    }

    /// Runs every payload through every field; `progress` hears after each payload.
    public func run(payloads: [String] = XSSCorpus.payloads, progress: @Sendable (Int, Int) -> Void = { _, _ in }) async throws -> Report {
        let session = try await setUp()
        var report = Report()
        for (number, payload) in payloads.enumerated() {
            for injection in Self.injections {
                report.injectionsTried += 1
                let label = "payload \(number) in \(injection.field)"
                let body = try JSONSerialization.data(withJSONObject: injection.body(payload), options: [.sortedKeys])
                let created = try await send(.post, "/api/links", session.apiHeaders, String(decoding: body, as: UTF8.self))
                // Only a validation refusal counts as refused: a 429 or 5xx would hide payloads untested.
                if created.status == 400 {
                    report.refusedAtInput += 1
                    continue
                }
                guard created.status == 201 || created.status == 200,
                    let link = try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any],
                    let id = link["id"] as? String, let code = link["shortCode"] as? String
                else {
                    report.findings.append("\(label)|link creation answered \(created.status)")
                    continue
                }
                for visitor in Self.visitors {
                    let reply = try await send(.get, "/\(code)", [.userAgent: visitor], nil)
                    check(reply, page: "/\(code) as \(visitor.prefix(24))", label: label, into: &report)
                }
                check(
                    try await send(.get, "/dashboard/apps/\(session.appId)/links/\(id)", session.dashboardHeaders, nil),
                    page: "dashboard link page", label: label, into: &report)
                if injection.isDestination {
                    let patched = try await send(.patch, "/api/links/\(id)", session.apiHeaders, #"{"safety":"warn"}"#)
                    guard patched.status == 200 else {
                        report.findings.append("\(label)|setting warn answered \(patched.status)")
                        continue
                    }
                    check(
                        try await send(.get, "/\(code)", [.userAgent: Self.visitors[3]], nil), page: "warning page", label: label,
                        into: &report)
                }
            }
            check(
                try await send(.get, "/dashboard/apps/\(session.appId)/links", session.dashboardHeaders, nil),
                page: "dashboard link list", label: "payload \(number) (list)", into: &report)
            try await probeAppObjects(payload, label: "payload \(number)", session: session, into: &report)
            progress(number + 1, payloads.count)
        }
        return report
    }

    /// A text field of an app-wide object the dashboard shows, and the page that shows it.
    struct ObjectField: Sendable {
        var name: String
        var method: HTTPRequest.Method
        var path: @Sendable (String) -> String
        /// The admin token's call (app settings) rather than the secret key's.
        var asAdmin: Bool
        var body: @Sendable (String) -> [String: Any]
        var page: String
    }

    static let objectFields: [ObjectField] = [
        ObjectField(
            name: "app name", method: .patch, path: { "/api/apps/\($0)" }, asAdmin: true, body: { ["name": $0] }, page: "settings"),
        ObjectField(
            name: "referral key event", method: .put, path: { _ in "/api/referrals/program" }, asAdmin: false,
            body: { ["keyEvent": $0] }, page: "referrals"),
        ObjectField(
            name: "SKAN event name", method: .put, path: { "/api/apps/\($0)/skan-schema" }, asAdmin: false,
            body: { ["events": [["name": $0, "bit": 0]]] }, page: "skan"),
    ]

    /// Puts the payload into each of ``objectFields`` and scans the dashboard page that shows it.
    private func probeAppObjects(_ payload: String, label: String, session: Session, into report: inout Report) async throws {
        for field in Self.objectFields {
            let body = try JSONSerialization.data(withJSONObject: field.body(payload), options: [.sortedKeys])
            let headers = field.asAdmin ? session.adminHeaders : session.apiHeaders
            let saved = try await send(field.method, field.path(session.appId), headers, String(decoding: body, as: UTF8.self))
            if saved.status == 400 { continue }
            guard saved.status == 200 else {
                report.findings.append("\(label) in \(field.name)|saving answered \(saved.status)")
                continue
            }
            report.objectFieldsStored += 1
            check(
                try await send(.get, "/dashboard/apps/\(session.appId)/\(field.page)", session.dashboardHeaders, nil),
                page: "dashboard \(field.page)", label: "\(label) in \(field.name)", into: &report)
        }
    }

    private func check(_ reply: Reply, page: String, label: String, into report: inout Report) {
        report.pagesScanned += 1
        if let location = reply.headers[.location] {
            let scheme = location.prefix { $0 != ":" }.lowercased()
            if ExecutableContextScanner.isScriptURL(location) || !["http", "https", Self.appScheme].contains(scheme) {
                report.findings.append("\(label)|\(page): redirect to \(location.prefix(80))")
            }
        }
        guard reply.headers[.contentType]?.hasPrefix("text/html") == true else { return }
        guard let policy = reply.headers[.contentSecurityPolicy] else {
            report.findings.append("\(label)|\(page): HTML without a Content-Security-Policy")
            return
        }
        for finding in scanner.scan(reply.body, nonce: ContentSecurityPolicyNonce.scriptNonce(in: policy)) {
            report.findings.append("\(label)|\(page): \(finding)")
        }
    }

    struct Session {
        var appId: String
        var adminHeaders: HTTPFields
        var apiHeaders: HTTPFields
        var dashboardHeaders: HTTPFields
    }

    /// An app with a URI scheme and both stores (so phones get the interstitial), a secret key, and
    /// a dashboard session signed in with the admin token.
    private func setUp() async throws -> Session {
        let admin: HTTPFields = [.authorization: "Bearer \(adminToken)", .contentType: "application/json"]
        let slug = "xss-" + String(UUID().uuidString.prefix(8)).lowercased()
        let appBody =
            #"{"name":"XSS probe","slug":"\#(slug)","uriScheme":"\#(Self.appScheme)","iosAppStoreId":"123456789","androidPackageName":"com.example.xssprobe","webFallbackUrl":"https://example.com/fallback"}"#
        let app = try await send(.post, "/api/apps", admin, appBody)
        guard app.status == 201,
            let appId = (try JSONSerialization.jsonObject(with: Data(app.body.utf8)) as? [String: Any])?["id"] as? String
        else {
            throw XSSProbeError("creating the probe's app answered \(app.status): \(app.body.prefix(200))")
        }
        let key = try await send(.post, "/api/apps/\(appId)/keys", admin, #"{"kind":"secret","name":"xss probe"}"#)
        guard key.status == 201,
            let secret = (try JSONSerialization.jsonObject(with: Data(key.body.utf8)) as? [String: Any])?["key"] as? String
        else {
            throw XSSProbeError("creating the probe's key answered \(key.status)")
        }
        let loginPage = try await send(.get, "/dashboard/login", [:], nil)
        guard let loginCookie = Self.cookie(named: "lf_dashboard_login", in: loginPage.headers),
            let csrf = loginPage.body.firstMatch(of: /name="_csrf" value="([^"]*)"/)?.1
        else { throw XSSProbeError("the dashboard's sign-in page gave no form token") }
        let form = "token=\(Self.formEncode(adminToken))&_csrf=\(Self.formEncode(String(csrf)))"
        let signedIn = try await send(
            .post, "/dashboard/login",
            [.cookie: "lf_dashboard_login=\(loginCookie)", .contentType: "application/x-www-form-urlencoded"], form
        )
        guard let session = Self.cookie(named: "lf_dashboard", in: signedIn.headers) else {
            throw XSSProbeError("signing in to the dashboard answered \(signedIn.status) without a session")
        }
        return Session(
            appId: appId, adminHeaders: admin,
            apiHeaders: [.authorization: "Bearer \(secret)", .contentType: "application/json"],
            dashboardHeaders: [.cookie: "lf_dashboard=\(session)"]
        )
    }

    static func cookie(named name: String, in headers: HTTPFields) -> String? {
        for header in headers[values: .setCookie] {
            let pair = header.split(separator: ";")[0].split(separator: "=", maxSplits: 1)
            if pair.count == 2, pair[0] == name { return String(pair[1]) }
        }
        return nil
    }

    private static let formSafe = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    static func formEncode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: formSafe) ?? ""
    }
}

public struct XSSProbeError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}

/// Reads the nonce out of a Content-Security-Policy's `script-src`.
enum ContentSecurityPolicyNonce {
    static func scriptNonce(in policy: String) -> String? {
        for directive in policy.split(separator: ";") {
            let parts = directive.split(separator: " ")
            guard parts.first == "script-src" else { continue }
            for source in parts.dropFirst() where source.hasPrefix("'nonce-") && source.hasSuffix("'") {
                return String(source.dropFirst(7).dropLast())
            }
        }
        return nil
    }
}
