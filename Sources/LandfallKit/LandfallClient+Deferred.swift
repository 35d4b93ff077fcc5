import Foundation

extension LandfallClient {
    /// Reports the install now and delivers the deferred deep link: manual mode
    /// (``LandfallConfiguration/deferredDeepLinkEnabled`` off), or a retry after a failed report.
    ///
    /// Once the install has been reported (this launch or an earlier one), answers the stored result
    /// without a network call and delivers nothing new.
    ///
    /// - Returns: the attribution, attributed or organic (``AttributionResult/isOrganic``).
    /// - Throws: ``LandfallError/Code/notInitialized``; the report's error (network, server) when it
    ///   fails, after listeners got a pending deferred event and the error.
    @discardableResult
    public func checkDeferredDeepLink() async throws -> AttributionResult {
        _ = try await requireStarted()
        if let install = state.install { return AttributionResult(install) }
        return try await reportInstall()
    }

    /// Hands over the click token the app received (for example from an Android-style install
    /// referrer it parsed itself), for a deterministic match on the next install report.
    ///
    /// Works before ``start(with:)``; kept on the device until a report succeeds. Ignored once the
    /// install has been reported.
    ///
    /// - Parameter token: the `lf_click` value, 22 letters and digits.
    /// - Throws: ``LandfallError/Code/invalidArgument`` when `token` is not a click token.
    public func setClickToken(_ token: String) async throws {
        guard ClickToken.isValid(token) else {
            throw LandfallError(.invalidArgument, "a click token is 22 letters and digits")
        }
        await storeHandOff(clickToken: token, installReferrer: nil)
    }

    /// Hands over a raw install referrer string (`lf_click=…&utm_source=…`, as Google Play's Install
    /// Referrer API returns it, or the same string passed along another way). The server reads the
    /// click token from it.
    ///
    /// Works before ``start(with:)``; kept on the device until a report succeeds.
    ///
    /// - Parameter referrer: the referrer string as received, percent-encoded or not.
    /// - Throws: ``LandfallError/Code/invalidArgument`` for an empty string or one over 2048 characters.
    public func setInstallReferrer(_ referrer: String) async throws {
        guard !referrer.isEmpty, referrer.count <= 2048 else {
            throw LandfallError(.invalidArgument, "an install referrer is 1 to 2048 characters")
        }
        await storeHandOff(clickToken: nil, installReferrer: referrer)
    }

    func storeHandOff(clickToken: String?, installReferrer: String?) async {
        guard loaded else {
            earlyClickToken = clickToken ?? earlyClickToken
            earlyInstallReferrer = installReferrer ?? earlyInstallReferrer
            return
        }
        guard state.install == nil else {
            log(.debug, "click hand-off ignored: the install is already reported")
            return
        }
        state.pendingClickToken = clickToken ?? state.pendingClickToken
        state.pendingInstallReferrer = installReferrer ?? state.pendingInstallReferrer
        await persistState()
    }

    /// The automatic report of `start`: failures are delivered to listeners, not thrown.
    func automaticInstallReport() async -> AttributionResult? {
        try? await reportInstall()
    }

    /// Reports the install once at a time: a second caller waits for the report in flight.
    func reportInstall() async throws -> AttributionResult {
        if let installTask { return try await installTask.task.value }
        let id = makeTaskID()
        let reportGeneration = generation
        // Unstructured so a caller that is cancelled does not abandon a report the server may
        // already have stored; it finishes and is persisted either way.
        let task = Task { try await self.performInstallReport(generation: reportGeneration) }
        installTask = (id, task)
        defer { if installTask?.id == id { installTask = nil } }
        return try await task.value
    }

    private func performInstallReport(generation reportGeneration: Int) async throws -> AttributionResult {
        guard let configuration else { throw LandfallError.notInitialized }
        if state.installKey == nil {
            state.installKey = UUID().uuidString.lowercased()
            await persistState()
        }
        if configuration.clipboardHandoffEnabled, state.pendingClickToken == nil, let clickTokenSource,
            let token = await clickTokenSource.readClickToken()
        {
            log(.info, "click token found on the pasteboard")
            state.pendingClickToken = token
            await persistState()
        }
        let info = await deviceInfo.currentDeviceInfo()
        let body = InstallRequest(
            userAgent: info.userAgent, timezone: info.timezone, language: info.language, screenWidth: info.screenWidth,
            screenHeight: info.screenHeight, platform: info.platform, platformVersion: info.platformVersion,
            appVersion: info.appVersion, deviceId: configuration.deviceId, attributionWindowHours: configuration.attributionWindowHours,
            sdkName: LandfallSDK.name, sdkVersion: LandfallSDK.version, clickToken: state.pendingClickToken,
            installReferrer: state.pendingInstallReferrer, installKey: state.installKey, deviceModel: info.deviceModel
        )
        let api = api(configuration)
        do {
            let response = try await api.sendRetrying(try api.post(["api", "sdk", "v1", "install"], body: body))
            let install = try api.decodeSuccess(InstallResponse.self, from: response)
            guard reportGeneration == generation else { throw LandfallError.cancelled }
            state.install = install
            state.reportedAt = clock.now()
            state.pendingClickToken = nil
            state.pendingInstallReferrer = nil
            await persistState()
            let result = AttributionResult(install)
            log(
                .info, result.isAttributed ? "install attributed" : "organic install",
                [
                    "installId": result.installId, "confidence": "\(result.confidenceScore)", "method": result.method ?? "",
                ])
            deliver(.deferred(result))
            if !queue.isEmpty { scheduleDrain() }
            return result
        } catch {
            let failure = LandfallError.wrap(error)
            guard reportGeneration == generation else { throw failure }
            log(.error, "install report failed; it is retried on the next start", ["error": failure.description])
            deliverError(failure)
            deliver(.deferredPending)
            throw failure
        }
    }
}
