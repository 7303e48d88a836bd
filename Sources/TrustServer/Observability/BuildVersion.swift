/// The version of this build of DeviceTrust, stated once: `devicetrust --version` prints
/// it and `GET /metrics` reports it as `devicetrust_build_info{version="…"} 1`.
public enum DeviceTrustVersion {
    /// The version number, such as `0.2.0`.
    public static let current = "0.2.0"
}
