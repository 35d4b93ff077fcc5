import Foundation

/// Where LandfallKit keeps its state between launches: the install, the attribution and the event
/// queue, each as a small JSON blob under a `landfall.`-prefixed key.
///
/// Implementations: ``UserDefaultsStorage`` (the default on Apple platforms), ``FileStorage``
/// (the default elsewhere; one file per key in a directory) and ``InMemoryStorage`` (tests).
public protocol KeyValueStorage: Sendable {
    /// The data stored under `key`, or nil.
    ///
    /// - Parameter key: a `landfall.`-prefixed key such as `landfall.state`.
    /// - Returns: the stored bytes, or nil when nothing is stored under `key`.
    /// - Throws: when the storage cannot be read; the client then starts as a new install.
    func data(forKey key: String) async throws -> Data?
    /// Stores `data` under `key`, replacing what was there.
    ///
    /// - Parameters:
    ///   - data: the bytes to keep, a few kilobytes at most.
    ///   - key: the key to store them under.
    /// - Throws: when the storage cannot be written; the client reports it to error listeners.
    func setData(_ data: Data, forKey key: String) async throws
    /// Removes `key`; removing a missing key is not an error.
    ///
    /// - Parameter key: the key to remove.
    /// - Throws: when the storage cannot be written.
    func removeData(forKey key: String) async throws
}

/// Storage that lives as long as the instance: for tests, and for apps that want nothing on disk.
public actor InMemoryStorage: KeyValueStorage {
    private var values: [String: Data]

    /// Creates a storage, optionally pre-filled.
    ///
    /// - Parameter values: the initial contents, by key (a test's stored state, say).
    public init(_ values: [String: Data] = [:]) {
        self.values = values
    }

    /// The data stored in memory under `key`.
    /// - Parameter key: the key to look up.
    /// - Returns: the stored bytes, or nil.
    public func data(forKey key: String) -> Data? { values[key] }
    /// Keeps `data` in memory under `key`.
    /// - Parameters:
    ///   - data: the bytes to keep.
    ///   - key: the key to store them under.
    public func setData(_ data: Data, forKey key: String) { values[key] = data }
    /// Forgets `key`.
    /// - Parameter key: the key to remove.
    public func removeData(forKey key: String) { values[key] = nil }

    /// Every stored key, for inspection in tests.
    public var keys: [String] { values.keys.sorted() }
}

/// Storage in `UserDefaults`: the default on Apple platforms.
///
/// Holds the suite name rather than a `UserDefaults` instance and looks the defaults up on each
/// call; `UserDefaults` itself is thread-safe.
public struct UserDefaultsStorage: KeyValueStorage {
    private let suiteName: String?

    /// Creates a storage in the suite `suiteName`, or in `UserDefaults.standard` when nil.
    ///
    /// - Parameter suiteName: a suite such as an app group (`group.com.example.app`) to share the state
    ///   with extensions; nil for the app's standard defaults.
    public init(suiteName: String? = nil) {
        self.suiteName = suiteName
    }

    private var defaults: UserDefaults {
        suiteName.flatMap { UserDefaults(suiteName: $0) } ?? .standard
    }

    /// The data stored in the defaults under `key`.
    /// - Parameter key: the defaults key.
    /// - Returns: the stored bytes, or nil when the key is absent or does not hold data.
    public func data(forKey key: String) -> Data? { defaults.data(forKey: key) }
    /// Writes `data` to the defaults under `key`.
    /// - Parameters:
    ///   - data: the bytes to keep.
    ///   - key: the defaults key.
    public func setData(_ data: Data, forKey key: String) { defaults.set(data, forKey: key) }
    /// Removes `key` from the defaults.
    /// - Parameter key: the defaults key.
    public func removeData(forKey key: String) { defaults.removeObject(forKey: key) }
}

/// Storage in a directory, one file per key, written atomically: the default on Linux, and a way to
/// keep state where an app chooses (an app group container, a test's temporary directory).
///
/// Files are a few kilobytes at most (the event queue holds 100 events), so reading and writing
/// them on the actor does not hold up other work noticeably.
public actor FileStorage: KeyValueStorage {
    /// The directory holding the files; created on first write.
    public let directory: URL

    /// Creates a storage in `directory`.
    ///
    /// - Parameter directory: where the files go, e.g. ``defaultDirectory``; created on first write.
    public init(directory: URL) {
        self.directory = directory
    }

    /// `~/Library/Application Support/LandfallKit` on Apple platforms, `$XDG_DATA_HOME/LandfallKit`
    /// (or `~/.local/share/LandfallKit`) elsewhere.
    public static var defaultDirectory: URL {
        #if canImport(Darwin)
        let base =
            FileManager.default.urls(for: .applicationSupportDirectory, in: .userDomainMask).first
            ?? FileManager.default.temporaryDirectory
        #else
        let environment = ProcessInfo.processInfo.environment
        let base =
            environment["XDG_DATA_HOME"].map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".local/share", isDirectory: true)
        #endif
        return base.appendingPathComponent("LandfallKit", isDirectory: true)
    }

    private func fileURL(_ key: String) -> URL {
        // Keys are the SDK's own (`landfall.state`), but keep any key from escaping the directory.
        let safe = String(key.map { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" || $0 == "_" ? $0 : "_" })
        return directory.appendingPathComponent(safe + ".json", isDirectory: false)
    }

    /// The contents of the file for `key`.
    ///
    /// - Parameter key: the key; characters other than letters, digits, `.`, `-` and `_` map to `_`.
    /// - Returns: the file's bytes, or nil when there is no file.
    /// - Throws: when the file exists but cannot be read.
    public func data(forKey key: String) throws -> Data? {
        let url = fileURL(key)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        return try Data(contentsOf: url)
    }

    /// Writes `data` to the file for `key` atomically, creating the directory if needed.
    ///
    /// - Parameters:
    ///   - data: the bytes to keep.
    ///   - key: the key, which names the file `{key}.json`.
    /// - Throws: when the directory cannot be created or the file cannot be written.
    public func setData(_ data: Data, forKey key: String) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try data.write(to: fileURL(key), options: .atomic)
    }

    /// Deletes the file for `key`, if there is one.
    ///
    /// - Parameter key: the key to remove.
    /// - Throws: when the file exists but cannot be deleted.
    public func removeData(forKey key: String) throws {
        let url = fileURL(key)
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        try FileManager.default.removeItem(at: url)
    }
}

/// The platform's default storage.
enum DefaultStorage {
    static func make() -> any KeyValueStorage {
        #if canImport(Darwin)
        UserDefaultsStorage()
        #else
        FileStorage(directory: FileStorage.defaultDirectory)
        #endif
    }
}
