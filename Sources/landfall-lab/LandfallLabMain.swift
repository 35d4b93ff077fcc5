import ArgumentParser
import LandfallBench
import LandfallLab

/// The entry point, in an async function of its own: from top-level code Swift picks
/// ArgumentParser's synchronous `main()`, which refuses to run an asynchronous command.
@main
enum LandfallLabMain {
    static func main() async {
        // A bench stopped from outside must still stop the servers, nginx and PostgreSQL it started.
        TerminationSignals.exitCleanlyOnTermination()
        await LabCommand.main()
    }
}
