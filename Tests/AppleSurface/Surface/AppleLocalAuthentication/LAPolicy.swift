import Foundation

/// The set of available local authentication policies.
/// https://developer.apple.com/documentation/localauthentication/lapolicy
public enum LAPolicy: Int, Sendable {
    /// https://developer.apple.com/documentation/localauthentication/lapolicy/deviceownerauthenticationwithbiometrics
    case deviceOwnerAuthenticationWithBiometrics = 1
    /// https://developer.apple.com/documentation/localauthentication/lapolicy/deviceownerauthentication
    case deviceOwnerAuthentication = 2
}

/// The set of available biometric authentication types.
/// https://developer.apple.com/documentation/localauthentication/labiometrytype
public enum LABiometryType: Int, Sendable {
    /// https://developer.apple.com/documentation/localauthentication/labiometrytype/none
    case none = 0
    /// https://developer.apple.com/documentation/localauthentication/labiometrytype/touchid
    case touchID = 1
    /// https://developer.apple.com/documentation/localauthentication/labiometrytype/faceid
    case faceID = 2
    /// https://developer.apple.com/documentation/localauthentication/labiometrytype/opticid
    @available(iOS 17.0, macOS 14.0, visionOS 1.0, *)
    case opticID = 4
}
