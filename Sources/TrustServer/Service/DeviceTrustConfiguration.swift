import Foundation

/// The tunable rules of a ``DeviceTrustService``.
public struct DeviceTrustConfiguration: Sendable, Hashable {
    /// The longest token lifetime the contract allows: 300 seconds.
    public static let maximumTokenLifetime: TimeInterval = 300

    /// How long an enrollment or a challenge stays answerable, by the server clock; 120 s by default.
    public var challengeTTL: TimeInterval
    /// The `iss` claim of issued tokens; `devicetrust` by default.
    public var tokenIssuer: String
    /// The `aud` claim of issued tokens; `devicetrust` by default.
    public var tokenAudience: String
    /// Seconds from `iat` to `exp` of issued tokens; at most 300 (the default).
    public var tokenLifetime: TimeInterval
    /// Consecutive wrong PINs that revoke a device; 5 by default.
    public var pinFailureLimit: Int
    /// Challenges issued per device; ``RateLimit/defaultPerDevice`` by default.
    public var perDeviceRateLimit: RateLimit

    /// A configuration; every parameter has the contract's default.
    public init(
        challengeTTL: TimeInterval = 120,
        tokenIssuer: String = "devicetrust",
        tokenAudience: String = "devicetrust",
        tokenLifetime: TimeInterval = DeviceTrustConfiguration.maximumTokenLifetime,
        pinFailureLimit: Int = 5,
        perDeviceRateLimit: RateLimit = .defaultPerDevice
    ) {
        self.challengeTTL = challengeTTL
        self.tokenIssuer = tokenIssuer
        self.tokenAudience = tokenAudience
        self.tokenLifetime = tokenLifetime
        self.pinFailureLimit = pinFailureLimit
        self.perDeviceRateLimit = perDeviceRateLimit
    }

    /// Checks every value, naming the first one out of range.
    /// - Throws: ``ServiceFailure`` with code ``ServiceFailure/Code/invalidConfiguration``.
    public func validate() throws(ServiceFailure) {
        guard challengeTTL >= 1, challengeTTL <= 86_400 else {
            throw ServiceFailure(.invalidConfiguration, "the challenge TTL must be 1 to 86400 seconds")
        }
        guard !tokenIssuer.isEmpty, !tokenAudience.isEmpty else {
            throw ServiceFailure(.invalidConfiguration, "the token issuer and audience must not be empty")
        }
        guard tokenLifetime >= 1, tokenLifetime <= Self.maximumTokenLifetime else {
            throw ServiceFailure(.invalidConfiguration, "the token lifetime must be 1 to \(Int(Self.maximumTokenLifetime)) seconds")
        }
        guard pinFailureLimit >= 1 else {
            throw ServiceFailure(.invalidConfiguration, "the PIN failure limit must be at least 1")
        }
        guard perDeviceRateLimit.requestsPerSecond > 0, perDeviceRateLimit.burst >= 1 else {
            throw ServiceFailure(.invalidConfiguration, "the per-device rate limit must allow at least one request")
        }
    }
}
