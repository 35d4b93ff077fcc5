import Foundation
import LandfallStore
import Testing

/// Tables on a 390 px phone in headless Chromium: headers break only between words, and a table
/// wider than the screen scrolls inside its own named, focusable box rather than widening the page.
@Suite("Dashboard tables at 390 px in headless Chromium")
struct DashboardPhoneTablesTests {
    /// The words of the page's table headers that the layout split across lines.
    static let brokenHeaderWords = """
        JSON.stringify([...document.querySelectorAll('th')].flatMap(th => {
          const broken = []; const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT); let node;
          while ((node = walker.nextNode())) {
            for (const match of node.data.matchAll(/\\S+/g)) {
              const range = document.createRange();
              range.setStart(node, match.index); range.setEnd(node, match.index + match[0].length);
              if (range.getClientRects().length > 1) broken.push(match[0]);
            }
          }
          return broken;
        }))
        """

    /// Tables not inside a `.table-scroll` region that has a tab stop and a name.
    static let unboxedTables = """
        String([...document.querySelectorAll('table')].filter(t => {
          const box = t.parentElement;
          return !(box.classList.contains('table-scroll') && box.getAttribute('role') === 'region'
            && box.tabIndex === 0 && (box.getAttribute('aria-label') || '').trim() !== '');
        }).length)
        """

    @Test("every page an owner sees: no header word split, every table boxed, the page no wider than the phone")
    func tablesOnAPhone() async throws {
        try await DashboardBrowserWorld.run { world in
            let page = world.page
            try await page.setViewport(width: 390, height: 844)
            try await world.signIn(.owner)
            var tables = 0
            for (name, path) in world.pages {
                try await page.navigate("\(world.base)\(path)")
                let broken = try JSONDecoder().decode([String].self, from: Data(try await page.evaluate(Self.brokenHeaderWords).utf8))
                #expect(broken.isEmpty, "\(name): header words split across lines: \(broken)")
                #expect(try await page.evaluate(Self.unboxedTables) == "0", "\(name)")
                #expect(Int(try await page.evaluate("String(document.documentElement.scrollWidth)")) ?? 0 <= 390, "\(name)")
                tables += Int(try await page.evaluate("String(document.querySelectorAll('table').length)")) ?? 0
            }
            #expect(tables >= 8, "the pages hold tables to check: \(tables)")
        }
    }
}
