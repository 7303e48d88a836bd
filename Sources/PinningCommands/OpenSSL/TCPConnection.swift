#if canImport(COpenSSL)
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The one owner of a `getaddrinfo` result list; `freeaddrinfo` on deinit.
final class AddressInfoList {
    private let head: UnsafeMutablePointer<addrinfo>

    /// Resolves `host` for a TCP connection to `port`, any address family.
    ///
    /// - Throws: ``PinFetchError/Code/dns`` with `gai_strerror`'s reason.
    init(host: String, port: UInt16) throws(PinFetchError) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &result)
        guard status == 0, let result else {
            let reason = String(cString: gai_strerror(status))
            throw PinFetchError(.dns, "cannot resolve '\(host)': \(reason)")
        }
        head = result
    }

    deinit { freeaddrinfo(head) }

    /// The addresses in resolver order; valid while `self` lives.
    var entries: [addrinfo] {
        var entries: [addrinfo] = []
        var cursor: UnsafeMutablePointer<addrinfo>? = head
        while let entry = cursor {
            entries.append(entry.pointee)
            cursor = entry.pointee.ai_next
        }
        return entries
    }
}

/// The one owner of a connected TCP socket descriptor; `close` on deinit.
final class TCPConnection {
    /// The connected, blocking descriptor, with send and receive timeouts set.
    let descriptor: Int32

    private init(descriptor: Int32) { self.descriptor = descriptor }

    deinit { close(descriptor) }

    /// Connects to the first address of `host` that accepts within `timeoutSeconds`.
    ///
    /// - Throws: ``PinFetchError/Code/dns`` or ``PinFetchError/Code/connect``, naming
    ///   the last address's error.
    static func connect(host: String, port: UInt16, timeoutSeconds: Int32) throws(PinFetchError) -> TCPConnection {
        let addresses = try AddressInfoList(host: host, port: port)
        var lastError = "no address"
        for address in addresses.entries {
            do {
                return try connect(to: address, timeoutSeconds: timeoutSeconds)
            } catch {
                lastError = error.reason
            }
        }
        // `addresses` outlives the loop, so every `ai_addr` above pointed at live memory.
        withExtendedLifetime(addresses) {}
        throw PinFetchError(.connect, "cannot connect to \(host) port \(port): \(lastError)")
    }

    /// A non-blocking connect bounded by `poll`, then back to blocking with timeouts.
    private static func connect(to address: addrinfo, timeoutSeconds: Int32) throws(PinFetchError) -> TCPConnection {
        let descriptor = socket(address.ai_family, address.ai_socktype | Int32(SOCK_NONBLOCK.rawValue), address.ai_protocol)
        guard descriptor >= 0 else { throw PinFetchError(.connect, "socket(): \(errorText())") }
        let connection = TCPConnection(descriptor: descriptor)
        if Glibc.connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
            guard errno == EINPROGRESS else { throw PinFetchError(.connect, errorText()) }
            var request = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
            let ready = poll(&request, 1, timeoutSeconds * 1000)
            guard ready > 0 else {
                throw PinFetchError(.connect, ready == 0 ? "timed out after \(timeoutSeconds) s" : errorText())
            }
            var socketError: Int32 = 0
            var length = socklen_t(MemoryLayout<Int32>.size)
            getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &socketError, &length)
            guard socketError == 0 else { throw PinFetchError(.connect, String(cString: strerror(socketError))) }
        }
        let flags = fcntl(descriptor, F_GETFL)
        _ = fcntl(descriptor, F_SETFL, flags & ~O_NONBLOCK)
        var timeout = timeval(tv_sec: Int(timeoutSeconds), tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, size)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, size)
        return connection
    }

    /// `strerror(errno)`.
    static func errorText() -> String { String(cString: strerror(errno)) }

    /// Whether `text` is an IPv4 or IPv6 literal (such names get no SNI and an IP check).
    static func isIPLiteral(_ text: String) -> Bool {
        var buffer = in6_addr()
        return inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
    }
}
#endif
