import Foundation

/// The LandfallKit client: deferred and direct deep links, events, revenue and link creation
/// against a Landfall (or LinkForty-compatible) server.
///
/// Every collaborator is injectable, so tests and end-to-end runs control the network, the disk,
/// time and the device. Apps usually use ``Landfall/shared``.
///
/// ```swift
/// let client = LandfallClient()
/// await client.addDeepLinkListener { event in print(event.data?.deepLinkPath ?? "organic") }
/// try await client.start(with: LandfallConfiguration(baseURL: URL(string: "https://go.example.com")!))
/// try await client.track("signup")
/// ```
public actor LandfallClient {
    // MARK: Seams
    let storage: any KeyValueStorage
    let transport: any HTTPTransport
    let clock: any LandfallClock
    let deviceInfo: any DeviceInfoProvider
    let logger: any LandfallLogger
    let clickTokenSource: (any ClickTokenSource)?
    let unitRandom: @Sendable () -> Double

    // MARK: Lifecycle
    /// Set by `start`, cleared by `reset`: the client is started when this is set and `loaded`.
    var configuration: LandfallConfiguration?
    var loaded = false
    var loading: Task<Void, Never>?
    /// Bumped by `reset` and `clearData`: work begun before must not write its result.
    var generation = 0
    /// Bumped by `clearQueue` as well: a drain begun before stops.
    var queueGeneration = 0
    var nextTaskID = 0

    // MARK: State
    var state = PersistedState()
    var queue = EventQueue()
    var firstLaunch = false
    /// Hand-offs given before `start` loaded the stored state.
    var earlyClickToken: String?
    var earlyInstallReferrer: String?
    /// Memory only (LinkForty SDK specification §8).
    var externalUserIDValue: String?
    var installTask: (id: Int, task: Task<AttributionResult, any Error>)?
    var drain: (id: Int, task: Task<DrainOutcome, Never>)?

    // MARK: Delivery
    var deepLinkListeners: [ListenerToken: @Sendable (DeepLinkEvent) -> Void] = [:]
    var errorListeners: [ListenerToken: @Sendable (LandfallError) -> Void] = [:]
    var streams: [ListenerToken: AsyncStream<DeepLinkEvent>.Continuation] = [:]
    var latestDeferred: (sequence: Int, event: DeepLinkEvent)?
    var latestDirect: (sequence: Int, event: DeepLinkEvent)?
    var eventSequence = 0
    var nextListenerID: UInt64 = 0

    /// Creates a client. Every parameter has the platform's default.
    ///
    /// - Parameters:
    ///   - storage: where state and the event queue are kept; `UserDefaults` on Apple platforms, a
    ///     file under ``FileStorage/defaultDirectory`` elsewhere.
    ///   - transport: the HTTP client; ``URLSessionTransport`` by default.
    ///   - clock: time and sleeping (timestamps, backoff, timeouts); ``SystemClock`` by default.
    ///   - deviceInfo: the device fingerprint; UIKit's values on iOS, the host's elsewhere.
    ///   - logger: where log lines go when ``LandfallConfiguration/loggingEnabled`` is on.
    ///   - clickTokenSource: the clipboard hand-off reader (iOS pasteboard by default), used only when
    ///     ``LandfallConfiguration/clipboardHandoffEnabled`` is on.
    public init(
        storage: (any KeyValueStorage)? = nil,
        transport: (any HTTPTransport)? = nil,
        clock: (any LandfallClock)? = nil,
        deviceInfo: (any DeviceInfoProvider)? = nil,
        logger: (any LandfallLogger)? = nil,
        clickTokenSource: (any ClickTokenSource)? = nil
    ) {
        self.init(
            storage: storage, transport: transport, clock: clock, deviceInfo: deviceInfo, logger: logger,
            clickTokenSource: clickTokenSource, unitRandom: { Double.random(in: 0..<1) }
        )
    }

    /// The designated initialiser; `unitRandom` drives the retry jitter.
    init(
        storage: (any KeyValueStorage)?, transport: (any HTTPTransport)?, clock: (any LandfallClock)?,
        deviceInfo: (any DeviceInfoProvider)?, logger: (any LandfallLogger)?, clickTokenSource: (any ClickTokenSource)?,
        unitRandom: @escaping @Sendable () -> Double
    ) {
        self.storage = storage ?? DefaultStorage.make()
        self.transport = transport ?? URLSessionTransport()
        self.clock = clock ?? SystemClock()
        self.deviceInfo = deviceInfo ?? DefaultDeviceInfo.make()
        self.logger = logger ?? PrintLogger()
        self.clickTokenSource = clickTokenSource ?? DefaultClickTokenSource.make()
        self.unitRandom = unitRandom
    }

    // MARK: Start

    /// Initialises the SDK: validates the configuration, loads the stored install and event queue and,
    /// on first launch with ``LandfallConfiguration/deferredDeepLinkEnabled``, reports the install and
    /// delivers the deferred deep link (attributed or organic) to listeners and streams.
    ///
    /// First launch ends only when a report succeeds: if it fails (offline), listeners get a deferred
    /// event with ``DeepLinkEvent/isInstallReportPending``, error listeners get the error, and the
    /// report is retried on the next launch, or now by calling `start` again.
    ///
    /// - Parameter configuration: the server and options; see ``LandfallConfiguration``.
    /// - Returns: the install's attribution (from this launch's report or stored from an earlier one),
    ///   or nil when the install has not been reported (the report failed, or manual mode).
    /// - Throws: ``LandfallError/Code/invalidConfiguration``; ``LandfallError/Code/alreadyInitialized``
    ///   when already started (unless the install report is still pending, which is then retried).
    @discardableResult
    public func start(with configuration: LandfallConfiguration) async throws -> AttributionResult? {
        let validated: LandfallConfiguration
        do {
            validated = try configuration.validated()
        } catch let error as LandfallError {
            LogGate(logger: logger, enabled: configuration.loggingEnabled)(.error, "invalid configuration", ["reason": error.message])
            throw error
        }
        if self.configuration != nil {
            _ = try await requireStarted()
            guard validated == self.configuration, validated.deferredDeepLinkEnabled, state.install == nil else {
                log(.warning, "start called on a started client; ignored")
                throw LandfallError(.alreadyInitialized, "the client is already started; call reset() before starting it again")
            }
            log(.info, "start called again before the install was reported; retrying the report")
            return await automaticInstallReport()
        }
        self.configuration = validated
        let startGeneration = generation
        let loading = Task { await self.loadState(generation: startGeneration) }
        self.loading = loading
        await loading.value
        // A `reset()` while loading wins; a `clearData()` does not undo the start.
        guard self.configuration == validated, loaded else { throw LandfallError.cancelled }
        self.loading = nil
        log(
            .info, "started",
            [
                "baseURL": validated.baseURL.absoluteString, "firstLaunch": "\(firstLaunch)", "queuedEvents": "\(queue.count)",
            ])
        if state.install != nil, !queue.isEmpty { scheduleDrain() }
        if validated.deferredDeepLinkEnabled, state.install == nil {
            return await automaticInstallReport()
        }
        return state.install.map(AttributionResult.init)
    }

    /// The configuration, once `start` has loaded the stored state.
    func requireStarted() async throws -> LandfallConfiguration {
        guard configuration != nil else { throw LandfallError.notInitialized }
        if !loaded, let loading { await loading.value }
        guard loaded, let configuration else { throw LandfallError.notInitialized }
        return configuration
    }

    private func loadState(generation loadGeneration: Int) async {
        var loadedState = PersistedState()
        var loadedQueue = EventQueue()
        do {
            if let data = try await storage.data(forKey: StorageKeys.state) {
                loadedState = try LandfallJSON.makeDecoder().decode(PersistedState.self, from: data)
            }
        } catch {
            log(.error, "stored install state unreadable; starting as a new install", ["error": "\(error)"])
        }
        do {
            if let data = try await storage.data(forKey: StorageKeys.queue) {
                loadedQueue = try LandfallJSON.makeDecoder().decode(EventQueue.self, from: data)
            }
        } catch {
            log(.error, "stored event queue unreadable; it is dropped", ["error": "\(error)"])
        }
        guard loadGeneration == generation else { return }
        state = loadedState
        queue = loadedQueue
        firstLaunch = state.install == nil
        loaded = true
        if state.install == nil, earlyClickToken != nil || earlyInstallReferrer != nil {
            state.pendingClickToken = earlyClickToken ?? state.pendingClickToken
            state.pendingInstallReferrer = earlyInstallReferrer ?? state.pendingInstallReferrer
            await persistState()
        }
        earlyClickToken = nil
        earlyInstallReferrer = nil
    }

    // MARK: Attribution data (LinkForty SDK specification §9), read without a network call

    /// True once ``start(with:)`` has finished loading (until ``reset()``).
    public var isStarted: Bool { configuration != nil && loaded }

    /// True while the install has not been reported successfully before this launch: stays true for
    /// the whole first launch, and for later launches until a report succeeds. False before `start`.
    public var isFirstLaunch: Bool { loaded && firstLaunch }

    /// The server-assigned install id, once the install has been reported.
    public var installID: String? { state.install?.installId }

    /// The deferred deep link's data; nil for an organic install or before the report.
    public var installData: DeepLinkData? { state.install.flatMap { $0.attributed ? $0.deepLinkData : nil } }

    /// The stored answer to the install report.
    public var attribution: AttributionResult? { state.install.map(AttributionResult.init) }

    // MARK: Helpers

    func log(_ level: LandfallLogLevel, _ message: String, _ metadata: [String: String] = [:]) {
        LogGate(logger: logger, enabled: configuration?.loggingEnabled ?? false)(level, message, metadata)
    }

    func api(_ configuration: LandfallConfiguration) -> APIClient {
        APIClient(
            configuration: configuration, transport: transport, clock: clock,
            log: LogGate(logger: logger, enabled: configuration.loggingEnabled), unitRandom: unitRandom
        )
    }

    func makeTaskID() -> Int {
        nextTaskID += 1
        return nextTaskID
    }

    func persistState() async {
        await write(state, key: StorageKeys.state)
    }

    func persistQueue() async {
        await write(queue, key: StorageKeys.queue)
    }

    private func write(_ value: some Encodable, key: String) async {
        do {
            try await storage.setData(try LandfallJSON.makeEncoder().encode(value), forKey: key)
        } catch {
            log(.error, "could not write to storage", ["key": key, "error": "\(error)"])
            deliverError(LandfallError(.storage, "could not write \(key): \(error)"))
        }
    }
}
