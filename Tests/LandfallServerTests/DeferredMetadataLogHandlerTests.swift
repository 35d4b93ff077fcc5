import Logging
import NIOConcurrencyHelpers
import Testing

@testable import landfall

/// Collects what a `StreamLogHandler` writes.
private final class LinesStream: TextOutputStream, @unchecked Sendable {
    private let text = NIOLockedValueBox("")
    var written: String { text.withLockedValue { $0 } }
    func write(_ string: String) { text.withLockedValue { $0 += string } }
}

@Suite struct DeferredMetadataLogHandlerTests {
    private func logger(_ stream: LinesStream, level: Logger.Level = .info) -> Logger {
        var logger = Logger(label: "landfall.test") { label in
            DeferredMetadataLogHandler(wrapping: StreamLogHandler(label: label, stream: stream, metadataProvider: nil))
        }
        logger.logLevel = level
        return logger
    }

    @Test func writesTheLoggersMetadataWithTheLine() {
        let stream = LinesStream()
        var logger = logger(stream)
        logger[metadataKey: "hb.request.id"] = "abc123"
        logger.warning("click batch write was slow", metadata: ["clicks": "42"])
        let line = stream.written
        #expect(line.contains("warning landfall.test:"))
        #expect(line.contains("hb.request.id=abc123"))
        #expect(line.contains("clicks=42"))
        #expect(line.hasSuffix("click batch write was slow\n"))
    }

    @Test func keepsMetadataPerLoggerCopy() {
        let stream = LinesStream()
        var first = logger(stream)
        first[metadataKey: "request"] = "one"
        var second = first
        second[metadataKey: "request"] = "two"
        #expect(first[metadataKey: "request"] == "one")
        first.info("first")
        second.info("second")
        let lines = stream.written.split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines[0].contains("request=one") && lines[0].hasSuffix("first"))
        #expect(lines[1].contains("request=two") && lines[1].hasSuffix("second"))
    }

    @Test func writesNothingBelowItsLevel() {
        let stream = LinesStream()
        let logger = logger(stream, level: .warning)
        logger.info("not written")
        logger.debug("nor this")
        #expect(stream.written.isEmpty)
        logger.error("written")
        #expect(stream.written.contains("error landfall.test:"))
        #expect(stream.written.hasSuffix(" written\n"))
    }
}
