import ArgumentParser
import Testing
@testable import landfall

/// The retention options `landfall serve` takes: a period outside its range is refused with the
/// option named, before anything starts.
@Suite("Serve retention options")
struct ServeRetentionOptionTests {
    @Test(arguments: ["0", "86401", "-5"])
    func aClickRetentionIntervalOutOfRangeIsRefused(seconds: String) {
        #expect {
            _ = try Serve.parse(["--click-retention-interval=\(seconds)"])
        } throws: { error in
            Serve.message(for: error).contains("--click-retention-interval must be 1-86400 seconds")
        }
    }

    @Test func aClickRetentionIntervalInRangeIsTaken() throws {
        let serve = try Serve.parse(["--click-retention-interval", "30", "--click-retention-days", "20"])
        #expect(serve.clickRetentionInterval == 30)
        #expect(serve.clickRetentionDays == 20)
    }

    @Test(arguments: ["-1", "60001"])
    func aBatchPauseOutOfRangeIsRefused(milliseconds: String) {
        #expect {
            _ = try Serve.parse(["--click-retention-batch-pause=\(milliseconds)"])
        } throws: { error in
            Serve.message(for: error).contains("--click-retention-batch-pause must be 0-60000 milliseconds")
        }
    }

    @Test func aBatchPauseInRangeIsTaken() throws {
        #expect(try Serve.parse(["--click-retention-batch-pause", "40"]).clickRetentionBatchPause == 40)
    }
}
