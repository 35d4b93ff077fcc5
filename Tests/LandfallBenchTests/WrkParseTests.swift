import Foundation
import LandfallBench
import Testing

@Suite("wrk results")
struct WrkParseTests {
    /// What wrk 4.1.0 printed for one second against the debug reference server, with the report
    /// function and every fourth path unknown (captured, not made up).
    static let capturedOutput = """
        Running 1s test @ http://127.0.0.1:45915
          2 threads and 16 connections
          Thread Stats   Avg      Stdev     Max   +/- Stdev
            Latency     1.77ms    0.89ms  11.50ms   83.21%
            Req/Sec     4.64k   678.41     5.82k    77.27%
          Latency Distribution
             50%    1.59ms
             75%    2.07ms
             90%    2.67ms
             99%    5.00ms
          10141 requests in 1.10s, 1.46MB read
          Non-2xx or 3xx responses: 2535
        Requests/sec:   9217.22
        Transfer/sec:      1.32MB
        WRKJSON {"requests":10141,"duration_us":1100223,"bytes":1526234,"errors":{"connect":0,"read":0,"write":0,"status":2535,"timeout":0},"latency_us":{"min":207,"mean":1772.207,"stdev":885.278,"max":11500,"p50":1593,"p75":2072,"p90":2672,"p99":4996,"p999":9561}}

        """

    @Test func readsTheReportLine() throws {
        let result = try Wrk.parse(Self.capturedOutput)
        #expect(result.requests == 10_141)
        #expect(result.durationSeconds == 1.100223)
        // The same figure wrk prints as Requests/sec.
        #expect(abs(result.requestsPerSecond - 9_217.22) < 0.01)
        #expect(result.bytes == 1_526_234)
        #expect(result.latency.min == 207)
        #expect(result.latency.mean == 1_772.207)
        #expect(result.latency.p50 == 1_593)
        #expect(result.latency.p75 == 2_072)
        #expect(result.latency.p90 == 2_672)
        #expect(result.latency.p99 == 4_996)
        #expect(result.latency.p999 == 9_561)
        #expect(result.latency.max == 11_500)
        #expect(result.non2xx3xx == 2_535)
        #expect(result.errors.socket == 0)
    }

    @Test func readsEverySocketErrorCounter() throws {
        let line =
            #"WRKJSON {"requests":5,"duration_us":2000000,"bytes":10,"errors":{"connect":1,"read":2,"write":3,"status":4,"timeout":5},"latency_us":{"min":1,"mean":1.5,"stdev":0.5,"max":2,"p50":1,"p75":2,"p90":2,"p99":2,"p999":2}}"#
        let result = try Wrk.parse("some text\r\n" + line + "\r\n")
        #expect(result.errors == WrkResult.Errors(connect: 1, read: 2, write: 3, timeout: 5, status: 4))
        #expect(result.errors.socket == 11)
        #expect(result.requestsPerSecond == 2.5)
    }

    @Test func outputWithoutAReportIsAnError() {
        let error = #expect(throws: BenchError.self) {
            _ = try Wrk.parse("Running 1s test @ http://127.0.0.1:1\nunable to connect to 127.0.0.1:1 Connection refused\n")
        }
        #expect(error?.code == .malformedOutput)
        #expect(error?.message.contains("Connection refused") == true)
    }

    @Test func aRunWithoutResponsesStillParses() throws {
        // wrk reports the histogram's empty minimum as the largest 64-bit value.
        let line =
            #"WRKJSON {"requests":0,"duration_us":1000000,"bytes":0,"errors":{"connect":16,"read":0,"write":0,"status":0,"timeout":0},"latency_us":{"min":18446744073709551616,"mean":0.000,"stdev":0.000,"max":0,"p50":0,"p75":0,"p90":0,"p99":0,"p999":0}}"#
        let result = try Wrk.parse(line)
        #expect(result.requests == 0)
        #expect(result.requestsPerSecond == 0)
        #expect(result.errors.connect == 16)
    }

    @Test func theCommandLinePassesTheThreadCountToTheScript() {
        let options = WrkOptions(
            url: "http://127.0.0.1:8080", threads: 2, connections: 32, duration: .milliseconds(1_500), timeout: .seconds(5))
        let arguments = Wrk.arguments(for: options, scriptFile: URL(fileURLWithPath: "/tmp/w.lua"))
        #expect(
            arguments == [
                "-t", "2", "-c", "32", "-d", "2s", "--latency", "-s", "/tmp/w.lua", "--timeout", "5s", "http://127.0.0.1:8080", "2",
            ])
    }

    @Test func impossibleOptionsAreRejectedBeforeRunning() async throws {
        let directory = try TestDirectory()
        defer { directory.remove() }
        await #expect(throws: BenchError.self) {
            _ = try await Wrk.run(.init(url: "http://127.0.0.1:1", threads: 4, connections: 2), in: directory.url)
        }
        await #expect(throws: BenchError.self) {
            _ = try await Wrk.run(.init(url: "127.0.0.1:1"), in: directory.url)
        }
    }
}
