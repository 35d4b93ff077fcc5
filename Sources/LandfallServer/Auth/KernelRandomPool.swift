#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import NIOConcurrencyHelpers

/// The kernel's cryptographic randomness, read 512 bytes per system call.
///
/// `SystemRandomNumberGenerator` makes one `getrandom` call per 64-bit word; a redirect needs four
/// words (the click's identifier and its token), and those calls were a quarter of what capturing a
/// click cost on a virtual machine where system calls are dear. Every byte still comes from the
/// kernel and is handed out once.
struct KernelRandomPool: RandomNumberGenerator {
    private struct Buffer {
        var words = [UInt64](repeating: 0, count: 64)
        var next = 64
    }

    private static let buffer = NIOLockedValueBox(Buffer())

    init() {}

    mutating func next() -> UInt64 {
        Self.buffer.withLockedValue { buffer in
            if buffer.next == buffer.words.count {
                buffer.words.withUnsafeMutableBytes { Self.fill($0) }
                buffer.next = 0
            }
            defer { buffer.next += 1 }
            return buffer.words[buffer.next]
        }
    }

    /// `/dev/urandom`, opened once: the kernel's generator behind `getrandom`, which Glibc's Swift
    /// module does not expose. Never blocks once the system has booted.
    private static let urandom: Int32 = open("/dev/urandom", O_RDONLY | O_CLOEXEC)

    private static func fill(_ bytes: UnsafeMutableRawBufferPointer) {
        var filled = 0
        while filled < bytes.count, urandom >= 0 {
            let got = read(urandom, bytes.baseAddress! + filled, bytes.count - filled)
            if got > 0 {
                filled += got
            } else if got == 0 || errno != EINTR {
                break
            }
        }
        guard filled < bytes.count else { return }
        // Without the device (a chroot without /dev), word by word from the standard library.
        var system = SystemRandomNumberGenerator()
        for offset in stride(from: filled, to: bytes.count, by: 8) {
            withUnsafeBytes(of: system.next() as UInt64) { word in
                (bytes.baseAddress! + offset).copyMemory(from: word.baseAddress!, byteCount: min(8, bytes.count - offset))
            }
        }
    }
}
