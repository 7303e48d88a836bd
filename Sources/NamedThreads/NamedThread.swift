#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// Threads whose name the operating system shows: `top -H`, `ps -L`, `perf --sort comm`,
/// debuggers.
///
/// Foundation's `Thread.name` reaches the operating system only when set by the running
/// thread, and on Linux only once the starting thread has recorded the new thread's
/// handle: a thread that runs before that keeps its creator's name (seen under load, where
/// handler threads started by libmicrohttpd's thread showed up as `MHD-single`). So on
/// Linux the new thread writes its own name to `/proc/thread-self/comm` (the kernel keeps
/// 15 bytes), which has no such race; elsewhere it sets `Thread.current.name`.
public enum NamedThread {
    /// Starts a thread named `name` that runs `body`. Give an ASCII name of at most 15
    /// bytes (Linux shows no more).
    public static func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        let thread = Thread {
            nameCurrentThread(name)
            body()
        }
        thread.name = name
        thread.start()
    }

    /// Names the calling thread `name` (at most 15 bytes are kept on Linux).
    public static func nameCurrentThread(_ name: String) {
        Thread.current.name = name
        #if os(Linux)
        let bytes = Array(name.utf8.prefix(15))
        let descriptor = open("/proc/thread-self/comm", O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        _ = close(descriptor)
        #endif
    }
}
