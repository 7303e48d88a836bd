import Pinning

/// The policy for api.example.com: the pins of the key it serves today and of the backup
/// key kept offline (a set with a single pin is refused).
func apiPinningPolicy(currentPin: String, backupPin: String) throws -> PinningPolicy {
    PinningPolicy([
        try PinSet(domain: "api.example.com", pins: [currentPin, backupPin])
    ])
}
