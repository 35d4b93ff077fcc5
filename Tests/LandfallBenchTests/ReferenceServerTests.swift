import Foundation
import LandfallBench
import Testing

@Suite("Reference server")
struct ReferenceServerTests {
    @Test func redirectsKnownCodesAndAnswers404ForOthers() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let codes = directory.file("codes.tsv")
        try ReferenceServer.writeCodes(
            [(code: "abc", location: "https://example.com/a"), (code: "q", location: "https://example.com/x?y=1&z=2")],
            to: codes
        )
        let server = try await ReferenceServer.start(codes: codes, in: directory.url)
        let found = try HTTPCheck.request(port: server.port, path: "/abc")
        #expect(found.status == 302)
        #expect(found.header("Location") == "https://example.com/a")
        #expect(found.header("cache-control") == "no-store")
        #expect(try HTTPCheck.request(port: server.port, path: "/q").header("Location") == "https://example.com/x?y=1&z=2")
        #expect(try HTTPCheck.request(port: server.port, path: "/missing").status == 404)
        #expect(try HTTPCheck.request(port: server.port, path: "/").status == 404)
        #expect(server.baseURL == "http://127.0.0.1:\(server.port)")
        #expect(await server.stop() == .exited(0))
    }

    @Test func aMalformedCodesFileStopsItWithTheLineNumber() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let codes = try directory.write("codes.tsv", "abc\thttps://example.com/a\n\nno-tab-here\n")
        let error = try await #require(throws: BenchError.self) {
            _ = try await ReferenceServer.start(codes: codes, in: directory.url)
        }
        #expect(error.code == .exitedEarly)
        #expect(error.message.contains("line 3"))
    }

    @Test func codesThatCannotBeWrittenAsALineAreRejected() throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        #expect(throws: BenchError.self) {
            try ReferenceServer.writeCodes([(code: "a\tb", location: "https://example.com/")], to: directory.file("codes.tsv"))
        }
        #expect(throws: BenchError.self) {
            try ReferenceServer.writeCodes([(code: "a", location: "https://example.com/\n")], to: directory.file("codes.tsv"))
        }
    }

    @Test func theBinaryIsFoundNextToTheTests() throws {
        let binary = try ReferenceServer.locateBinary(environment: [:])
        #expect(binary.lastPathComponent == "landfall-reference")
        #expect(binary.deletingLastPathComponent().path == Executables.currentExecutableDirectory.path)
    }

    @Test func anExplicitBinaryMustExist() {
        #expect(throws: BenchError.self) {
            _ = try ReferenceServer.locateBinary(environment: [ReferenceServer.binaryEnvironmentKey: "/nonexistent/landfall-reference"])
        }
    }
}
