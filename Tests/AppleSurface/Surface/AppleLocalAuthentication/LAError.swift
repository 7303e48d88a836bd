import Foundation

/// The error domain of LocalAuthentication.
/// https://developer.apple.com/documentation/localauthentication/laerrordomain
public let LAErrorDomain: String = "com.apple.LocalAuthentication"

/// Authentication errors.
/// https://developer.apple.com/documentation/localauthentication/laerror
public struct LAError: Error, Sendable, Hashable {
    /// Codes that the framework returns when policy evaluation fails.
    /// https://developer.apple.com/documentation/localauthentication/laerror/code
    public enum Code: Int, Sendable {
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/authenticationfailed
        case authenticationFailed = -1
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/usercancel
        case userCancel = -2
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/userfallback
        case userFallback = -3
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/systemcancel
        case systemCancel = -4
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/passcodenotset
        case passcodeNotSet = -5
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/biometrynotavailable
        case biometryNotAvailable = -6
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/biometrynotenrolled
        case biometryNotEnrolled = -7
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/biometrylockout
        case biometryLockout = -8
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/appcancel
        case appCancel = -9
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/invalidcontext
        case invalidContext = -10
        /// https://developer.apple.com/documentation/localauthentication/laerror/code/notinteractive
        case notInteractive = -1004
    }

    /// The error's code.
    public let code: Code

    /// An error with `code`.
    public init(_ code: Code) { self.code = code }

    /// The error as Cocoa reports it: domain ``LAErrorDomain`` and the code's raw value.
    var nsError: NSError { NSError(domain: LAErrorDomain, code: code.rawValue) }
}

/// A pointer to an optional `NSError` (Foundation's `NSErrorPointer`, which Linux's
/// Foundation does not declare). https://developer.apple.com/documentation/foundation/nserrorpointer
public typealias NSErrorPointer = UnsafeMutablePointer<NSError?>?
