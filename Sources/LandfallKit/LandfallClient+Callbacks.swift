import Foundation

/// Completion-handler variants of the async API, for code that is not async (an `AppDelegate`,
/// Objective-C-era call sites). Each starts a task; `completion` runs on that task, not on the main
/// thread.
extension LandfallClient {
    /// ``start(with:)`` with a completion handler.
    ///
    /// - Parameters:
    ///   - configuration: the server and options; validated before anything else happens.
    ///   - completion: called with the install's attribution (nil when not reported yet) or the error.
    nonisolated public func start(
        with configuration: LandfallConfiguration, completion: @escaping @Sendable (Result<AttributionResult?, LandfallError>) -> Void
    ) {
        complete(completion) { try await self.start(with: configuration) }
    }

    /// ``handle(url:)`` with a completion handler.
    ///
    /// - Parameters:
    ///   - url: the Universal Link or custom-scheme URL that opened the app.
    ///   - completion: called with the delivered event (nil for a URL that is not a Landfall link) or the error.
    nonisolated public func handle(url: URL, completion: @escaping @Sendable (Result<DeepLinkEvent?, LandfallError>) -> Void) {
        complete(completion) { try await self.handle(url: url) }
    }

    /// ``checkDeferredDeepLink()`` with a completion handler: LimeLink's manual mode.
    ///
    /// - Parameter completion: called with the attribution, attributed or organic, or the report's error.
    nonisolated public func checkDeferredDeepLink(completion: @escaping @Sendable (Result<AttributionResult, LandfallError>) -> Void) {
        complete(completion) { try await self.checkDeferredDeepLink() }
    }

    /// ``track(_:properties:)`` with a completion handler (called once the event is queued).
    ///
    /// - Parameters:
    ///   - eventName: 1 to 128 characters, e.g. `signup`.
    ///   - properties: free-form JSON properties.
    ///   - completion: called once the event is queued, or with the error that refused it.
    nonisolated public func track(
        _ eventName: String, properties: [String: JSONValue]? = nil, completion: @escaping @Sendable (Result<Void, LandfallError>) -> Void
    ) {
        complete(completion) { try await self.track(eventName, properties: properties) }
    }

    /// ``trackRevenue(amount:currency:eventName:properties:)`` with a completion handler.
    ///
    /// - Parameters:
    ///   - amount: at most 6 decimal places, e.g. `Decimal(string: "19.99")!`.
    ///   - currency: an ISO 4217 code such as `USD` (case-insensitive).
    ///   - eventName: the event's name; `revenue` by default.
    ///   - properties: more properties; `amount` and `currency` in it are replaced.
    ///   - completion: called once the event is queued, or with the error that refused it.
    nonisolated public func trackRevenue(
        amount: Decimal, currency: String, eventName: String = "revenue", properties: [String: JSONValue]? = nil,
        completion: @escaping @Sendable (Result<Void, LandfallError>) -> Void
    ) {
        complete(completion) {
            try await self.trackRevenue(amount: amount, currency: currency, eventName: eventName, properties: properties)
        }
    }

    /// ``createLink(_:)`` with a completion handler.
    ///
    /// - Parameters:
    ///   - options: what the link carries; the ``externalUserID`` is added unless it has its own.
    ///   - completion: called with the created (or deduplicated) link, or the error.
    nonisolated public func createLink(
        _ options: CreateLinkOptions, completion: @escaping @Sendable (Result<CreateLinkResult, LandfallError>) -> Void
    ) {
        complete(completion) { try await self.createLink(options) }
    }

    /// ``flush()`` with a completion handler.
    ///
    /// - Parameter completion: called with what was sent and dropped, or the error that stopped the flush.
    nonisolated public func flush(completion: @escaping @Sendable (Result<FlushReport, LandfallError>) -> Void) {
        complete(completion) { try await self.flush() }
    }

    private nonisolated func complete<T: Sendable>(
        _ completion: @escaping @Sendable (Result<T, LandfallError>) -> Void, _ operation: @escaping @Sendable () async throws -> T
    ) {
        Task {
            do {
                completion(.success(try await operation()))
            } catch {
                completion(.failure(LandfallError.wrap(error)))
            }
        }
    }
}
