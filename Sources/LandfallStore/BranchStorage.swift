import Foundation

/// What the Branch-compatible API keeps: devices under their identifiers, sessions, link parameters.
public protocol BranchStorage: Sendable {
    /// The device any of `keys` (`hw:…`, `idfv:…`, …) names, first key first; nil when none is known.
    func branchDevice(appId: String, keys: [String]) async throws -> BranchDeviceRecord?
    func branchDevice(id: String, appId: String) async throws -> BranchDeviceRecord?
    func branchDevice(appId: String, bundleToken: String) async throws -> BranchDeviceRecord?
    /// The most recently seen device with this developer identity.
    func branchDevice(appId: String, identity: String) async throws -> BranchDeviceRecord?
    /// In one transaction: inserts or updates the device, points each key at it (taking keys over
    /// from other devices: the newest report of an identifier wins) and stores the session.
    /// Throws `.conflict("bundleToken")` when another device holds the bundle token.
    func recordBranchSession(_ session: BranchSessionRecord, device: BranchDeviceRecord, keys: [String]) async throws
    /// Sets (or, with nil, clears) the developer identity of one of the app's devices; false when
    /// the app has no such device.
    func setBranchIdentity(deviceId: String, appId: String, identity: String?, at date: Date) async throws -> Bool
    /// A device's sessions, oldest first.
    func branchSessions(deviceId: String, appId: String) async throws -> [BranchSessionRecord]
    /// Counted sessions of the app in `[from, to)` by kind (`INSTALL`, `REINSTALL`, `OPEN`).
    func branchSessionCounts(appId: String, from: Date, to: Date) async throws -> [String: Int]
    /// Throws `.conflict("link")` when the link already has Branch parameters.
    func insertBranchLink(_ link: BranchLinkRecord) async throws
    func branchLink(linkId: String, appId: String) async throws -> BranchLinkRecord?
}
