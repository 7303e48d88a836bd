internal import CMicroHTTPD
import Foundation
import Synchronization

// The C callbacks handed to libmicrohttpd. They are plain nonisolated functions (no
// captures, no actor), called on the daemon's pool threads.

/// The per-request state stored in MHD's `*req_cls`: retained when the headers arrive,
/// released in ``mhdRequestCompleted``, which MHD calls for every request it started,
/// including aborted ones and those still open at `MHD_stop_daemon`. A handler job holds
/// its own reference until it has stored the response.
final class MHDRequestContext: @unchecked Sendable {
    // @unchecked: `assembly` and `awaitingHandler` are only touched on the polling thread
    // (in the access handler); `handled` is the one field shared with the handler thread.
    var assembly: RequestAssembly
    /// Whether the request was handed to the ``HandlerPool`` (the connection is suspended
    /// until the job stores its response in ``handled`` and resumes it).
    var awaitingHandler = false
    /// The handler's response, stored by the job before it resumes the connection.
    let handled = Mutex<HTTPResponse?>(nil)
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
/// `*upload_data_size > 0` (we consume it all and set it to 0); then with
/// `*upload_data_size == 0` once the body is complete, when the connection is suspended
/// and the request handed to the ``HandlerPool``; then, after the job resumes the
/// connection, a last time with `*upload_data_size == 0`, when the response is queued.
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
        let context = MHDRequestContext(assembly: assembly, server: server)
        requestContext.pointee = Unmanaged.passRetained(context).toOpaque()
        return perform(step, of: context, on: connection, server: server)
    }
    let request = Unmanaged<MHDRequestContext>.fromOpaque(existing).takeUnretainedValue()

    if request.awaitingHandler {
        // Resumed: the job stored the response before resuming the connection.
        guard let response = request.handled.withLock({ $0.take() }) else { return dt_mhd_no() }
        request.awaitingHandler = false
        return MHDResponseWriter.queue(response, on: connection) ? dt_mhd_yes() : dt_mhd_no()
    }
    let size = uploadDataSize.pointee
    if size > 0 {
        let step = request.assembly.receive(UnsafeRawBufferPointer(start: uploadData, count: size))
        uploadDataSize.pointee = 0
        return perform(step, of: request, on: connection, server: server)
    }
    return perform(request.assembly.finish(), of: request, on: connection, server: server)
}

/// A connection pointer handed to the handler thread, which only resumes it.
private struct SuspendedConnection: @unchecked Sendable {
    // @unchecked: libmicrohttpd allows `MHD_resume_connection` from any thread, and the
    // connection outlives its suspension (MHD neither times out nor closes it meanwhile).
    let pointer: OpaquePointer
}

/// Suspends the connection and queues `request` on the pool; the job stores the response
/// and resumes the connection, and MHD then calls the access handler again to queue it.
/// Once the pool is stopping, the handler runs here instead and its response is queued
/// at once (no connection stays suspended when the daemon stops).
private func handOff(_ request: HTTPRequest, of context: MHDRequestContext, on connection: OpaquePointer, server: ServerContext) -> MHD_Result {
    let suspended = SuspendedConnection(pointer: connection)
    let handler = server.handler
    let queued = server.pool.submit(
        {
            let response = handler(request)
            context.handled.withLock { $0 = response }
            MHD_resume_connection(suspended.pointer)
        },
        whenAccepted: {
            context.awaitingHandler = true
            MHD_suspend_connection(connection)
        })
    if queued { return dt_mhd_yes() }
    return MHDResponseWriter.queue(handler(request), on: connection) ? dt_mhd_yes() : dt_mhd_no()
}

/// `MHD_RequestCompletedCallback`: frees the per-request context, however the request
/// ended, and tells the ``ConnectionGuard`` that the connection waits for its next request.
func mhdRequestCompleted(
    _ serverContext: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ requestContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ termination: MHD_RequestTerminationCode
) {
    if let serverContext, let connection {
        Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue().connections.requestCompleted(connectionID(connection))
    }
    guard let requestContext, let pointer = requestContext.pointee else { return }
    requestContext.pointee = nil
    Unmanaged<MHDRequestContext>.fromOpaque(pointer).release()
}

/// `MHD_NotifyConnectionCallback`: reports accepted and closed connections to the
/// ``ConnectionGuard`` (which must forget a connection here, before MHD closes its socket).
func mhdConnectionNotify(
    _ serverContext: UnsafeMutableRawPointer?,
    _ connection: OpaquePointer?,
    _ socketContext: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
    _ code: MHD_ConnectionNotificationCode
) {
    guard let serverContext, let connection else { return }
    let connections = Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue().connections
    if dt_mhd_is_connection_started(code) == 1 {
        let socket = dt_mhd_connection_socket(connection)
        if socket >= 0 { connections.opened(connectionID(connection), socket: socket) }
    } else {
        connections.closed(connectionID(connection))
    }
}

/// The `MHD_OPTION_URI_LOG_CALLBACK` callback: a request line has arrived. Returns NULL,
/// so the access handler still finds `*req_cls == NULL` on its first call.
func mhdRequestStarted(
    _ serverContext: UnsafeMutableRawPointer?,
    _ uri: UnsafePointer<CChar>?,
    _ connection: OpaquePointer?
) -> UnsafeMutableRawPointer? {
    if let serverContext, let connection {
        Unmanaged<ServerContext>.fromOpaque(serverContext).takeUnretainedValue().connections.requestStarted(connectionID(connection))
    }
    return nil
}

/// A connection's identity in the ``ConnectionGuard``: its address, unique while it is open.
private func connectionID(_ connection: OpaquePointer) -> Int { Int(bitPattern: UnsafeRawPointer(connection)) }

/// Carries out one ``RequestAssembly/Step``. Returning `MHD_NO` closes the connection.
private func perform(_ step: RequestAssembly.Step, of context: MHDRequestContext, on connection: OpaquePointer, server: ServerContext) -> MHD_Result {
    switch step {
    case .readMore, .done:
        return dt_mhd_yes()
    case .abort:
        return dt_mhd_no()
    case .respond(let response):
        server.connections.responding(connectionID(connection))
        return MHDResponseWriter.queue(response, on: connection) ? dt_mhd_yes() : dt_mhd_no()
    case .runHandler(let request):
        server.connections.responding(connectionID(connection))
        return handOff(request, of: context, on: connection, server: server)
    }
}
