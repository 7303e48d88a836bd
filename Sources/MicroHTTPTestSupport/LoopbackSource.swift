import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Client sockets bound to a chosen loopback source address (for tests: a server sees
/// `127.0.0.2` as another client than `127.0.0.1`).
enum LoopbackSource {
    /// `IP_BIND_ADDRESS_NO_PORT` from linux/in.h (Glibc's headers do not export it).
    static let bindAddressNoPort: Int32 = 24

    /// Whether `text` is a numeric IPv4 address in 127.0.0.0/8.
    static func isIPv4Loopback(_ text: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, text, &address) == 1 && UInt32(bigEndian: address.s_addr) >> 24 == 127
    }

    /// Binds `socket` to `address` port 0 (any free port); false (errno set) on failure.
    ///
    /// On Linux the port is chosen at `connect` (`IP_BIND_ADDRESS_NO_PORT`), not by `bind`:
    /// `bind` alone needs a port no other socket holds, TIME_WAIT ones included, and a test
    /// that has just closed thousands of connections (a flood) would run out of the 28,000
    /// ephemeral ports, while `connect` may reuse a port towards another destination.
    static func bind(_ socket: Int32, to address: String) -> Bool {
        #if os(Linux)
        var enabled: Int32 = 1
        _ = setsockopt(socket, Int32(IPPROTO_IP), Self.bindAddressNoPort, &enabled, socklen_t(MemoryLayout<Int32>.size))
        #endif
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_port = 0
        guard inet_pton(AF_INET, address, &local.sin_addr) == 1 else { return false }
        return withUnsafePointer(to: &local) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Foundation.bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
