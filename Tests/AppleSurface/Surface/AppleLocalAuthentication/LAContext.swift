import AppleSurfaceRuntime
import Foundation

/// A mechanism for evaluating authentication policies and access controls.
/// https://developer.apple.com/documentation/localauthentication/lacontext
///
/// Each context belongs to the device bound in ``SurfaceHost`` when it is first used; without
/// one every check fails with `LAError.Code.notInteractive`.
open class LAContext: NSObject, SurfaceSessionCarrier {
    /// The context's identity, also what `kSecUseAuthenticationContext` carries.
    public let surfaceSession = SurfaceSession()

    /// https://developer.apple.com/documentation/localauthentication/lacontext/init()
    public override init() { super.init() }

    private var behaviour: (any SurfaceLocalAuthentication)? {
        SurfaceHost.current.map { $0.localAuthentication(for: surfaceSession) }
    }

    /// Assesses whether authentication can proceed for a given policy.
    /// https://developer.apple.com/documentation/localauthentication/lacontext/canevaluatepolicy(_:error:)
    open func canEvaluatePolicy(_ policy: LAPolicy, error: NSErrorPointer) -> Bool {
        guard let behaviour else {
            error?.pointee = LAError(.notInteractive).nsError
            return false
        }
        guard let code = behaviour.canEvaluatePolicy(policy.rawValue) else { return true }
        error?.pointee = NSError(domain: LAErrorDomain, code: code)
        return false
    }

    /// Evaluates the specified policy.
    /// https://developer.apple.com/documentation/localauthentication/lacontext/evaluatepolicy(_:localizedreason:reply:)
    open func evaluatePolicy(_ policy: LAPolicy, localizedReason: String) async throws -> Bool {
        guard let behaviour else { throw LAError(.notInteractive).nsError }
        if let code = await behaviour.evaluatePolicy(policy.rawValue, localizedReason: localizedReason) {
            throw NSError(domain: LAErrorDomain, code: code)
        }
        return true
    }

    /// The type of biometric authentication supported by the device.
    /// https://developer.apple.com/documentation/localauthentication/lacontext/biometrytype
    open var biometryType: LABiometryType { behaviour.flatMap { LABiometryType(rawValue: $0.biometryType) } ?? .none }

    /// The current state of the evaluated policy domain.
    /// https://developer.apple.com/documentation/localauthentication/lacontext/evaluatedpolicydomainstate
    open var evaluatedPolicyDomainState: Data? { behaviour?.evaluatedPolicyDomainState }

    /// The duration for which Touch ID authentication reuse is allowable.
    /// https://developer.apple.com/documentation/localauthentication/lacontext/touchidauthenticationallowablereuseduration
    open var touchIDAuthenticationAllowableReuseDuration: TimeInterval {
        get { behaviour?.reuseDuration ?? 0 }
        set { behaviour?.reuseDuration = newValue }
    }

    /// A Boolean value that determines whether the system can prompt the user.
    /// https://developer.apple.com/documentation/localauthentication/lacontext/interactionnotallowed
    open var interactionNotAllowed: Bool {
        get { behaviour?.interactionNotAllowed ?? false }
        set { behaviour?.interactionNotAllowed = newValue }
    }

    /// Invalidates the context.
    /// https://developer.apple.com/documentation/localauthentication/lacontext/invalidate()
    open func invalidate() { behaviour?.invalidate() }
}

/// The maximum reuse duration. https://developer.apple.com/documentation/localauthentication/latouchidauthenticationmaximumallowablereuseduration
public let LATouchIDAuthenticationMaximumAllowableReuseDuration: TimeInterval = 300
