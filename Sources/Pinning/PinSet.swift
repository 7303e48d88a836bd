import Foundation

/// The SPKI-SHA256-BASE64 pins of one domain (see ``SPKIPin``), validated when made.
///
/// A connection to the domain is accepted when any certificate of its chain — leaf,
/// intermediate or root — has one of these pins. Ship at least two: the key in use and a
/// backup key kept offline, so a lost or compromised key can be replaced without
/// bricking the app versions in the field.
///
/// ```swift
/// let api = try PinSet(domain: "api.example.com",
///                      pins: ["current+leaf+key+pin…=", "offline+backup+key+pin…="])
/// ```
public struct PinSet: Sendable {
    /// The normalised domain: lowercase, without a trailing dot.
    public let domain: String
    /// The distinct pins, in the order given.
    public let pins: [String]
    /// Whether hosts below ``domain`` (on a label boundary) are pinned too.
    public let includesSubdomains: Bool
    /// `true` to reject a mismatching chain; `false` for report-only mode, which allows
    /// it and only calls the policy's report callback.
    public let enforce: Bool
    /// After this date the set is expired and the policy's
    /// ``PinningPolicy/ExpiredPinSets`` rule applies; `nil` never expires.
    public let expires: Date?

    /// A pin set for `domain`.
    ///
    /// - Parameters:
    ///   - domain: a bare DNS name such as `api.example.com`; compared case-insensitively,
    ///     a trailing dot ignored. No scheme, port, path or wildcard (use
    ///     `includesSubdomains`); internationalised names as their punycode A-labels.
    ///   - pins: SPKI-SHA256-BASE64 values, each the standard, padded base64 of 32 bytes.
    ///     Duplicates are removed (the first occurrence kept) before the backup rule is
    ///     checked, so `[p, p]` counts as one pin.
    ///   - includesSubdomains: pin every host below `domain` too. Needs a domain of at
    ///     least two labels, so a whole top-level domain cannot be pinned by mistake.
    ///   - enforce: reject mismatching chains (the default); `false` only reports them.
    ///   - expires: when the set stops being trusted to be current (see
    ///     ``PinningPolicy/ExpiredPinSets``).
    /// - Throws: ``PinningError`` — ``PinningError/Code/invalidDomain``,
    ///   ``PinningError/Code/invalidPin``, or ``PinningError/Code/missingBackupPin`` when
    ///   `enforce` is set with fewer than two distinct pins.
    public init(
        domain: String, pins: [String], includesSubdomains: Bool = false,
        enforce: Bool = true, expires: Date? = nil
    ) throws {
        guard let normalized = HostName.normalized(domain) else {
            throw PinningError(
                .invalidDomain,
                "the pin-set domain \"\(domain)\" is not a bare DNS name; give the host alone (\"api.example.com\"), without scheme, port, path or wildcard, and use includesSubdomains for subdomains"
            )
        }
        if includesSubdomains && !normalized.contains(".") {
            throw PinningError(
                .invalidDomain,
                "includesSubdomains on the single-label domain \"\(normalized)\" would pin a whole top-level domain; pin a registrable domain instead"
            )
        }
        var distinct: [String] = []
        for pin in pins {
            try Self.validate(pin: pin, domain: normalized)
            if !distinct.contains(pin) { distinct.append(pin) }
        }
        if distinct.isEmpty {
            throw PinningError(.missingBackupPin, "the pin set for \(normalized) has no pins; give the current key's pin and a backup pin")
        }
        if enforce && distinct.count < 2 {
            throw PinningError(
                .missingBackupPin,
                "the enforcing pin set for \(normalized) has \(distinct.count) distinct pin; a backup pin is required (the pin of a second key kept offline), or set enforce: false for report-only mode"
            )
        }
        self.domain = normalized
        self.pins = distinct
        self.includesSubdomains = includesSubdomains
        self.enforce = enforce
        self.expires = expires
    }

    /// Whether the set covers `host` (normalised): the domain itself, or a host below it
    /// when ``includesSubdomains`` is set.
    func covers(_ host: String) -> Bool {
        host == domain || (includesSubdomains && HostName.isStrictSubdomain(host, of: domain))
    }

    /// Whether the set has expired at `now`.
    func isExpired(at now: Date) -> Bool {
        guard let expires else { return false }
        return expires < now
    }

    /// Throws unless `pin` is the canonical standard base64 of exactly 32 bytes.
    private static func validate(pin: String, domain: String) throws {
        guard let bytes = Data(base64Encoded: pin), bytes.count == 32,
            bytes.base64EncodedString() == pin
        else {
            throw PinningError(
                .invalidPin,
                "the pin \"\(pin)\" for \(domain) is not the standard base64 of a 32-byte SHA-256 digest (44 characters ending in \"=\"); compute it with SPKIPin or `openssl x509 -pubkey -noout | openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64`"
            )
        }
    }
}
