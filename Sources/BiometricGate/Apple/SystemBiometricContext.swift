#if canImport(LocalAuthentication)
import Foundation
import LocalAuthentication

/// The device's own `LAContext` as a ``BiometricContext``: each member forwards to the
/// `LAContext` member of the same name; `LAError` codes become
/// ``LocalAuthenticationError`` with the same raw value. No decision is made here.
///
/// `@unchecked Sendable`: the wrapper adds no state of its own, and ``BiometricGate`` uses
/// each context for one check-then-prompt sequence, never from two tasks at once.
public final class SystemBiometricContext: BiometricContext, @unchecked Sendable {
    private let context = LAContext()

    /// A new context, as `LAContext()`.
    public init() {}

    /// `LAContext.canEvaluatePolicy(_:error:)`.
    public func canEvaluatePolicy(_ policy: BiometricPolicy, error: inout LocalAuthenticationError?) -> Bool {
        var failure: NSError?
        let result = context.canEvaluatePolicy(Self.laPolicy(policy), error: &failure)
        error = failure.map(Self.error(from:))
        return result
    }

    /// `LAContext.biometryType`.
    public var biometryType: BiometryType {
        switch context.biometryType {
        case .touchID: return .touchID
        case .faceID: return .faceID
        case .opticID: return .opticID
        case .none: return .none
        @unknown default: return .none
        }
    }

    /// `LAContext.evaluatePolicy(_:localizedReason:)`.
    public func evaluatePolicy(_ policy: BiometricPolicy, localizedReason: String) async throws(LocalAuthenticationError) {
        let passed: Bool
        do {
            passed = try await context.evaluatePolicy(Self.laPolicy(policy), localizedReason: localizedReason)
        } catch {
            throw Self.error(from: error as NSError)
        }
        if !passed { throw LocalAuthenticationError(.authenticationFailed) }  // never documented; fail closed
    }

    /// `LAContext.evaluatedPolicyDomainState`.
    public var evaluatedPolicyDomainState: Data? { context.evaluatedPolicyDomainState }

    /// `LAContext.touchIDAuthenticationAllowableReuseDuration`.
    public var touchIDAuthenticationAllowableReuseDuration: TimeInterval {
        get { context.touchIDAuthenticationAllowableReuseDuration }
        set { context.touchIDAuthenticationAllowableReuseDuration = newValue }
    }

    /// `LAContext.interactionNotAllowed`.
    public var interactionNotAllowed: Bool {
        get { context.interactionNotAllowed }
        set { context.interactionNotAllowed = newValue }
    }

    /// `LAContext.invalidate()`.
    public func invalidate() { context.invalidate() }

    private static func laPolicy(_ policy: BiometricPolicy) -> LAPolicy {
        switch policy {
        case .biometrics: return .deviceOwnerAuthenticationWithBiometrics
        case .deviceOwner: return .deviceOwnerAuthentication
        }
    }

    /// An `LAErrorDomain` error as its code; any other error as a failed authentication.
    private static func error(from error: NSError) -> LocalAuthenticationError {
        guard error.domain == LAErrorDomain else { return LocalAuthenticationError(.authenticationFailed) }
        return LocalAuthenticationError(LocalAuthenticationError.Code(rawValue: error.code))
    }
}
#endif
