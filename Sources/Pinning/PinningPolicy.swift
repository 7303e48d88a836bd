import Foundation

/// Decides whether a TLS chain that the platform already trusts may be used for a host,
/// by its SPKI pins; it never falls back to "default handling" for a pinned host.
///
/// Give it the chain after the platform's own trust evaluation (on Apple platforms
/// ``PinnedSessionDelegate`` does this). For each host the most specific pin set applies:
/// an exact domain beats a parent with `includesSubdomains`, the longer parent beats the
/// shorter, and when two sets name the same domain the first one given wins. Hosts no set
/// covers are unpinned and allowed: the caller does its default handling for them.
///
/// ```swift
/// let policy = PinningPolicy([apiPins], report: { report in log.warning("pin mismatch on \(report.host)") })
/// switch policy.evaluate(host: host, chain: chainDER, systemTrustPassed: trusted) {
/// case .allow: proceed()
/// case .reject(let reason): cancel(reason)
/// }
/// ```
public struct PinningPolicy: Sendable {
    /// What an expired pin set (its `expires` date has passed) means.
    public enum ExpiredPinSets: Sendable {
        /// The host counts as unpinned: its chains are allowed (after system trust), and
        /// every such use is reported with `enforced: false`, so a forgotten expiry shows
        /// up in the reports rather than silently switching pinning off. TrustKit's rule.
        case treatAsUnpinned
        /// The expired set is still enforced as if it had not expired.
        case keepEnforcing
    }

    private let pinSets: [PinSet]
    private let expiredPinSets: ExpiredPinSets
    private let report: (@Sendable (PinningReport) -> Void)?
    private let now: @Sendable () -> Date

    /// A policy over `pinSets`.
    ///
    /// - Parameters:
    ///   - pinSets: one set per pinned domain; for the same domain given twice, the first wins.
    ///   - expiredPinSets: what expired sets mean (default ``ExpiredPinSets/treatAsUnpinned``).
    ///   - report: called on every mismatch (enforced or report-only) and on every use of
    ///     an expired set treated as unpinned, synchronously on the evaluating thread.
    ///     Opt-in: without it nothing is reported anywhere.
    public init(
        _ pinSets: [PinSet], expiredPinSets: ExpiredPinSets = .treatAsUnpinned,
        report: (@Sendable (PinningReport) -> Void)? = nil
    ) {
        self.init(pinSets, expiredPinSets: expiredPinSets, report: report, now: Date.init)
    }

    /// A policy with an injected clock, for tests of expiry.
    init(
        _ pinSets: [PinSet], expiredPinSets: ExpiredPinSets,
        report: (@Sendable (PinningReport) -> Void)?, now: @escaping @Sendable () -> Date
    ) {
        self.pinSets = pinSets
        self.expiredPinSets = expiredPinSets
        self.report = report
        self.now = now
    }

    /// Decides on the chain a server presented for `host`.
    ///
    /// - Parameters:
    ///   - host: the host name connected to; case and a trailing dot do not matter. Pass
    ///     the host alone: a name with a scheme, port or path is rejected.
    ///   - chain: DER certificates, leaf first, already validated by the platform's trust
    ///     evaluation.
    ///   - systemTrustPassed: the result of that evaluation; `false` is always rejected.
    /// - Returns: `.allow`, or `.reject(reason)`; a pinned host never gets "use the
    ///   default handling". An unpinned host (and a trusted chain) gets `.allow`.
    public func evaluate(host: String, chain: [Data], systemTrustPassed: Bool) -> PinningDecision {
        guard systemTrustPassed else {
            return .reject(reason: "the system trust evaluation failed for \(host); an untrusted chain is never allowed")
        }
        guard let name = HostName.normalized(host) else {
            if HostName.isIPv6Literal(host) { return .allow }  // no pin set can name an IPv6 literal
            return .reject(reason: "\"\(host)\" is not a host name; pass the host alone, without scheme, port or path")
        }
        guard let pinSet = pinSet(forNormalizedHost: name) else { return .allow }

        if pinSet.isExpired(at: now()), expiredPinSets == .treatAsUnpinned {
            report?(PinningReport(host: name, chainPins: chain.compactMap { try? SPKIPin.pin(forCertificate: $0) }, enforced: false))
            return .allow
        }
        guard !chain.isEmpty else {
            return .reject(reason: "no certificate chain was presented for the pinned host \(name)")
        }
        var chainPins: [String] = []
        for (index, der) in chain.enumerated() {
            guard let pin = try? SPKIPin.pin(forCertificate: der) else {
                return .reject(reason: "certificate \(index) of the chain for the pinned host \(name) does not parse as DER X.509")
            }
            chainPins.append(pin)
        }
        if chainPins.contains(where: pinSet.pins.contains) { return .allow }

        report?(PinningReport(host: name, chainPins: chainPins, enforced: pinSet.enforce))
        guard pinSet.enforce else { return .allow }
        return .reject(reason: "no certificate in the chain for \(name) matches the \(pinSet.pins.count) pins of \(pinSet.domain)")
    }

    /// Whether some pin set (expired or not) covers `host`: such hosts never get the
    /// platform's default handling.
    func isPinned(host: String) -> Bool {
        guard let name = HostName.normalized(host) else { return false }
        return pinSet(forNormalizedHost: name) != nil
    }

    /// The most specific set covering `host`: an exact domain first, then the longest
    /// parent with `includesSubdomains`; the first given on ties.
    func pinSet(forNormalizedHost host: String) -> PinSet? {
        if let exact = pinSets.first(where: { $0.domain == host }) { return exact }
        var best: PinSet?
        for pinSet in pinSets where pinSet.covers(host) {
            if pinSet.domain.count > best?.domain.count ?? -1 { best = pinSet }
        }
        return best
    }
}
