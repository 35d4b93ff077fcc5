#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// glibc gives every thread that allocates its own malloc arena (up to 8 per core), and memory
/// freed in one arena is not reused by another: a server whose requests hop between event-loop,
/// concurrency and SQLite threads grows its RSS by tens of megabytes of fragmentation. Two arenas
/// keep the RSS flat at no measurable cost in throughput. `MALLOC_ARENA_MAX`, when set, wins.
///
/// A process-wide setting, so only an executable calls it: `landfall serve`, and the lab's runs that
/// host the server in their own process and must measure it as it runs in production.
public enum MemoryTuning {
    public static func limitMallocArenas() {
        #if canImport(Glibc)
        guard ProcessInfo.processInfo.environment["MALLOC_ARENA_MAX"] == nil else { return }
        // mallopt is not in Swift's Glibc module; M_ARENA_MAX is -8 in glibc's malloc.h.
        typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
        guard let process = dlopen(nil, RTLD_NOW), let symbol = dlsym(process, "mallopt") else { return }
        _ = unsafeBitCast(symbol, to: Mallopt.self)(-8, 2)
        #endif
    }
}
