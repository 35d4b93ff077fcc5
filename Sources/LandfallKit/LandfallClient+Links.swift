extension LandfallClient {
    /// Creates a short link (LinkForty SDK specification §7): with ``CreateLinkOptions/templateId`` through
    /// `POST /api/links`, otherwise through `POST /api/sdk/v1/links`, which applies the app's newest
    /// template. The ``externalUserID`` is attached unless `options` carries its own.
    ///
    /// Not retried automatically: a request that timed out may have created the link. Set an
    /// `externalUserId` and retry; the server answers the existing link with `deduplicated: true`.
    ///
    /// - Parameter options: what the link carries; all optional.
    /// - Returns: the link's URL, short code, id and deduplication status.
    /// - Throws: ``LandfallError/Code/notInitialized``; ``LandfallError/Code/missingAPIKey`` without
    ///   an API key; ``LandfallError/Code/server`` with the server's code and message; network errors.
    public func createLink(_ options: CreateLinkOptions = CreateLinkOptions()) async throws -> CreateLinkResult {
        let configuration = try await requireStarted()
        guard configuration.apiKey != nil else {
            throw LandfallError(
                .missingAPIKey, "link creation needs an API key (the publishable key is enough) in LandfallConfiguration.apiKey")
        }
        var body = options
        if body.externalUserId == nil { body.externalUserId = externalUserIDValue }
        let path = body.templateId == nil ? ["api", "sdk", "v1", "links"] : ["api", "links"]
        let api = api(configuration)
        let response = try await api.sendOnce(try api.post(path, body: body))
        let result = try api.decodeSuccess(CreateLinkResult.self, from: response)
        log(.info, "link created", ["shortCode": result.shortCode, "deduplicated": "\(result.deduplicated ?? false)"])
        return result
    }

    /// The app's own id of the current user, attached to ``createLink(_:)`` (LinkForty SDK specification §8). Kept in
    /// memory only; never sent anywhere else.
    public var externalUserID: String? { externalUserIDValue }

    /// Sets or (with nil) clears the ``externalUserID``. Works before ``start(with:)``.
    ///
    /// - Parameter id: any string that identifies the user in the app (a UUID, an email, a number), or nil.
    public func setExternalUserID(_ id: String?) {
        externalUserIDValue = id
    }
}
