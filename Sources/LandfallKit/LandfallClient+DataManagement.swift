extension LandfallClient {
    /// Wipes everything LandfallKit stored on the device: the install id and attribution, the click
    /// hand-off, the event queue, the replayed deep links, and the external user id (LinkForty SDK specification §10,
    /// for testing and GDPR erasure). The client stays started; the next report counts as a first
    /// launch with a new install key.
    public func clearData() async {
        if !loaded, let loading { await loading.value }
        generation += 1
        cancelDrain()
        installTask?.task.cancel()
        installTask = nil
        state = PersistedState()
        queue = EventQueue()
        firstLaunch = true
        earlyClickToken = nil
        earlyInstallReferrer = nil
        externalUserIDValue = nil
        latestDeferred = nil
        latestDirect = nil
        for key in StorageKeys.all {
            do {
                try await storage.removeData(forKey: key)
            } catch {
                log(.error, "could not remove stored data", ["key": key, "error": "\(error)"])
                deliverError(LandfallError(.storage, "could not remove \(key): \(error)"))
            }
        }
        log(.info, "local data cleared")
    }

    /// Returns the client to its state before ``start(with:)`` so it can be started again, possibly
    /// with another configuration. Stored data is kept (see ``clearData()``); in-flight work is
    /// cancelled; the external user id and replayed deep links are cleared; listeners and streams
    /// stay registered.
    public func reset() {
        log(.info, "reset")
        generation += 1
        cancelDrain()
        installTask?.task.cancel()
        installTask = nil
        loading = nil
        loaded = false
        configuration = nil
        state = PersistedState()
        queue = EventQueue()
        firstLaunch = false
        externalUserIDValue = nil
        latestDeferred = nil
        latestDirect = nil
    }
}
