import Foundation

extension LandfallClient {
    /// Handles a URL that opened the app: a Universal Link (`https://go.example.com/abc`) or a
    /// custom-scheme URL (`myapp://product/42`), and delivers it to listeners and streams.
    ///
    /// - Links on the base URL's host or an ``LandfallConfiguration/extraDomains`` host are resolved
    ///   by the server (`GET /api/sdk/v1/resolve/{code}` or `/{templateSlug}/{code}` with the
    ///   `fp_*` fingerprint), which also records the app open for the link's statistics. If that
    ///   fails or takes longer than ``LandfallConfiguration/resolveTimeout``, the link is parsed on
    ///   the device instead and the error goes to error listeners.
    /// - Custom-scheme URLs are parsed on the device and never sent anywhere.
    /// - Web URLs on other hosts are not Landfall links: nothing is delivered and nil is returned.
    ///
    /// A `lf_click` token in the URL is kept for the install report if the install is not reported yet.
    ///
    /// - Parameter url: the URL from `onOpenURL`, `application(_:open:options:)` or a web browsing activity.
    /// - Returns: the delivered event, or nil for a URL that is not a Landfall link.
    /// - Throws: ``LandfallError/Code/notInitialized`` before ``start(with:)``.
    @discardableResult
    public func handle(url: URL) async throws -> DeepLinkEvent? {
        let configuration = try await requireStarted()
        let handleGeneration = generation
        let parser = LinkParser(configuration: configuration)
        guard let kind = parser.classify(url) else {
            log(.debug, "not a Landfall link; ignored", ["host": url.host ?? ""])
            return nil
        }
        if state.install == nil, state.pendingClickToken == nil, let token = ClickToken.extract(from: url.query) {
            state.pendingClickToken = token
            await persistState()
        }
        var data = LinkParser.localData(for: url, kind: kind)
        var source = DeepLinkEvent.Source.localParsing
        if case .hosted(let segments, _) = kind, !segments.isEmpty {
            do {
                data = try await resolve(segments: segments, configuration: configuration)
                source = .server
            } catch {
                let failure = LandfallError.wrap(error)
                log(.warning, "link resolution failed; using the link parsed on the device", ["error": failure.description])
                deliverError(failure)
            }
        }
        guard handleGeneration == generation else { throw LandfallError.cancelled }
        let event = DeepLinkEvent(
            isDeferred: false, originalURL: url, data: data, queryParameters: LinkParser.queryParameters(of: url),
            pathParameters: PathParameters(segments: LinkParser.pathSegments(of: url, kind: kind)), source: source
        )
        log(.info, "deep link handled", ["source": "\(source)", "shortCode": data?.shortCode ?? ""])
        deliver(event)
        return event
    }

    /// Handles `url` without waiting, for synchronous callers such as `application(_:open:options:)`;
    /// the result reaches listeners and streams, errors reach error listeners.
    ///
    /// - Parameter url: the URL that opened the app.
    nonisolated public func open(_ url: URL) {
        Task {
            do {
                try await self.handle(url: url)
            } catch {
                await self.deliverError(LandfallError.wrap(error))
            }
        }
    }

    /// `GET /api/sdk/v1/resolve/…` with the fingerprint, within the resolve timeout. One attempt:
    /// the deep link must not wait for retries.
    private func resolve(segments: [String], configuration: LandfallConfiguration) async throws -> DeepLinkData {
        let api = api(configuration)
        let timeout = configuration.resolveTimeout
        let transport = self.transport
        let deviceInfo = self.deviceInfo
        return try await Deadline.run(seconds: timeout, clock: clock) {
            let info = await deviceInfo.currentDeviceInfo()
            var query: [URLQueryItem] = [
                URLQueryItem(name: "fp_platform", value: info.platform), URLQueryItem(name: "fp_pv", value: info.platformVersion),
            ]
            if let timezone = info.timezone { query.append(URLQueryItem(name: "fp_tz", value: timezone)) }
            if let language = info.language { query.append(URLQueryItem(name: "fp_lang", value: language)) }
            if let width = info.screenWidth { query.append(URLQueryItem(name: "fp_sw", value: String(width))) }
            if let height = info.screenHeight { query.append(URLQueryItem(name: "fp_sh", value: String(height))) }
            let request = try api.get(["api", "sdk", "v1", "resolve"] + segments, query: query, timeout: timeout)
            let response: TransportResponse
            do {
                response = try await transport.send(request)
            } catch {
                throw LandfallError.wrap(error)
            }
            return try api.decodeSuccess(DeepLinkData.self, from: response)
        }
    }
}
