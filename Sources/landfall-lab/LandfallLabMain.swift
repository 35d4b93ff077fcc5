import ArgumentParser
import LandfallLab

/// The entry point, in an async function of its own: from top-level code Swift picks
/// ArgumentParser's synchronous `main()`, which refuses to run an asynchronous command.
@main
enum LandfallLabMain {
    static func main() async {
        await LabCommand.main()
    }
}
