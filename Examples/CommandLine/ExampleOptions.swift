import Foundation

/// What the example was asked to do, read from the command line by hand (the example depends on
/// Foundation and LandfallKit only).
struct ExampleOptions: Sendable {
    /// The Landfall server.
    var baseURL: URL
    /// Sets up a new app, its keys and a link when given.
    var adminToken: String?
    /// The app's publishable key, when the app exists already.
    var publishableKey: String?
    /// The link the phone clicks when the app exists already: a short code or a full short URL.
    var link: String?
    /// Prints LandfallKit's own log lines.
    var verbose = false
    /// Seconds between the click and the first launch. Downloading and opening an app takes at least
    /// this long; the server weighs an install a second after its click as implausible.
    var installDelay: Double = 15

    static let usage = """
        Usage: landfall-kit-example [--base-url URL] --admin-token TOKEN [--install-delay SECONDS] [--verbose]
               landfall-kit-example [--base-url URL] --publishable-key KEY --link CODE_OR_URL [--install-delay SECONDS] [--verbose]

        Plays a phone that clicks a Landfall link in Safari and then installs the app: LandfallKit
        receives the link's deferred deep link on first launch. Then plays a phone that installed
        without clicking: LandfallKit reports it as organic.

        Options:
          --base-url URL           the Landfall server (default http://127.0.0.1:8080)
          --admin-token TOKEN      create a new app with a URI scheme, its keys and a link first
          --publishable-key KEY    use an existing app's publishable key (lf_pk_…) instead
          --link CODE_OR_URL       the existing link to click (its app needs a URI scheme)
          --install-delay SECONDS  wait between the click and the first launch (default 15: an
                                   install seconds after its click is not credible)
          --verbose                print LandfallKit's log lines
          -h, --help               show this help

        Example:
          swift run landfall serve --port 18090 --database sqlite:/tmp/example.sqlite --admin-token example-admin-token-123456
          swift run landfall-kit-example --base-url http://127.0.0.1:18090 --admin-token example-admin-token-123456
        """

    /// Why the command line could not be used; printed with the usage.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// The result of reading the arguments: options to run with, or a request for help.
    enum Parsed {
        case run(ExampleOptions)
        case help
    }

    /// Reads `arguments` (without the program name).
    static func parse(_ arguments: [String]) throws(UsageError) -> Parsed {
        var baseURLText = "http://127.0.0.1:8080"
        var options = ExampleOptions(baseURL: URL(fileURLWithPath: "/"))
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            // `--name=value` and `--name value` are both accepted.
            let parts = argument.split(separator: "=", maxSplits: 1).map(String.init)
            let name = parts.first ?? argument
            func value() throws(UsageError) -> String {
                if parts.count == 2 { return parts[1] }
                guard let next = remaining.popFirst(), !next.hasPrefix("--") else {
                    throw UsageError(description: "\(name) needs a value")
                }
                return next
            }
            switch name {
            case "-h", "--help": return .help
            case "--base-url": baseURLText = try value()
            case "--admin-token": options.adminToken = try value()
            case "--publishable-key": options.publishableKey = try value()
            case "--link": options.link = try value()
            case "--verbose": options.verbose = true
            case "--install-delay":
                let text = try value()
                guard let seconds = Double(text), (0...600).contains(seconds) else {
                    throw UsageError(description: "--install-delay must be 0-600 seconds")
                }
                options.installDelay = seconds
            default: throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        guard let url = URL(string: baseURLText), let scheme = url.scheme, ["http", "https"].contains(scheme), url.host != nil else {
            throw UsageError(description: "--base-url must be an http(s) URL such as http://127.0.0.1:8080")
        }
        options.baseURL = url
        switch (options.adminToken, options.publishableKey, options.link) {
        case (.some, nil, nil), (nil, .some, .some):
            return .run(options)
        case (.some, _, _):
            throw UsageError(description: "give either --admin-token, or --publishable-key with --link, not both")
        default:
            throw UsageError(description: "give --admin-token, or --publishable-key with --link")
        }
    }
}
