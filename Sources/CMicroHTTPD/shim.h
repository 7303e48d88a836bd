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
#include <stdio.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <microhttpd.h>
#include <gnutls/gnutls.h>

/// What `dt_mhd_start_daemon` sets up, in one struct so that options can be added
/// without a longer argument list. Zero / NULL fields take libmicrohttpd's default.
struct dt_mhd_settings {
    size_t connection_memory_limit;
    /// Seconds without activity before MHD closes a connection (the keep-alive idle timeout).
    unsigned int connection_timeout_seconds;
    unsigned int connection_limit;
    /// 0 means no per-address limit.
    unsigned int per_ip_connection_limit;
    /// 0 means the platform's SOMAXCONN.
    unsigned int listen_backlog;
    MHD_AccessHandlerCallback access_handler;
    void *access_handler_context;
    MHD_RequestCompletedCallback request_completed;
    void *request_completed_context;
    MHD_NotifyConnectionCallback notify_connection;
    void *notify_connection_context;
    /// Called once per request when its request line has arrived (`MHD_OPTION_URI_LOG_CALLBACK`).
    void *(*request_started)(void *cls, const char *uri, struct MHD_Connection *connection);
    void *request_started_context;
    /// PEM certificate chain and private key (NUL-terminated) for HTTPS, or both NULL for
    /// plain HTTP; `tls_priorities` is the GnuTLS priority string (required with TLS).
    const char *tls_certificate_pem;
    const char *tls_key_pem;
    const char *tls_priorities;
    /// A listening socket to serve on instead of binding `address`, or -1.
    int listen_socket;
};

/// Starts a daemon bound to `address` (port 0 picks a free port), or on
/// `settings->listen_socket`, with one internal polling thread (epoll on Linux, so the
/// number of sockets is not bound by select()'s FD_SETSIZE) that does the socket I/O, and
/// suspend/resume allowed (which implies MHD_USE_ITC, needed by `MHD_quiesce_daemon`), so
/// that handlers can run on threads of our own and resume the connection when done.
/// Returns NULL on failure (port taken, bad certificate or key, bad priority string).
/// The caller owns the daemon: `MHD_stop_daemon` it exactly once.
static inline struct MHD_Daemon *dt_mhd_start_daemon(const struct sockaddr_in *address, const struct dt_mhd_settings *settings)
{
#if defined(__linux__)
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL | MHD_ALLOW_SUSPEND_RESUME;
#else
    unsigned int flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_POLL | MHD_ALLOW_SUSPEND_RESUME;
#endif
    struct MHD_OptionItem options[20];
    unsigned int count = 0;
#define DT_OPTION(o, v, p) \
    do { options[count].option = (o); options[count].value = (intptr_t) (v); options[count].ptr_value = (void *) (p); count++; } while (0)
    if (settings->listen_socket >= 0) {
        DT_OPTION(MHD_OPTION_LISTEN_SOCKET, settings->listen_socket, NULL);
    } else {
        DT_OPTION(MHD_OPTION_SOCK_ADDR, (intptr_t) address, (void *) address);
    }
    DT_OPTION(MHD_OPTION_CONNECTION_MEMORY_LIMIT, settings->connection_memory_limit, NULL);
    DT_OPTION(MHD_OPTION_CONNECTION_TIMEOUT, settings->connection_timeout_seconds, NULL);
    DT_OPTION(MHD_OPTION_CONNECTION_LIMIT, settings->connection_limit, NULL);
    DT_OPTION(MHD_OPTION_PER_IP_CONNECTION_LIMIT, settings->per_ip_connection_limit, NULL);
    if (settings->listen_backlog > 0) DT_OPTION(MHD_OPTION_LISTEN_BACKLOG_SIZE, settings->listen_backlog, NULL);
    DT_OPTION(MHD_OPTION_NOTIFY_COMPLETED, (intptr_t) settings->request_completed, settings->request_completed_context);
    if (NULL != settings->notify_connection) {
        DT_OPTION(MHD_OPTION_NOTIFY_CONNECTION, (intptr_t) settings->notify_connection, settings->notify_connection_context);
    }
    if (NULL != settings->request_started) {
        DT_OPTION(MHD_OPTION_URI_LOG_CALLBACK, (intptr_t) settings->request_started, settings->request_started_context);
    }
    if (NULL != settings->tls_certificate_pem && NULL != settings->tls_key_pem && NULL != settings->tls_priorities) {
        flags |= MHD_USE_TLS;
        DT_OPTION(MHD_OPTION_HTTPS_MEM_CERT, 0, settings->tls_certificate_pem);
        DT_OPTION(MHD_OPTION_HTTPS_MEM_KEY, 0, settings->tls_key_pem);
        DT_OPTION(MHD_OPTION_HTTPS_PRIORITIES, 0, settings->tls_priorities);
    }
    DT_OPTION(MHD_OPTION_END, 0, NULL);
#undef DT_OPTION
    uint16_t port = (settings->listen_socket >= 0) ? 0 : ntohs(address->sin_port);
    return MHD_start_daemon(flags, port, NULL, NULL,
                            settings->access_handler, settings->access_handler_context,
                            MHD_OPTION_ARRAY, options,
                            MHD_OPTION_END);
}

/// The connection's socket, or -1 if unknown. Valid until MHD's
/// `MHD_CONNECTION_NOTIFY_CLOSED` callback for the connection has returned (MHD closes
/// the socket after it).
static inline int dt_mhd_connection_socket(struct MHD_Connection *connection)
{
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return (NULL == info) ? -1 : (int) info->connect_fd;
}

/// Whether `code` is `MHD_CONNECTION_NOTIFY_STARTED` (otherwise it is `..._CLOSED`).
static inline int dt_mhd_is_connection_started(enum MHD_ConnectionNotificationCode code)
{
    return MHD_CONNECTION_NOTIFY_STARTED == code ? 1 : 0;
}

/// Checks, with GnuTLS (libmicrohttpd's TLS library), that `certificate_pem` parses, that
/// `key_pem` parses and belongs to it, and that `priorities` is a valid priority string,
/// so that a refusal can be explained (MHD_start_daemon only returns NULL). Returns 1 when
/// all hold; otherwise 0 with GnuTLS's reason (never key material) in `reason`.
static inline int dt_mhd_check_tls(const char *certificate_pem, const char *key_pem, const char *priorities,
                                   char *reason, size_t reason_length, int *is_priorities_error)
{
    *is_priorities_error = 0;
    gnutls_certificate_credentials_t credentials = NULL;
    int status = gnutls_certificate_allocate_credentials(&credentials);
    if (status >= 0) {
        gnutls_datum_t certificate = { (unsigned char *) certificate_pem, (unsigned int) strlen(certificate_pem) };
        gnutls_datum_t key = { (unsigned char *) key_pem, (unsigned int) strlen(key_pem) };
        status = gnutls_certificate_set_x509_key_mem2(credentials, &certificate, &key, GNUTLS_X509_FMT_PEM, NULL, 0);
        gnutls_certificate_free_credentials(credentials);
    }
    if (status >= 0) {
        gnutls_priority_t cache = NULL;
        const char *error_position = NULL;
        status = gnutls_priority_init(&cache, priorities, &error_position);
        if (status >= 0) {
            gnutls_priority_deinit(cache);
        } else {
            *is_priorities_error = 1;
        }
    }
    if (status >= 0) return 1;
    snprintf(reason, reason_length, "%s", gnutls_strerror(status));
    return 0;
}

/// The daemon's listening socket, or -1: handed to a new daemon (`listen_socket`) that
/// takes over, TLS credentials reloaded, before this one is quiesced.
static inline int dt_mhd_listen_socket(struct MHD_Daemon *daemon)
{
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_LISTEN_FD);
    return (NULL == info) ? -1 : (int) info->listen_fd;
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
