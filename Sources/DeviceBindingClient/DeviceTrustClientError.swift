/// Why a ``DeviceTrustClient`` call failed on the client side: the network, an answer that
/// is not the documented one, or a payload the client refuses to sign.
///
/// Problems the server reports (`application/problem+json`) are thrown as
/// `DeviceBinding.Problem` instead, and errors of a `DeviceKey` (such as
/// `KeychainError.userCanceled` when the user cancels Face ID) are rethrown unchanged, so
/// an app can branch on each. Equality compares the ``code`` only. The description never
/// carries a PIN, a token, a signature or a request body.
public struct DeviceTrustClientError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is; extensible.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        private let name: String
        private init(_ name: String) { self.name = name }

        /// The request did not reach the server or no answer came back (no connection,
        /// timeout, TLS failure). Retry later; nothing was consumed that the app can see.
        public static let transport = Code("transport")
        /// The server answered with a status or body the API does not document. Check the
        /// base URL points at a DeviceTrust server.
        public static let unexpectedResponse = Code("unexpectedResponse")
        /// The `signingPayload` is not a valid DeviceTrust payload, or is not of the kind
        /// asked for (an enrollment payload where a challenge was expected, or the reverse).
        public static let invalidSigningPayload = Code("invalidSigningPayload")
        /// The client refused to sign: the payload's action, device, key, purpose or
        /// identifier differs from what the app asked for. Nothing was signed or sent.
        public static let payloadMismatch = Code("payloadMismatch")
        /// The flow needs a key the client does not hold; enroll first, or pass the key
        /// to ``DeviceTrustClient/init(baseURL:session:deviceKey:biometricKey:)``.
        public static let keyUnavailable = Code("keyUnavailable")
        /// App Attest is not available on this device (the simulator, most app extensions,
        /// devices without a Secure Enclave). Enroll without an App Attest provider only
        /// where the server runs `--app-attest optional`.
        public static let appAttestUnsupported = Code("appAttestUnsupported")
        /// The App Attest key is unknown, already attested, or no longer valid (after a
        /// restore onto another device, for instance). The client forgot the key id:
        /// enroll the device again.
        public static let appAttestKeyInvalid = Code("appAttestKeyInvalid")
        /// Apple's App Attest service stayed unavailable (or rate-limited this device)
        /// through every retry of ``AppAttestRetryPolicy``. Try again later.
        public static let appAttestRateLimited = Code("appAttestRateLimited")

        /// The base URL is `http://` to a host that is not loopback: the client refuses to
        /// send PINs and signatures in clear text. Use `https://`, or pass
        /// `allowsInsecureHTTP: true` for a test network you control.
        public static let insecureTransport = Code("insecureTransport")

        /// The code's name, e.g. `payloadMismatch`.
        public var description: String { name }
    }

    /// What kind of failure this is.
    public let code: Code
    /// The HTTP status, for ``Code/unexpectedResponse``.
    public let httpStatus: Int?
    private let reason: String
    private let file: String
    private let line: Int

    /// An error with `code` and no reason, to compare with thrown errors (equality looks at
    /// the code only).
    public init(code: Code) {
        self.init(code, "")
    }

    init(_ code: Code, _ reason: String, httpStatus: Int? = nil, file: String = #fileID, line: Int = #line) {
        self.code = code
        self.reason = reason
        self.httpStatus = httpStatus
        self.file = file
        self.line = line
    }

    /// Equal when the codes are equal; the reason, status and location do not count.
    public static func == (lhs: DeviceTrustClientError, rhs: DeviceTrustClientError) -> Bool {
        lhs.code == rhs.code
    }

    /// Hashes the code only, consistent with `==`.
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// The code and the reason; never a secret.
    public var description: String { "DeviceTrustClientError.\(code): \(reason) (\(file):\(line))" }
}
