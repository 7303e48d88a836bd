internal import CMicroHTTPD
import Foundation

/// Turns an ``HTTPResponse`` into an `MHD_Response` and queues it.
enum MHDResponseWriter {
    /// Queues `response` on `connection`; returns whether libmicrohttpd accepted it.
    ///
    /// The body is copied by libmicrohttpd (`MHD_RESPMEM_MUST_COPY`). The `MHD_Response`
    /// is owned here and destroyed before returning: MHD keeps its own reference to a
    /// queued response ("the response object can be destroyed after queueing").
    static func queue(_ response: HTTPResponse, on connection: OpaquePointer) -> Bool {
        let created = response.body.withUnsafeBytes { bytes in
            dt_mhd_create_response_copying(bytes.count, bytes.baseAddress)
        }
        guard let mhdResponse = created else { return false }
        defer { MHD_destroy_response(mhdResponse) }

        for field in response.headers where !HTTPHeaders.namesMatch(field.name, "Content-Length") {
            guard dt_mhd_add_response_header(mhdResponse, field.name, field.value) == 1 else {
                return false
            }
        }
        guard (100...999).contains(response.status) else { return false }
        return dt_mhd_queue_response(connection, UInt32(response.status), mhdResponse) == 1
    }
}
