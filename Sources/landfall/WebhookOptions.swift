import ArgumentParser
import LandfallServer

/// `landfall serve`'s webhook options.
struct WebhookOptions: ParsableArguments {
    @Flag(help: "Let webhooks reach loopback addresses, for local development and tests only (env LANDFALL_WEBHOOKS_ALLOW_LOOPBACK=1)")
    var webhooksAllowLoopback = false

    @Flag(help: "Let webhooks reach private networks such as 10.0.0.0/8 (env LANDFALL_WEBHOOKS_ALLOW_PRIVATE=1)")
    var webhooksAllowPrivate = false

    @Option(
        help:
            "Seconds one webhook attempt may take; a crashed sender's deliveries are retried after twice that plus 5 (env LANDFALL_WEBHOOK_TIMEOUT; default 15)"
    )
    var webhookTimeout: Int?

    func validate() throws {
        if let seconds = resolvedTimeout(), !(1...120).contains(seconds) {
            throw ValidationError("--webhook-timeout must be 1-120 seconds")
        }
    }

    private func resolvedTimeout() -> Int? {
        webhookTimeout ?? Environment.value("LANDFALL_WEBHOOK_TIMEOUT").flatMap(Int.init)
    }

    /// `configuration` with the webhook settings these options and their environment variables describe.
    func applied(to configuration: ServerConfiguration) -> ServerConfiguration {
        var configuration = configuration
        configuration.webhooks = self.configuration()
        return configuration
    }

    private func configuration() -> WebhookConfiguration {
        var configuration = WebhookConfiguration()
        configuration.allowLoopback = webhooksAllowLoopback || Environment.flag("LANDFALL_WEBHOOKS_ALLOW_LOOPBACK")
        configuration.allowPrivateNetworks = webhooksAllowPrivate || Environment.flag("LANDFALL_WEBHOOKS_ALLOW_PRIVATE")
        if let seconds = resolvedTimeout() { configuration.timeout = .seconds(seconds) }
        return configuration
    }
}
