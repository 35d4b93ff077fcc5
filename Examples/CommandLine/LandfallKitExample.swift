import Foundation
import LandfallKit

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// `landfall-kit-example`: deferred deep linking end to end against a running Landfall server.
///
/// 1. With `--admin-token`, creates an app (URI scheme `mealtime`), its keys and a recipe link.
/// 2. Plays an iPhone that opens the link in Safari: the app-opening page, then its beacon.
/// 3. "Installs" the app on that iPhone: LandfallKit starts with the same device information and
///    receives the link's deferred deep link.
/// 4. Plays another phone that installs without clicking: LandfallKit reports it as organic.
@main
struct LandfallKitExample {
    static func main() async {
        let options: ExampleOptions
        do {
            switch try ExampleOptions.parse(Array(CommandLine.arguments.dropFirst())) {
            case .help:
                print(ExampleOptions.usage)
                return
            case .run(let parsed):
                options = parsed
            }
        } catch {
            printError("error: \(error)\n\n\(ExampleOptions.usage)")
            exit(64)
        }
        do {
            try await run(options)
        } catch {
            printError("\nerror: \(error)")
            exit(1)
        }
    }

    static func run(_ options: ExampleOptions) async throws {
        let api = LandfallServerAPI(baseURL: options.baseURL)
        print("LandfallKit \(LandfallSDK.version) example against \(options.baseURL.absoluteString)\n")

        let publishableKey: String
        let linkPath: String
        var setUp: LandfallServerAPI.Setup?
        if let adminToken = options.adminToken {
            print("1. Setting up an app with the admin token")
            let setup = try await api.setUp(adminToken: adminToken)
            print("   app              \(setup.appId)")
            print("   publishable key  \(setup.publishableKey)")
            print("   link             \(setup.linkURL) → deep link /recipes/42 (recipe=42, servings=2)")
            publishableKey = setup.publishableKey
            linkPath = setup.linkPath
            setUp = setup
        } else if let key = options.publishableKey, let link = options.link {
            print("1. Using the existing app and link")
            publishableKey = key
            linkPath = URL(string: link).flatMap { $0.host == nil ? nil : $0.path } ?? "/" + link
            print("   link             \(linkPath)")
        } else {
            throw ExampleFailure("nothing to set up: give --admin-token, or --publishable-key with --link")
        }

        var configuration = LandfallConfiguration(baseURL: options.baseURL, apiKey: publishableKey)
        configuration.loggingEnabled = true
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("landfall-kit-example-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: scratch) }

        let clicker = SimulatedPhone.clicker
        print("\n2. \(clicker.summary) opens the link in Safari")
        let token = try await api.click(linkPath, from: clicker)
        print("   GET \(linkPath) → app-opening page with click token \(token)")
        print("   beacon → screen, time zone and language recorded")

        print("\n3. The same phone installs Mealtime and launches it \(Int(options.installDelay)) s later")
        try await Task.sleep(nanoseconds: UInt64(options.installDelay * 1_000_000_000))
        let (clickerApp, deferred) = try await clicker.launchApp(
            configuration: configuration, storage: scratch.appendingPathComponent("clicker"), verbose: options.verbose
        )
        describe(deferred)

        let bystander = SimulatedPhone.bystander
        print("\n4. \(bystander.summary) installs Mealtime without clicking anything")
        let organic = try await bystander.installAndLaunch(
            configuration: configuration, storage: scratch.appendingPathComponent("bystander"), verbose: options.verbose
        )
        describe(organic)

        guard deferred.data != nil, organic.isOrganic, !organic.isInstallReportPending else {
            throw ExampleFailure("the install reports did not come out as expected (attributed, then organic)")
        }
        if let setUp {
            try await ReferralWalkthrough(
                api: api, setup: setUp, configuration: configuration, scratch: scratch, installDelay: options.installDelay, verbose: options.verbose
            ).run(referrerApp: clickerApp)
        }
        print("\nDone: the clicking phone got its deep link, the other one was organic\(setUp == nil ? "" : ", and the invite became a completed referral").")
    }

    /// Prints a deferred deep link event the way an app would route it.
    static func describe(_ event: DeepLinkEvent) {
        guard let attribution = event.attribution else {
            print("   install report pending: the server could not be reached (LandfallKit retries on the next launch)")
            return
        }
        guard let data = event.data else {
            print("   organic: no click matched this install (install \(attribution.installId))")
            return
        }
        let factors = attribution.matchedFactors.joined(separator: ", ")
        let parameters = event.queryParameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ", ")
        print("   deferred deep link: \(attribution.method ?? "attributed"), confidence \(Int(attribution.confidenceScore))")
        print("   matched on       \(factors.isEmpty ? "the click token" : factors)")
        print("   deep link        \(data.deepLinkPath ?? "/") with \(parameters.isEmpty ? "no parameters" : parameters)")
        print("   link             \(data.shortCode)\(data.utmParameters?.campaign.map { ", campaign \($0)" } ?? "")")
        print("   install          \(attribution.installId)")
    }

    static func printError(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
