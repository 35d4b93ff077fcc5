import Foundation

/// Completion-handler variants of the async API, for code that is not async (an `AppDelegate`,
/// Objective-C-era call sites). Each starts a task; `completion` runs on that task, not on the main
/// thread.
extension LandfallClient {
    /// ``start(with:)`` with a completion handler.
    nonisolated public func start(
        with configuration: LandfallConfiguration, completion: @escaping @Sendable (Result<AttributionResult?, LandfallError>) -> Void
    ) {
        complete(completion) { try await self.start(with: configuration) }
    }

    /// ``handle(url:)`` with a completion handler.
    nonisolated public func handle(url: URL, completion: @escaping @Sendable (Result<DeepLinkEvent?, LandfallError>) -> Void) {
        complete(completion) { try await self.handle(url: url) }
    }

    /// ``checkDeferredDeepLink()`` with a completion handler: LimeLink's manual mode.
    nonisolated public func checkDeferredDeepLink(completion: @escaping @Sendable (Result<AttributionResult, LandfallError>) -> Void) {
        complete(completion) { try await self.checkDeferredDeepLink() }
    }

    /// ``track(_:properties:)`` with a completion handler (called once the event is queued).
    nonisolated public func track(
        _ eventName: String, properties: [String: JSONValue]? = nil, completion: @escaping @Sendable (Result<Void, LandfallError>) -> Void
    ) {
        complete(completion) { try await self.track(eventName, properties: properties) }
    }

    /// ``trackRevenue(amount:currency:eventName:properties:)`` with a completion handler.
    nonisolated public func trackRevenue(
        amount: Decimal, currency: String, eventName: String = "revenue", properties: [String: JSONValue]? = nil,
        completion: @escaping @Sendable (Result<Void, LandfallError>) -> Void
    ) {
        complete(completion) { try await self.trackRevenue(amount: amount, currency: currency, eventName: eventName, properties: properties) }
    }

    /// ``createLink(_:)`` with a completion handler.
    nonisolated public func createLink(
        _ options: CreateLinkOptions, completion: @escaping @Sendable (Result<CreateLinkResult, LandfallError>) -> Void
    ) {
        complete(completion) { try await self.createLink(options) }
    }

    /// ``flush()`` with a completion handler.
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
