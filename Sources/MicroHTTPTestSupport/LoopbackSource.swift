import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Client sockets bound to a chosen loopback source address (for tests: a server sees
/// `127.0.0.2` as another client than `127.0.0.1`).
enum LoopbackSource {
    /// Whether `text` is a numeric IPv4 address in 127.0.0.0/8.
    static func isIPv4Loopback(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1 && UInt32(bigEndian: address.s_addr) >> 24 == 127
    }

    /// Binds `socket` to `address` port 0 (any free port); false (errno set) on failure.
    static func bind(_ socket: Int32, to address: String) -> Bool {
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_port = 0
        guard inet_pton(AF_INET, address, &local.sin_addr) == 1 else { return false }
        return withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
