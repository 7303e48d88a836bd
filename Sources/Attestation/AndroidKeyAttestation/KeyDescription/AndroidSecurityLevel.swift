/// Where a key lives and where its attestation was made: Android's `SecurityLevel`
/// ENUMERATED, ordered from weakest to strongest.
public enum AndroidSecurityLevel: Int, Sendable, Comparable, CustomStringConvertible {
    /// Android's software keystore: no hardware protection at all.
    case software = 0
    /// A Trusted Execution Environment (TrustZone and the like).
    case trustedEnvironment = 1
    /// A discrete secure element (StrongBox).
    case strongBox = 2

    public static func < (lhs: AndroidSecurityLevel, rhs: AndroidSecurityLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The name Android's documentation uses: `Software`, `TrustedEnvironment`, `StrongBox`.
    public var description: String {
        switch self {
        case .software: "Software"
        case .trustedEnvironment: "TrustedEnvironment"
        case .strongBox: "StrongBox"
        }
    }
}
