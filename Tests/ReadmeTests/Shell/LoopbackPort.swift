import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Loopback TCP ports for the servers the README commands start.
enum LoopbackPort {
    /// A port the kernel hands out for 127.0.0.1 right now.
    static func free() throws -> UInt16 {
        let socket = try boundSocket(port: 0)
        defer { close(socket) }
        var address = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let named = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) == 0 }
        }
        guard named else { throw ReadmeRunFailure("getsockname() failed") }
        return UInt16(bigEndian: address.sin_port)
    }

    /// Whether 127.0.0.1:`port` can be bound now.
    static func isFree(_ port: UInt16) -> Bool {
        guard let socket = try? boundSocket(port: port) else { return false }
        close(socket)
        return true
    }

    /// A number `d` such that the ports `10·d + 1`, `10·d + 2` and `10·d + 3` are free, below
    /// the kernel's ephemeral range: what the README's `808` becomes in `808$n`.
    static func freeDecade() throws -> Int {
        let range =
            (try? String(contentsOfFile: "/proc/sys/net/ipv4/ip_local_port_range", encoding: .utf8))?
            .split(whereSeparator: \.isWhitespace).compactMap { Int($0) } ?? []
        let highest = max(1_100, min(range.first ?? 32_768, 65_536) / 10 - 1)
        for _ in 0..<200 {
            let decade = Int.random(in: 1_000...highest)
            if (1...3).allSatisfy({ isFree(UInt16(decade * 10 + $0)) }) { return decade }
        }
        throw ReadmeRunFailure("no three free loopback ports in a row below \(highest * 10)")
    }

    private static func boundSocket(port: UInt16) throws -> Int32 {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ReadmeRunFailure("socket() failed") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = port.bigEndian
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
        guard bound else {
            close(descriptor)
            throw ReadmeRunFailure("cannot bind 127.0.0.1:\(port)")
        }
        return descriptor
    }
}
