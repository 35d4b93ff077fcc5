import Foundation
@testable import LandfallServer
import Testing

/// scrypt password hashes: the stored form names its parameters, and checking one is exact.
@Suite("Password hasher")
struct PasswordHasherTests {
    let light = PasswordHasher(parameters: .init(logN: 10, r: 8, p: 1))

    @Test("a hash is a PHC string with its parameters, a 16-byte salt and a 32-byte hash, salted anew each time")
    func phcString() async throws {
        let first = try await light.hash("correct horse battery")
        let second = try await light.hash("correct horse battery")
        #expect(first.hasPrefix("$scrypt$ln=10,r=8,p=1$"))
        #expect(first != second)
        let parsed = try #require(PasswordHasher.parse(first))
        #expect(parsed.parameters == .init(logN: 10, r: 8, p: 1))
        #expect(parsed.salt.count == 16 && parsed.hash.count == 32)
        #expect(!first.contains("correct horse"))
    }

    @Test("the right password verifies; a wrong one, a different case or an extra space does not")
    func verify() async throws {
        let stored = try await light.hash("correct horse battery")
        #expect(await light.verify("correct horse battery", against: stored))
        for wrong in ["correct horse batter", "Correct horse battery", "correct horse battery ", ""] {
            #expect(await light.verify(wrong, against: stored) == false, "\(wrong)")
        }
    }

    @Test("a hash made with other parameters still verifies: raising the standard keeps old passwords working")
    func parametersTravelWithTheHash() async throws {
        let older = try await PasswordHasher(parameters: .init(logN: 9, r: 4, p: 1)).hash("correct horse battery")
        #expect(await light.verify("correct horse battery", against: older))
    }

    @Test("the standard parameters are OWASP's scrypt minimum: N=2^16, r=8, p=2")
    func standardParameters() {
        #expect(PasswordHasher.Parameters.standard == .init(logN: 16, r: 8, p: 2))
        #expect(PasswordHasher().parameters == .standard)
    }

    @Test("a malformed string or parameters past the bounds never verify")
    func malformed() async throws {
        let stored = try await light.hash("pw")
        let parts = stored.split(separator: "$").map(String.init)
        for bad in [
            "", "plain", "$argon2id$v=19$m=65536,t=3,p=4$c2FsdA$aGFzaA", "$scrypt$ln=10,r=8$\(parts[2])$\(parts[3])",
            "$scrypt$ln=40,r=8,p=1$\(parts[2])$\(parts[3])", "$scrypt$ln=10,r=8,p=1$$\(parts[3])", "$scrypt$ln=10,r=8,p=1$!!$\(parts[3])",
        ] {
            #expect(await light.verify("pw", against: bad) == false, "\(bad)")
        }
    }
}
