#if canImport(Glibc)
import Glibc
#endif

/// The address the preview server listens on: an IPv4 or IPv6 literal, or `localhost` (127.0.0.1).
package enum ListenAddress {
    /// Throws when `host` cannot be listened on: the command line checks this before it builds anything.
    package static func validate(_ host: String) throws(InputError) {
        _ = try socketAddress(host, port: 0)
    }

    /// The socket address of `host` at `port`, its length and its family.
    static func socketAddress(_ host: String, port: UInt16) throws(InputError) -> (sockaddr_storage, socklen_t, Int32) {
        let name = host == "localhost" ? "127.0.0.1" : host
        var storage = sockaddr_storage()
        func store<Address>(_ address: Address) -> socklen_t {
            withUnsafeBytes(of: address) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
            return socklen_t(MemoryLayout<Address>.size)
        }
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            let length = store(sockaddr_in(sin_family: sa_family_t(AF_INET), sin_port: port.bigEndian, sin_addr: v4, sin_zero: (0, 0, 0, 0, 0, 0, 0, 0)))
            return (storage, length, AF_INET)
        }
        if inet_pton(AF_INET6, name, &v6) == 1 {
            let length = store(sockaddr_in6(sin6_family: sa_family_t(AF_INET6), sin6_port: port.bigEndian, sin6_flowinfo: 0, sin6_addr: v6, sin6_scope_id: 0))
            return (storage, length, AF_INET6)
        }
        throw InputError("'\(host)' is not an IP address to listen on", hint: "use 127.0.0.1 (the default), ::1 or 0.0.0.0")
    }
}
