import Foundation
import HTTPTypes
import HummingbirdTesting
@testable import LandfallLab
@testable import LandfallServer
import Testing

@Suite("XSS corpus over every link field and every page that shows link data")
struct XSSCorpusTests {
    @Test("the corpus has at least 100 distinct payloads")
    func corpusSize() {
        #expect(XSSCorpus.payloads.count >= 100)
        #expect(Set(XSSCorpus.payloads).count == XSSCorpus.payloads.count)
    }

    @Test("every payload in every field renders nothing executable on any page")
    func corpusFindsNothingExecutable() async throws {
        // Four servers with a quarter of the corpus each, at once: one server taking the whole
        // corpus in turn was the last test to finish in a full run, by a minute.
        let payloads = XSSCorpus.payloads
        let quarter = (payloads.count + 3) / 4
        let report = try await withThrowingTaskGroup(of: XSSProbe.Report.self) { group in
            for start in stride(from: 0, to: payloads.count, by: quarter) {
                let part = Array(payloads[start..<min(start + quarter, payloads.count)])
                group.addTask { try await Self.probe(part) }
            }
            var total = XSSProbe.Report()
            for try await part in group {
                total.injectionsTried += part.injectionsTried
                total.refusedAtInput += part.refusedAtInput
                total.pagesScanned += part.pagesScanned
                total.objectFieldsStored += part.objectFieldsStored
                total.findings += part.findings
            }
            return total
        }
        #expect(report.injectionsTried == XSSCorpus.payloads.count * XSSProbe.injections.count)
        #expect(report.injectionsTried >= 2_000)
        // Most text fields take payloads as data: the pages, not input refusal, are what is tested.
        #expect(report.pagesScanned > report.injectionsTried)
        // The dashboard's other pages get the payloads too, most of them stored as data.
        #expect(report.objectFieldsStored > XSSCorpus.payloads.count)
        let firstFindings = Array(report.findings.prefix(10))
        #expect(firstFindings.isEmpty)
        #expect(report.found == 0)
    }
}

extension XSSCorpusTests {
    /// Runs `payloads` through a server of their own.
    static func probe(_ payloads: [String]) async throws -> XSSProbe.Report {
        try await TestServer.run { server in
            let probe = XSSProbe(adminToken: TestServer.adminToken) { method, path, headers, body in
                var extra = headers
                let contentType = extra[.contentType]
                extra[.contentType] = nil
                let response = try await server.send(method, path, body: body.map { .raw($0, contentType: contentType) }, headers: extra)
                return XSSProbe.Reply(status: Int(response.status.code), headers: response.headers, body: response.text)
            }
            return try await probe.run(payloads: payloads)
        }
    }
}

@Suite("The executable-context scanner finds what a browser would run")
struct ExecutableContextScannerTests {
    let scanner = ExecutableContextScanner(trustedScripts: ["ours()"], trustedSources: ["/ours.js"])

    @Test(
        "it flags injected markup",
        arguments: [
            "<p><script>alert(1)</script></p>",
            "<p><SCRIPT src=//evil.example/x.js></SCRIPT></p>",
            "<img src=x onerror=alert(1)>",
            "<img src=\"x\" ONERROR = \"alert(1)\">",
            "<a href=\" &#106;avascript:alert(1)\">x</a>",
            "<a href=\"java&#x09;script:alert(1)\">x</a>",
            "<a href='JaVaScRiPt&colon;alert(1)'>x</a>",
            "<meta http-equiv=\"refresh\" content=\"0;url=javascript:alert(1)\">",
            "<iframe srcdoc=\"x\"></iframe>",
            "<svg><animate onbegin=alert(1)>",
            "<div style=\"background:url(javascript:alert(1))\">",
            "<meta content=\"x\" onmouseover=\"alert(1)\">",
            "<title></title><script>alert(1)</script></title>",
            "<script type=\"application/json\">{\"a\":1}</script><script>alert(1)</script>\"}</script>",
            "<script type=\"application/json\">{\"open\":\"javascript:alert(1)\"}</script>",
            "<script nonce=\"N\">alert(1)</script>",
            "<script nonce=\"WRONG\">ours()</script>",
            "<script src=\"/ours.js\"></script>",
            "<script src=\"/ours.js\" nonce=\"WRONG\"></script>",
            "<script src=\"/theirs.js\" nonce=\"N\"></script>",
            "<script src=\"/ours.js\" nonce=\"N\">alert(1)</script>",
            "<base href=\"https://evil.example/\">",
            "<style>body{}</style>",
            "<svg><style nonce=\"N\"><img src=x onerror=alert(1)></style></svg>",
            "<title><img src=x onerror=alert(1)></title>",
        ])
    func flagsInjectedMarkup(html: String) {
        #expect(!scanner.scan(html, nonce: "N").isEmpty, "\(html)")
    }

    @Test(
        "it passes escaped text, our nonce script and inert data",
        arguments: [
            "<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>",
            "<a href=\"https://example.com/?q=&quot;onerror=&quot;\">x</a>",
            "<meta property=\"og:title\" content=\"&lt;img src=x onerror=alert(1)&gt;\">",
            "<title>&lt;/title&gt;&lt;script&gt;</title>",
            "<script nonce=\"N\">ours()</script>",
            "<script src=\"/ours.js\" nonce=\"N\" defer></script>",
            "<script type=\"application/json\" id=\"c\">{\"t\":\"\\u003c/script\\u003e\"}</script>",
            "<style nonce=\"N\">body{color:red}</style>",
            "<a href=\"acme://open?q=%3Cscript%3E\">open</a>",
            "<!-- <script>alert(1)</script> -->",
        ])
    func passesSafeMarkup(html: String) {
        #expect(scanner.scan(html, nonce: "N").isEmpty, "\(html): \(scanner.scan(html, nonce: "N"))")
    }
}
