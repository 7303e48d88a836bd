import DeviceBinding

/// What the app asked a challenge for; the client signs a returned payload only when it
/// says exactly this.
///
/// The server (or anyone between) chooses the payload's bytes. Checking them before the
/// key signs is what makes the user's approval mean the action the app showed: a payload
/// for another action, device, key or purpose is refused, and nothing is signed.
struct ExpectedChallenge: Sendable {
    /// The outcome of checking a payload.
    enum Verdict: Equatable, Sendable {
        /// The payload is the one asked for: sign it.
        case matches
        /// The payload differs; the reason names the field, never its value.
        case differs(reason: String)
    }

    /// The request the app sent.
    let request: ChallengeRequest

    /// Whether `payload`, returned as `challengeId`, is the challenge ``request`` asked for.
    func verdict(for payload: SigningPayload, challengeId: String) -> Verdict {
        guard payload.kind == .challenge else { return .differs(reason: "the payload is not a challenge") }
        guard payload.id == challengeId else { return .differs(reason: "the payload's id is not the challenge identifier") }
        guard payload.device == request.deviceId else { return .differs(reason: "the payload is for another device") }
        guard payload.key == request.key else { return .differs(reason: "the payload is for another key") }
        guard payload.purpose == request.purpose else { return .differs(reason: "the payload is for another purpose") }
        guard payload.confirms(action: request.action) else {
            return .differs(reason: "the payload's action is not the action shown to the user")
        }
        return .matches
    }
}
