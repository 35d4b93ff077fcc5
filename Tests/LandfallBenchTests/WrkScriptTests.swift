import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
@testable import LandfallBench
import NIOCore
import Testing

/// The generated Lua scripts, run through a real wrk.
@Suite("wrk scripts")
struct WrkScriptTests {
    @Test func luaStringsEscapeQuotesBackslashesAndBytes() {
        #expect(WrkScript.luaString(#"a "b" \c"#) == #""a \"b\" \\c""#)
        #expect(WrkScript.luaString("tab\there") == #""tab\009here""#)
        #expect(WrkScript.luaString("é1") == #""\195\1691""#)
    }

    @Test func headersThatWouldBreakTheRequestAreRejected() {
        let file = URL(fileURLWithPath: "/tmp/paths")
        #expect(throws: BenchError.self) { _ = try WrkScript.cyclingGets(pathsFile: file, headers: ["X-A": "1\r\nX-B: 2"]) }
        #expect(throws: BenchError.self) { _ = try WrkScript.cyclingGets(pathsFile: file, headers: ["Bad Name": "1"]) }
        #expect(throws: BenchError.self) { _ = try WrkScript.cyclingGets(pathsFile: file, lineHeader: "X:Y") }
        #expect(throws: BenchError.self) { _ = try WrkScript.cyclingPosts(path: "no-slash", bodiesFile: file) }
    }

    @Test func everyScriptEndsWithTheReport() throws {
        let script = try WrkScript.cyclingGets(pathsFile: URL(fileURLWithPath: "/tmp/paths"))
        #expect(script.source.hasSuffix(WrkScript.reportFunction))
        #expect(WrkScript.reportOnly.source == WrkScript.reportFunction)
    }

    @Test func getsCycleThroughThePathsAgainstTheReferenceServer() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let codes = directory.file("codes.tsv")
        try ReferenceServer.writeCodes([(code: "a", location: "https://example.com/a")], to: codes)
        let server = try await ReferenceServer.start(codes: codes, in: directory.url)
        // Every other path is unknown, so about half the answers are 404s.
        let paths = try directory.write("paths.txt", "/a\n/unknown\n")
        let script = try WrkScript.cyclingGets(pathsFile: paths, headers: ["User-Agent": "LandfallBenchTests"])
        let result: WrkResult
        do {
            result = try await Wrk.run(
                .init(url: server.baseURL, threads: 1, connections: 4, duration: .seconds(3), script: script), in: directory.url
            )
        } catch {
            await server.stop()
            throw error
        }
        #expect(await server.stop() == .exited(0))
        // The suite runs beside a thousand other tests on two cores: the count shows cycling, not speed.
        #expect(result.requests > 20)
        #expect(result.errors.socket == 0)
        let notFound = Double(result.non2xx3xx) / Double(result.requests)
        #expect(notFound > 0.4 && notFound < 0.6, "404 share \(notFound)")
        #expect(result.latency.p50 > 0)
        #expect(result.latency.p99 >= result.latency.p50)
        #expect(result.durationSeconds > 2.9)
    }

    @Test func getsCarryFixedHeadersAndTheHeaderOfTheirLine() async throws {
        let recorder = RequestRecorder()
        try await recorder.withLiveServer { port, directory in
            let paths = try directory.write("paths.txt", "10.0.0.1\t/first\n\n10.0.0.2\t/second?x=1\r\n")
            let script = try WrkScript.cyclingGets(
                pathsFile: paths, headers: ["User-Agent": "Bench/1.0 (\"quoted\")"], lineHeader: "X-Forwarded-For"
            )
            let result = try await Wrk.run(
                .init(url: "http://127.0.0.1:\(port)", threads: 1, connections: 2, duration: .seconds(3), script: script),
                in: directory.url
            )
            #expect(result.requests > 0)
            #expect(result.non2xx3xx == 0)
        }
        let requests = recorder.requests
        #expect(!requests.isEmpty)
        #expect(Set(requests.map(\.path)) == ["/first", "/second?x=1"])
        for request in requests {
            #expect(request.method == "GET")
            #expect(request.userAgent == "Bench/1.0 (\"quoted\")")
            #expect(request.forwardedFor == (request.path == "/first" ? "10.0.0.1" : "10.0.0.2"))
        }
    }

    @Test func postsCycleThroughTheBodiesWithTheirHeaders() async throws {
        let recorder = RequestRecorder()
        try await recorder.withLiveServer { port, directory in
            let bodies = try directory.write(
                "bodies.jsonl",
                """
                203.0.113.7\t{"event":"open","n":1}
                203.0.113.8\t{"event":"purchase","value":9.99,"note":"tab\\there"}

                """)
            let script = try WrkScript.cyclingPosts(
                path: "/v1/events", bodiesFile: bodies,
                headers: ["Content-Type": "application/json", "Authorization": "Bearer pk_test_123"],
                lineHeader: "X-Forwarded-For"
            )
            let result = try await Wrk.run(
                .init(url: "http://127.0.0.1:\(port)", threads: 2, connections: 2, duration: .seconds(3), script: script),
                in: directory.url
            )
            #expect(result.requests > 0)
            #expect(result.non2xx3xx == 0)
        }
        let requests = recorder.requests
        #expect(!requests.isEmpty)
        for request in requests {
            #expect(request.method == "POST")
            #expect(request.path == "/v1/events")
            #expect(request.contentType == "application/json")
            #expect(request.authorization == "Bearer pk_test_123")
            switch request.forwardedFor {
            case "203.0.113.7": #expect(request.body == #"{"event":"open","n":1}"#)
            case "203.0.113.8": #expect(request.body == #"{"event":"purchase","value":9.99,"note":"tab\there"}"#)
            default: Issue.record("unexpected X-Forwarded-For \(String(describing: request.forwardedFor))")
            }
        }
        #expect(Set(requests.compactMap(\.forwardedFor)).count == 2)
    }

    @Test func eachThreadStartsAtItsOwnShareOfTheLines() async throws {
        let recorder = RequestRecorder()
        let lines = 100_000
        try await recorder.withLiveServer { port, directory in
            let paths = try directory.write("paths.txt", (0..<lines).map { "/p\($0)\n" }.joined())
            let script = try WrkScript.cyclingGets(pathsFile: paths)
            _ = try await Wrk.run(
                .init(url: "http://127.0.0.1:\(port)", threads: 2, connections: 2, duration: .seconds(3), script: script),
                in: directory.url
            )
        }
        let indices = recorder.requests.compactMap { Int($0.path.dropFirst(2)) }
        // Thread 0 starts at line 0 (whose request wrk spends checking the script, so line 1
        // is the first sent), thread 1 at line 50 000; neither gets through a quarter of the
        // list in one second, so nothing comes from between the two starts.
        #expect(indices.contains(1))
        #expect(indices.contains(lines / 2))
        #expect(indices.allSatisfy { $0 < lines / 4 || ($0 >= lines / 2 && $0 < lines / 2 + lines / 4) }, "max \(indices.max() ?? -1)")
    }
}

/// A live Hummingbird server that records every request it answers (with 204).
final class RequestRecorder: Sendable {
    struct Recorded: Sendable {
        var method: String
        var path: String
        var userAgent: String?
        var forwardedFor: String?
        var contentType: String?
        var authorization: String?
        var body: String
    }

    private let recorded = LockedValue<[Recorded]>([])

    var requests: [Recorded] { recorded.withLock { $0 } }

    /// Runs `body` with the port of a live server and a test directory.
    func withLiveServer(_ body: @Sendable (Int, TestDirectory) async throws -> Void) async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        let router = Router()
        let recorded = recorded
        router.on("**", method: .get, use: Self.record(into: recorded))
        router.on("**", method: .post, use: Self.record(into: recorded))
        let app = Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)))
        try await app.test(.live) { client in
            let port = try #require(client.port)
            try await body(port, directory)
        }
    }

    private static func record(
        into recorded: LockedValue<[Recorded]>
    ) -> @Sendable (Request, BasicRequestContext) async throws -> HTTPResponse.Status {
        { request, _ in
            let body = try await request.body.collect(upTo: 1 << 20)
            let entry = Recorded(
                method: request.method.rawValue,
                path: request.uri.description,
                userAgent: request.headers[.userAgent],
                forwardedFor: request.headers[.init("X-Forwarded-For")!],
                contentType: request.headers[.contentType],
                authorization: request.headers[.authorization],
                body: String(buffer: body)
            )
            recorded.withLock { $0.append(entry) }
            return .noContent
        }
    }
}
