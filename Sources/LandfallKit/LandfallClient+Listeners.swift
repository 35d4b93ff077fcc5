extension LandfallClient {
    /// Registers a closure for every deep link event, deferred and direct. It may be registered at
    /// any time, before ``start(with:)`` too: the latest deferred and direct events of this session
    /// are replayed to it at once, in the order they happened.
    ///
    /// The closure runs on the client's executor; keep it short and hop to the main actor for UI.
    ///
    /// - Parameter listener: called with each event, starting with the replayed ones.
    /// - Returns: a token for ``removeListener(_:)``.
    @discardableResult
    public func addDeepLinkListener(_ listener: @escaping @Sendable (DeepLinkEvent) -> Void) -> ListenerToken {
        let token = makeListenerToken()
        deepLinkListeners[token] = listener
        for event in replayEvents() { listener(event) }
        return token
    }

    /// Registers a closure for errors that are not thrown to a caller: a failed install report, a
    /// failed link resolution (the link is still delivered, parsed locally), events the server
    /// refused, storage failures.
    ///
    /// - Parameter listener: called on the client's executor with each such error.
    /// - Returns: a token for ``removeListener(_:)``.
    @discardableResult
    public func addErrorListener(_ listener: @escaping @Sendable (LandfallError) -> Void) -> ListenerToken {
        let token = makeListenerToken()
        errorListeners[token] = listener
        return token
    }

    /// Removes a listener or finishes a stream.
    ///
    /// - Parameter token: the token ``addDeepLinkListener(_:)`` or ``addErrorListener(_:)`` returned;
    ///   an unknown token is ignored.
    public func removeListener(_ token: ListenerToken) {
        deepLinkListeners[token] = nil
        errorListeners[token] = nil
        streams.removeValue(forKey: token)?.finish()
    }

    /// A stream of deep link events, starting with the replay of this session's latest deferred and
    /// direct events. The stream ends when the consuming task is cancelled.
    ///
    /// ```swift
    /// .task { for await event in await Landfall.shared.deepLinkEvents() { route(event) } }
    /// ```
    ///
    /// - Returns: a stream that keeps the newest 32 events when its consumer falls behind.
    public func deepLinkEvents() -> AsyncStream<DeepLinkEvent> {
        let (stream, continuation) = AsyncStream<DeepLinkEvent>.makeStream(bufferingPolicy: .bufferingNewest(32))
        let token = makeListenerToken()
        streams[token] = continuation
        for event in replayEvents() { continuation.yield(event) }
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeStream(token) }
        }
        return stream
    }

    private func removeStream(_ token: ListenerToken) {
        streams[token] = nil
    }

    private func makeListenerToken() -> ListenerToken {
        nextListenerID += 1
        return ListenerToken(id: nextListenerID)
    }

    private func replayEvents() -> [DeepLinkEvent] {
        [latestDeferred, latestDirect].compactMap { $0 }.sorted { $0.sequence < $1.sequence }.map(\.event)
    }

    /// Remembers `event` for replay and hands it to every listener and stream.
    func deliver(_ event: DeepLinkEvent) {
        eventSequence += 1
        if event.isDeferred {
            latestDeferred = (eventSequence, event)
        } else {
            latestDirect = (eventSequence, event)
        }
        for listener in deepLinkListeners.sorted(by: { $0.key.id < $1.key.id }) { listener.value(event) }
        for continuation in streams.values { continuation.yield(event) }
    }

    func deliverError(_ error: LandfallError) {
        for listener in errorListeners.sorted(by: { $0.key.id < $1.key.id }) { listener.value(error) }
    }
}
