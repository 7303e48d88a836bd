internal import CMicroHTTPD
import Foundation

/// Reads the request line, headers, query arguments and peer address of a connection.
enum MHDRequestReader {
    static func head(of connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?) -> RequestHead {
        var headers: [(String, String?)] = []
        withUnsafeMutablePointer(to: &headers) { dt_mhd_visit_headers(connection, collectPair, $0) }
        var arguments: [(String, String?)] = []
        withUnsafeMutablePointer(to: &arguments) { dt_mhd_visit_query_arguments(connection, collectPair, $0) }

        var addressBuffer = [CChar](repeating: 0, count: 64)
        let hasAddress = dt_mhd_client_address(connection, &addressBuffer, addressBuffer.count) == 1
        let remoteAddress =
            hasAddress
            ? String(decoding: addressBuffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : ""

        return RequestHead(
            method: HTTPMethod(rawValue: method.map { String(cString: $0) } ?? ""),
            path: url.map { String(cString: $0) } ?? "/",
            queryItems: arguments.map { HTTPQueryItem(name: $0.0, value: $0.1) },
            headers: HTTPHeaders(headers.map { HTTPHeaders.Field(name: $0.0, value: $0.1 ?? "") }),
            remoteAddress: remoteAddress
        )
    }
}

/// `MHD_KeyValueIterator` appending each pair to the `[(String, String?)]` behind `context`.
private func collectPair(
    _ context: UnsafeMutableRawPointer?,
    _ kind: MHD_ValueKind,
    _ key: UnsafePointer<CChar>?,
    _ value: UnsafePointer<CChar>?
) -> MHD_Result {
    guard let context, let key else { return dt_mhd_yes() }
    let pairs = context.assumingMemoryBound(to: [(String, String?)].self)
    pairs.pointee.append((String(cString: key), value.map { String(cString: $0) }))
    return dt_mhd_yes()
}
