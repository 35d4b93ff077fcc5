import Foundation
import LandfallStore
import Testing

/// axe-core (its browser script from PyPI, installed by `scripts/axe-core-venv`, which `scripts/test`
/// runs first) checks every dashboard page an owner sees, at a phone's 390 px and a laptop's 1280 px,
/// in headless Chromium; a serious or critical violation fails the test with axe's rule and the nodes.
extension DashboardChromiumTests {
    /// The axe.min.js the virtual environment holds, whichever Python version made it.
    static func axeScript() throws -> String {
        let venv = FuzzCommandTests.repositoryRoot.appendingPathComponent(".venv/axe-core/lib")
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: venv.path)) ?? []
        let script = versions.sorted().lazy
            .map { venv.appendingPathComponent("\($0)/site-packages/axe_playwright_python/axe.min.js") }
            .first { FileManager.default.fileExists(atPath: $0.path) }
        let found = try #require(script, "no axe-core script under \(venv.path): run scripts/axe-core-venv (scripts/test does)")
        return try String(contentsOf: found, encoding: .utf8)
    }

    /// axe's serious and critical violations on the page, one line each.
    static func seriousViolations(_ page: DevToolsPage) async throws -> [String] {
        let json = try await page.evaluatePromise(
            """
            axe.run(document, {resultTypes: ['violations']}).then(r => JSON.stringify(r.violations
              .filter(v => v.impact === 'serious' || v.impact === 'critical')
              .map(v => v.impact + ' ' + v.id + ': ' + v.help + ' at ' + v.nodes.slice(0, 4).map(n => n.target.join(' ')).join(', '))))
            """)
        return try JSONDecoder().decode([String].self, from: Data(json.utf8))
    }

    @Test("axe-core: no serious or critical violation on any page an owner sees, at 390 and 1280 px")
    func accessibility() async throws {
        let axe = try Self.axeScript()
        try await DashboardBrowserWorld.run { world in
            let page = world.page
            try await page.addScriptToEveryDocument(axe)
            for width in [390, 1280] {
                try await page.setViewport(width: width, height: width < 600 ? 844 : 900)
                try await page.pipe.clearCookies()
                try await page.navigate("\(world.base)/dashboard/login")
                var checked = [("login", try await Self.seriousViolations(page))]
                try await world.screenshot("login-\(width)")
                try await world.signIn(.owner)
                for (name, path) in world.pages {
                    try await page.navigate("\(world.base)\(path)")
                    #expect(try await page.evaluate("location.pathname") == path, "the owner sees \(path)")
                    checked.append((name, try await Self.seriousViolations(page)))
                    try await world.screenshot("owner-\(name)-\(width)")
                }
                for (name, violations) in checked {
                    #expect(violations.isEmpty, "\(name) at \(width) px: \(violations.joined(separator: "; "))")
                }
                #expect(checked.count == world.pages.count + 1)
            }
        }
    }
}
