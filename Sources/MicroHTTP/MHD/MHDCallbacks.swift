internal import CMicroHTTPD
import Foundation

// The two C callbacks handed to libmicrohttpd. They are plain nonisolated functions (no
// captures, no actor), called on the daemon's pool threads.

/// The per-request state stored in MHD's `*req_cls`: retained when the headers arrive,
/// released in ``mhdRequestCompleted``, which MHD calls for every request it started,
/// including aborted ones and those still open at `MHD_stop_daemon`.
final class MHDRequestContext {
    var assembly: RequestAssembly
    #if DEBUG
    private let live: DebugCounter
    #endif

    init(assembly: RequestAssembly, server: ServerContext) {
        self.assembly = assembly
        #if DEBUG
        live = server.requestContexts
        live.increment()
        #endif
    }

    #if DEBUG
    deinit {
        live.decrement()
    }
    #endif
}

/// `MHD_AccessHandlerCallback`. Call sequence (libmicrohttpd manual, "access handler"):
/// first with the headers only and `*req_cls == NULL`; then once per body chunk with
/// `*upload_data_size > 0` (we consume it all and set it to 0); then a last time with
/// `*upload_data_size == 0`, when the response is queued.
func mhdAccessHandler(
    _ serverContext: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ url: UnsafePointer<CChar>?,
    _ method: UnsafePointer<CChar>?,
    _ version: UnsafePointer<CChar>?,
    _ uploadData: UnsafePointer<CChar>?,
    _ uploadDataSize: UnsafeMutablePointer<Int>?,
    _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
) -> MHD_Result {
    guard let serverContext, let connection, let uploadDataSize, let requestContext else {
        return dt_mhd_no()
    }
    let server = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue()

    guard let existing = requestContext.pointee else {
        let head = MHDRequestReader.head(of: connection, url: url, method: method)
        var assembly = RequestAssembly(head: head, maximumBodyBytes: server.maximumBodyBytes)
        let step = assembly.start()
        requestContext.pointee = Unmanaged.passRetained(MHDRequestContext(assembly: assembly, server: server)).toOpaque()
        return perform(step, on: connection, server: server)
    }
    let request = Unmanaged<MHDRequestContext>.fromOpaque(existing).takeUnretainedValue()

    let size = uploadDataSize.pointee
    if size > 0 {
        let step = request.assembly.receive(UnsafeRawBufferPointer(start: uploadData, count: size))
        uploadDataSize.pointee = 0
        return perform(step, on: connection, server: server)
    }
    return perform(request.assembly.finish(), on: connection, server: server)
}

/// `MHD_RequestCompletedCallback`: frees the per-request context, however the request ended.
func mhdRequestCompleted(
    _ unused: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ termination: MHD_RequestTerminationCode
) {
    guard let requestContext, let pointer = requestContext.pointee else { return }
    requestContext.pointee = nil
    Unmanaged<MHDRequestContext>.fromOpaque(pointer).release()
}

/// Carries out one ``RequestAssembly/Step``. Returning `MHD_NO` closes the connection.
private func perform(_ step: RequestAssembly.Step, on connection: OpaquePointer, server: ServerContext) -> MHD_Result {
    switch step {
    case .readMore, .done:
        return dt_mhd_yes()
    case .abort:
        return dt_mhd_no()
    case .respond(let response):
        return MHDResponseWriter.queue(response, on: connection) ? dt_mhd_yes() : dt_mhd_no()
    case .runHandler(let request):
        let response = server.handler(request)
        return MHDResponseWriter.queue(response, on: connection) ? dt_mhd_yes() : dt_mhd_no()
    }
}
