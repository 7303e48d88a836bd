import Foundation

/// The error domain of DeviceCheck. https://developer.apple.com/documentation/devicecheck/dcerrordomain
public let DCErrorDomain: String = "com.apple.devicecheck.error"

/// An error code that indicates why a method call failed.
/// https://developer.apple.com/documentation/devicecheck/dcerror
public struct DCError: Error, Sendable, Hashable {
    /// https://developer.apple.com/documentation/devicecheck/dcerror/code
    public enum Code: Int, Sendable {
        /// https://developer.apple.com/documentation/devicecheck/dcerror/code/unknownsystemfailure
        case unknownSystemFailure = 0
        /// https://developer.apple.com/documentation/devicecheck/dcerror/code/featureunsupported
        case featureUnsupported = 1
        /// https://developer.apple.com/documentation/devicecheck/dcerror/code/invalidinput
        case invalidInput = 2
        /// https://developer.apple.com/documentation/devicecheck/dcerror/code/invalidkey
        case invalidKey = 3
        /// https://developer.apple.com/documentation/devicecheck/dcerror/code/serverunavailable
        case serverUnavailable = 4
    }

    /// The error's code. https://developer.apple.com/documentation/devicecheck/dcerror/code-swift.property
    public let code: Code

    /// An error with `code`.
    public init(_ code: Code) { self.code = code }
}
