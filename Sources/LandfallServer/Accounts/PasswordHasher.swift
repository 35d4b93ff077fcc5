import Crypto
import Foundation
import NIOPosix
import _CryptoExtras

/// Hashes and checks dashboard passwords with scrypt (swift-crypto's `_CryptoExtras`, over BoringSSL).
///
/// A hash is stored as a PHC-style string, `$scrypt$ln=16,r=8,p=2$<salt>$<hash>` (base64 without
/// padding), so it names its own parameters: raising ``Parameters/standard`` later leaves stored
/// passwords checkable. scrypt is memory-hard: each hash takes `128 · 2^ln · r` bytes (64 MiB with
/// the standard parameters, OWASP's N=2^16, r=8, p=2), so a GPU cannot try many guesses at once.
/// The work runs on NIO's thread pool, off the async threads it would otherwise block.
public struct PasswordHasher: Sendable {
    public struct Parameters: Sendable, Hashable {
        /// log2 of scrypt's N (CPU and memory cost).
        public var logN: Int
        /// Block size.
        public var r: Int
        /// Parallelism.
        public var p: Int

        public init(logN: Int, r: Int, p: Int) {
            self.logN = logN
            self.r = r
            self.p = p
        }

        /// N=2^16, r=8, p=2: OWASP's scrypt minimum, about 64 MiB and a few hundred milliseconds.
        public static let standard = Parameters(logN: 16, r: 8, p: 2)

        /// Parameters read from a stored hash are bounded, so a bad row cannot make a sign-in
        /// allocate gigabytes.
        var isWithinBounds: Bool { (1...20).contains(logN) && (1...32).contains(r) && (1...16).contains(p) }
    }

    /// The longest password accepted: scrypt reads all of it, and nobody types more.
    public static let maximumLength = 1_024
    public static let minimumLength = 12
    static let saltBytes = 16
    static let hashBytes = 32

    public let parameters: Parameters

    public init(parameters: Parameters = .standard) {
        self.parameters = parameters
    }

    /// A new PHC string for the password, with a random salt.
    public func hash(_ password: String) async throws -> String {
        var salt = [UInt8](repeating: 0, count: Self.saltBytes)
        var generator = SystemRandomNumberGenerator()
        for index in salt.indices { salt[index] = UInt8.random(in: .min ... .max, using: &generator) }
        let derived = try await Self.derive(Array(password.utf8), salt: salt, parameters: parameters)
        return "$scrypt$ln=\(parameters.logN),r=\(parameters.r),p=\(parameters.p)$\(Self.encode(salt))$\(Self.encode(derived))"
    }

    /// True when the password is the one the PHC string was made from. The comparison takes the same
    /// time wherever the bytes differ; a malformed string is false.
    public func verify(_ password: String, against stored: String) async -> Bool {
        guard let parsed = Self.parse(stored), password.utf8.count <= Self.maximumLength,
            let derived = try? await Self.derive(Array(password.utf8), salt: parsed.salt, parameters: parsed.parameters)
        else { return false }
        guard derived.count == parsed.hash.count else { return false }
        return zip(derived, parsed.hash).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The parameters a PHC string names, or nil when it is not one of ours.
    static func parse(_ stored: String) -> (parameters: Parameters, salt: [UInt8], hash: [UInt8])? {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return nil }
        var values: [String: Int] = [:]
        for pair in parts[2].split(separator: ",") {
            let keyValue = pair.split(separator: "=", maxSplits: 1)
            guard keyValue.count == 2, let value = Int(keyValue[1]) else { return nil }
            values[String(keyValue[0])] = value
        }
        guard let logN = values["ln"], let r = values["r"], let p = values["p"] else { return nil }
        let parameters = Parameters(logN: logN, r: r, p: p)
        guard parameters.isWithinBounds, let salt = decode(parts[3]), let hash = decode(parts[4]), !salt.isEmpty, !hash.isEmpty else {
            return nil
        }
        return (parameters, salt, hash)
    }

    private static func derive(_ password: [UInt8], salt: [UInt8], parameters: Parameters) async throws -> [UInt8] {
        try await NIOThreadPool.singleton.runIfActive {
            let key = try KDF.Scrypt.deriveKey(
                from: password, salt: salt, outputByteCount: PasswordHasher.hashBytes, rounds: 1 << parameters.logN,
                blockSize: parameters.r,
                parallelism: parameters.p)
            return key.withUnsafeBytes { Array($0) }
        }
    }

    private static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "=", with: "")
    }

    private static func decode(_ text: Substring) -> [UInt8]? {
        var base64 = String(text)
        while base64.count % 4 != 0 { base64.append("=") }
        return Data(base64Encoded: base64).map { Array($0) }
    }
}
