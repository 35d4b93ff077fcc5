import Foundation

/// How a drain of the queue ended.
enum DrainOutcome: Sendable {
    case finished(FlushReport)
    case failed(LandfallError, FlushReport)
}

extension LandfallClient {
    /// The number of events waiting to be sent.
    public var queueCount: Int { queue.count }

    /// Sends every queued event, in order, and returns when done (LinkForty SDK specification §13).
    ///
    /// Events go 100 at a time to `POST /api/sdk/v1/events`; network errors and 408/429/5xx are
    /// retried per ``LandfallConfiguration/retryPolicy``. If the server refuses a batch as invalid,
    /// its events are sent one by one to `POST /api/sdk/v1/event` so one bad event cannot block the
    /// rest; events the server refuses (400, 404 `install_not_found`, …) are dropped and reported to
    /// error listeners. A flush already in progress is joined, not repeated.
    ///
    /// - Returns: what was sent and dropped.
    /// - Throws: ``LandfallError/Code/notInitialized``; ``LandfallError/Code/installNotReported``
    ///   while the install has not been reported; the last network or server error when the retries
    ///   ran out (the events stay queued).
    @discardableResult
    public func flush() async throws -> FlushReport {
        _ = try await requireStarted()
        switch await scheduleDrain().value {
        case .finished(let report): return report
        case .failed(let error, _): throw error
        }
    }

    /// Empties the queue without sending it; a flush in progress stops.
    public func clearQueue() async {
        cancelDrain()
        queue = EventQueue()
        do {
            try await storage.removeData(forKey: StorageKeys.queue)
        } catch {
            log(.error, "could not remove the stored queue", ["error": "\(error)"])
        }
    }

    func cancelDrain() {
        queueGeneration += 1
        drain?.task.cancel()
        drain = nil
    }

    /// The drain in progress, or a new one.
    @discardableResult
    func scheduleDrain() -> Task<DrainOutcome, Never> {
        if let drain { return drain.task }
        let id = makeTaskID()
        let drainGeneration = queueGeneration
        // The queue is sent in the background so `track` returns at once; the task is kept so
        // `flush` can wait for it and `clearQueue`/`reset` can cancel it.
        let task = Task { await self.runDrain(generation: drainGeneration, id: id) }
        drain = (id, task)
        return task
    }

    private func runDrain(generation drainGeneration: Int, id: Int) async -> DrainOutcome {
        let outcome = await drainLoop(generation: drainGeneration)
        if drain?.id == id { drain = nil }
        if case .failed(let error, _) = outcome, error.code != .installNotReported, error.code != .cancelled {
            log(.warning, "events not sent; they stay queued", ["error": error.description, "queued": "\(queue.count)"])
        }
        return outcome
    }

    private func drainLoop(generation drainGeneration: Int) async -> DrainOutcome {
        var report = FlushReport()
        while true {
            report.remaining = queue.count
            guard drainGeneration == queueGeneration, let configuration else { return .failed(.cancelled, report) }
            guard !queue.isEmpty else { return .finished(report) }
            guard let installId = state.install?.installId else {
                return .failed(LandfallError(.installNotReported, "events are sent once the install has been reported"), report)
            }
            let api = api(configuration)
            let batch = queue.batch()
            do {
                struct Batch: Encodable { var events: [EventRequest] }
                let body = Batch(events: batch.map { $0.request(installId: installId) })
                let response = try await api.sendRetrying(try api.post(["api", "sdk", "v1", "events"], body: body))
                guard drainGeneration == queueGeneration else { return .failed(.cancelled, report) }
                if HTTPStatus.isSuccess(response.statusCode) {
                    queue.remove(ids: Set(batch.map(\.id)))
                    await persistQueue()
                    report.sent += batch.count
                    log(.debug, "events sent", ["count": "\(batch.count)"])
                    continue
                }
                let refusal = api.serverError(response)
                if Self.isCredentialFailure(response.statusCode) { throw refusal }
                log(.warning, "the server refused the batch; sending its events one by one", ["error": refusal.description])
                for event in batch {
                    let single = try await api.sendRetrying(
                        try api.post(["api", "sdk", "v1", "event"], body: event.request(installId: installId)))
                    guard drainGeneration == queueGeneration else { return .failed(.cancelled, report) }
                    if HTTPStatus.isSuccess(single.statusCode) {
                        report.sent += 1
                    } else {
                        let error = api.serverError(single)
                        if Self.isCredentialFailure(single.statusCode) { throw error }
                        report.dropped += 1
                        log(.error, "the server refused an event; it is dropped", ["eventName": event.name, "error": error.description])
                        deliverError(error)
                    }
                    queue.remove(ids: [event.id])
                    await persistQueue()
                }
            } catch {
                report.remaining = queue.count
                return .failed(LandfallError.wrap(error), report)
            }
        }
    }

    /// A wrong or missing key refuses every event alike: keep them until the app is fixed.
    private static func isCredentialFailure(_ status: Int) -> Bool {
        status == 401 || status == 403
    }
}
