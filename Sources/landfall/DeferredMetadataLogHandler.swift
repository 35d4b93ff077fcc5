import Logging

/// Standard-error logging that formats metadata only for a line actually written.
///
/// Hummingbird gives every request a logger with its own `hb.request.id`. `StreamLogHandler`
/// renders its whole metadata dictionary into a string each time an item is set, so every request
/// paid for building a string that, at the default levels, nothing ever prints (3 % of the
/// redirect handler's CPU in a profile). Here setting metadata only stores it.
struct DeferredMetadataLogHandler: LogHandler {
    private let stream: StreamLogHandler
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .info
    var metadataProvider: Logger.MetadataProvider?

    init(label: String) {
        self.init(wrapping: StreamLogHandler.standardError(label: label))
    }

    init(wrapping stream: StreamLogHandler) {
        self.stream = stream
        self.metadataProvider = stream.metadataProvider
    }

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        var writer = stream
        writer.logLevel = logLevel
        writer.metadataProvider = metadataProvider
        writer.metadata = metadata
        writer.log(event: event)
    }
}
