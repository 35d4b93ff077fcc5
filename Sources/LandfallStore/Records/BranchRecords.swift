import Foundation

/// A device as the Branch-compatible API knows it: its `randomized_device_token` (the id), its
/// `randomized_bundle_token`, the developer's identity for it and the install it last made.
public struct BranchDeviceRecord: Sendable, Hashable, Codable {
    /// The `randomized_device_token` handed back on every open.
    public var id: String
    public var appId: String
    /// The `randomized_bundle_token`; unique per app.
    public var bundleToken: String
    /// The `identity` set through `server_to_server_identity`.
    public var identity: String?
    /// The Landfall install of its latest INSTALL or REINSTALL session.
    public var installId: String?
    /// How many INSTALL and REINSTALL sessions it has had.
    public var installCount: Int
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, appId: String, bundleToken: String, identity: String? = nil, installId: String? = nil, installCount: Int = 0,
        createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.appId = appId
        self.bundleToken = bundleToken
        self.identity = identity
        self.installId = installId
        self.installCount = installCount
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }
}

/// One `/v1/open` session.
public struct BranchSessionRecord: Sendable, Hashable, Codable {
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case install = "INSTALL"
        case reinstall = "REINSTALL"
        case open = "OPEN"
    }

    public var id: String
    public var appId: String
    public var deviceId: String
    public var kind: Kind
    public var createdAt: Date
    /// False for a non-referred open past the per-address limit: answered, kept, but not counted.
    public var counted: Bool
    public var matchGuaranteed: Bool
    public var linkId: String?
    public var clickId: String?
    public var installId: String?
    public var os: String?
    public var appVersion: String?

    public init(
        id: String, appId: String, deviceId: String, kind: Kind, createdAt: Date, counted: Bool = true, matchGuaranteed: Bool = false,
        linkId: String? = nil, clickId: String? = nil, installId: String? = nil, os: String? = nil, appVersion: String? = nil
    ) {
        self.id = id
        self.appId = appId
        self.deviceId = deviceId
        self.kind = kind
        self.createdAt = createdAt
        self.counted = counted
        self.matchGuaranteed = matchGuaranteed
        self.linkId = linkId
        self.clickId = clickId
        self.installId = installId
        self.os = os
        self.appVersion = appVersion
    }
}

/// The Branch parameters a link was created with through `/v1/url`, kept beside the Landfall link
/// so `data` reads back exactly as sent (numbers, nesting and all).
public struct BranchLinkRecord: Sendable, Hashable, Codable {
    public var linkId: String
    public var appId: String
    public var alias: String?
    /// Branch's `type`: 0 for a regular link.
    public var type: Int
    /// Seconds a click stays matchable, when given.
    public var duration: Int64?
    public var channel: String?
    public var feature: String?
    public var campaign: String?
    public var stage: String?
    public var tags: [String]
    /// The `data` object as JSON text.
    public var data: String
    /// A hash of every parameter above: the same alias with the same parameters is the same link.
    public var fingerprint: String
    public var createdAt: Date

    public init(
        linkId: String, appId: String, alias: String?, type: Int, duration: Int64?, channel: String?, feature: String?,
        campaign: String?, stage: String?, tags: [String], data: String, fingerprint: String, createdAt: Date
    ) {
        self.linkId = linkId
        self.appId = appId
        self.alias = alias
        self.type = type
        self.duration = duration
        self.channel = channel
        self.feature = feature
        self.campaign = campaign
        self.stage = stage
        self.tags = tags
        self.data = data
        self.fingerprint = fingerprint
        self.createdAt = createdAt
    }
}
