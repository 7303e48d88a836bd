internal import CLibPQ
import Foundation
import TrustStore

/// How to connect: the libpq connection URI from a ``StoreURL``, checked by libpq's own
/// parser (`PQconninfoParse`), with DeviceTrust's defaults for what the URI leaves out.
///
/// Defaults, each overridden by the same parameter in the URI: `connect_timeout=2` (a
/// request never waits long for a server that is gone) and `application_name=devicetrust`.
struct PostgresSettings: Sendable {
    let uri: String
    let redactedURL: String
    /// The password from the URI, kept only to scrub it from libpq's messages.
    private let password: String?

    init(_ url: StoreURL) throws(StoreError) {
        guard let uri = url.connectionURI else {
            throw StoreError(.invalidArgument, reason: "the PostgreSQL store needs a postgres:// URL, not \(url.engine.rawValue)")
        }
        redactedURL = url.redacted
        var message: UnsafeMutablePointer<CChar>?
        guard let options = PQconninfoParse(uri, &message) else {
            let reason = message.map { String(cString: $0) } ?? "libpq could not parse it"
            if let message { PQfreemem(message) }
            throw StoreError(
                .invalidArgument,
                reason:
                    "the PostgreSQL URL \(url.redacted) is not a libpq connection URI: \(Self.firstLine(reason)) — see https://www.postgresql.org/docs/current/libpq-connect.html#LIBPQ-CONNSTRING"
            )
        }
        defer { PQconninfoFree(options) }
        var password: String?
        var index = 0
        while let keyword = options[index].keyword {
            if String(cString: keyword) == "password", let value = options[index].val { password = String(cString: value) }
            index += 1
        }
        self.uri = uri
        self.password = password?.isEmpty == false ? password : nil
    }

    /// Calls `body` with NULL-terminated keyword and value arrays for `PQconnectdbParams`
    /// (`expand_dbname = 1`): the defaults first, then the URI, whose parameters win.
    func withConnectParameters<T>(_ body: (UnsafePointer<UnsafePointer<CChar>?>, UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let pairs = [("connect_timeout", "2"), ("application_name", "devicetrust"), ("dbname", uri)]
        let keywords = pairs.map { strdup($0.0) } + [nil]
        let values = pairs.map { strdup($0.1) } + [nil]
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let constKeywords = keywords.map { UnsafePointer($0) }
        let constValues = values.map { UnsafePointer($0) }
        return constKeywords.withUnsafeBufferPointer { keywords in
            constValues.withUnsafeBufferPointer { values in body(keywords.baseAddress!, values.baseAddress!) }
        }
    }

    /// `text` with the password, if any, replaced by `***`.
    func scrubbed(_ text: String) -> String {
        guard let password else { return text }
        return text.replacingOccurrences(of: password, with: "***")
    }

    private static func firstLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).first.map(String.init) ?? text
    }
}
