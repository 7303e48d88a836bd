// The only door to microhttpd; imported only by its owning module.
//
// The `dt_mhd_` helpers below exist so that Swift never has to call a C variadic
// function, never has to spell a C enum by its raw value, and never has to read a C
// union: each one wraps exactly one libmicrohttpd call with fixed, typed arguments.
#ifndef DEVICETRUST_CMicroHTTPD_SHIM_H
#define DEVICETRUST_CMicroHTTPD_SHIM_H
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>

/// Starts a daemon bound to `address` (port 0 picks a free port) with one internal
/// polling thread (epoll on Linux) that does the socket I/O, and suspend/resume allowed,
/// so that handlers can run on threads of our own and resume the connection when done.
/// `per_ip_connection_limit` 0 means no per-address limit.
/// Returns NULL on failure. The caller owns the daemon: `MHD_stop_daemon` it exactly once.
static inline struct MHD_Daemon *dt_mhd_start_daemon(
    const struct sockaddr_in *address,
    size_t connection_memory_limit,
    unsigned int connection_timeout_seconds,
    unsigned int connection_limit,
    unsigned int per_ip_connection_limit,
    MHD_AccessHandlerCallback access_handler,
    void *access_handler_context,
    MHD_RequestCompletedCallback request_completed,
    void *request_completed_context)
{
#if defined(__linux__)
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
#else
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_ALLOW_SUSPEND_RESUME;
#endif
    return MHD_start_daemon(flags,
                            ntohs(address->sin_port),
                            NULL, NULL,
                            access_handler, access_handler_context,
                            MHD_OPTION_SOCK_ADDR, (const struct sockaddr *) address,
                            MHD_OPTION_CONNECTION_MEMORY_LIMIT, connection_memory_limit,
                            MHD_OPTION_CONNECTION_TIMEOUT, connection_timeout_seconds,
                            MHD_OPTION_CONNECTION_LIMIT, connection_limit,
                            MHD_OPTION_PER_IP_CONNECTION_LIMIT, per_ip_connection_limit,
                            MHD_OPTION_NOTIFY_COMPLETED, request_completed, request_completed_context,
                            MHD_OPTION_END);
}

/// The port the daemon listens on (useful after binding port 0), or 0 if unknown.
static inline uint16_t dt_mhd_bound_port(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return (NULL == info) ? 0 : info->port;
}

/// Writes the peer's numeric address ("127.0.0.1", "::1") into `buffer`.
/// Returns 1 on success, 0 if the address is unknown or not IPv4/IPv6.
static inline int dt_mhd_client_address(struct MHD_Connection *connection, char *buffer, size_t length)
{
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    if (NULL == info || NULL == info->client_addr || length == 0) return 0;
    const struct sockaddr *address = info->client_addr;
    const void *raw = NULL;
    if (address->sa_family == AF_INET) {
        raw = &((const struct sockaddr_in *) address)->sin_addr;
    } else if (address->sa_family == AF_INET6) {
        raw = &((const struct sockaddr_in6 *) address)->sin6_addr;
    } else {
        return 0;
    }
    return (NULL == inet_ntop(address->sa_family, raw, buffer, (socklen_t) length)) ? 0 : 1;
}

/// Creates a response whose body is COPIED by libmicrohttpd (`MHD_RESPMEM_MUST_COPY`),
/// so the Swift buffer may be released as soon as this returns. The caller owns the
/// response: `MHD_destroy_response` it once queued (or if queueing fails).
static inline struct MHD_Response *dt_mhd_create_response_copying(size_t size, const void *bytes)
{
    return MHD_create_response_from_buffer(size, (void *) bytes, MHD_RESPMEM_MUST_COPY);
}

/// Adds one header to a response. Returns 1 on success, 0 if refused (e.g. CR/LF in it).
static inline int dt_mhd_add_response_header(struct MHD_Response *response, const char *name, const char *value)
{
    return MHD_YES == MHD_add_response_header(response, name, value) ? 1 : 0;
}

/// Queues `response` with `status_code` on `connection`. Returns 1 on success, 0 if refused.
/// libmicrohttpd keeps its own reference: the caller still destroys its response.
static inline int dt_mhd_queue_response(struct MHD_Connection *connection, unsigned int status_code, struct MHD_Response *response)
{
    return MHD_YES == MHD_queue_response(connection, status_code, response) ? 1 : 0;
}

/// Calls `visitor` for every request header, in arrival order.
static inline void dt_mhd_visit_headers(struct MHD_Connection *connection, MHD_KeyValueIterator visitor, void *context)
{
    (void) MHD_get_connection_values(connection, MHD_HEADER_KIND, visitor, context);
}

/// Calls `visitor` for every (percent-decoded) query argument, in arrival order;
/// `value` is NULL for an argument without `=`.
static inline void dt_mhd_visit_query_arguments(struct MHD_Connection *connection, MHD_KeyValueIterator visitor, void *context)
{
    (void) MHD_get_connection_values(connection, MHD_GET_ARGUMENT_KIND, visitor, context);
}

/// `MHD_YES` / `MHD_NO` as plain values, for callbacks that must return `enum MHD_Result`.
static inline enum MHD_Result dt_mhd_yes(void) { return MHD_YES; }
static inline enum MHD_Result dt_mhd_no(void) { return MHD_NO; }

#endif
