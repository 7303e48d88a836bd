// DeviceBinding: the wire protocol shared by the DeviceTrust server and its app-side client.
//
// Pure Swift, no I/O. Everything both sides must agree on byte for byte lives here:
// the `signingPayload` text a device key signs (`SigningPayload`), RFC 8785 canonical JSON
// for the action a payload approves (`JSONValue`), base64url and RFC 3339 as the wire uses
// them, the request and response bodies, the stable problem codes, and the strict decoders
// for public keys, signatures and PINs.

/// The protocol version that opens every signing payload.
public enum DeviceBindingProtocol {
    /// The first line of every ``SigningPayload``: `devicetrust-v1`.
    public static let version = "devicetrust-v1"
}
