@testable import LandfallStore
import Testing

@Suite("The list of migrations")
struct MigrationListTests {
    /// A reader of the list sees the order they are applied in, so the numbers must say it too.
    @Test func migrationsAreListedInTheOrderOfTheirNumbers() {
        let numbers = Migration.all.map { Int($0.name.prefix { $0.isNumber }) }
        #expect(numbers == Array(1...Migration.all.count).map(Optional.some))
    }
}
