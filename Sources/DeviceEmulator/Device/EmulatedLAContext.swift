import BiometricGate
import Foundation
import SecureStorage

/// An emulated `LAContext` of one app, from ``EmulatedApp/makeLAContext()``: the
/// ``BiometricContext`` that `BiometricGate` (or the app's own code) uses in tests.
///
/// It follows iOS's order of events: ``biometryType`` is `.none` until
/// ``canEvaluatePolicy(_:error:)`` was called, ``evaluatedPolicyDomainState`` is `nil` until
/// a check or evaluation succeeded, and an invalidated context fails every evaluation with
/// `invalidContext`. How evaluations end is in <doc:LocalAuthenticationBehaviour>.
public final class EmulatedLAContext: BiometricContext {
    private struct State: Sendable {
        var biometryType = BiometryType.none
        var domainState: Data?
        var reuseDuration: TimeInterval = 0
        var interactionNotAllowed = false
        var isInvalidated = false
    }

    private let app: EmulatedApp
    private let state = Locked(State())

    init(app: EmulatedApp) {
        self.app = app
    }

    /// `LAContext.canEvaluatePolicy(_:error:)`: fills in ``biometryType`` (whatever the
    /// answer) and, on success, ``evaluatedPolicyDomainState``. Shows no prompt.
    public func canEvaluatePolicy(_ policy: BiometricPolicy, error: inout LocalAuthenticationError?) -> Bool {
        let device = app.device
        let key = app.applicationIdentifier
        let answer = device.withState { state in
            (blocker: state.localAuthenticationBlocker(policy, app: key), domainState: state.domainState(device: device.identifier))
        }
        state.withLock { state in
            state.biometryType = BiometryType(device.biometry)
            if answer.blocker == nil { state.domainState = answer.domainState }
        }
        error = answer.blocker.map(LocalAuthenticationError.init)
        return answer.blocker == nil
    }

    /// `LAContext.biometryType`: `.none` until ``canEvaluatePolicy(_:error:)`` was called.
    public var biometryType: BiometryType { state.withLock { $0.biometryType } }

    /// `LAContext.evaluatePolicy(_:localizedReason:)`, decided by the device's state and the
    /// next scripted ``BiometricResult``.
    public func evaluatePolicy(_ policy: BiometricPolicy, localizedReason: String) async throws(LocalAuthenticationError) {
        let options = state.withLock { $0 }
        if options.isInvalidated { throw LocalAuthenticationError(.invalidContext) }
        let device = app.device
        let request = LocalAuthenticationRequest(
            policy: policy, localizedReason: localizedReason, app: app.identity,
            reuseDuration: min(max(options.reuseDuration, 0), BiometricPolicy.maximumAllowableReuseDuration),
            interactionNotAllowed: options.interactionNotAllowed, now: device.clock())
        let domainState = try device.withState { state throws(LocalAuthenticationError) -> Data? in
            try state.evaluate(request)
            return state.domainState(device: device.identifier)
        }
        state.withLock { $0.domainState = domainState }
    }

    /// `LAContext.evaluatedPolicyDomainState`.
    public var evaluatedPolicyDomainState: Data? { state.withLock { $0.domainState } }

    /// `LAContext.touchIDAuthenticationAllowableReuseDuration`; evaluations cap it at 300 s.
    public var touchIDAuthenticationAllowableReuseDuration: TimeInterval {
        get { state.withLock { $0.reuseDuration } }
        set { state.withLock { $0.reuseDuration = newValue } }
    }

    /// `LAContext.interactionNotAllowed`.
    public var interactionNotAllowed: Bool {
        get { state.withLock { $0.interactionNotAllowed } }
        set { state.withLock { $0.interactionNotAllowed = newValue } }
    }

    /// `LAContext.invalidate()`: later evaluations fail with `invalidContext`.
    public func invalidate() {
        state.withLock { $0.isInvalidated = true }
    }
}

extension BiometryType {
    /// The type `LAContext` reports for the emulated hardware.
    init(_ biometry: EmulatedDevice.Biometry) {
        switch biometry {
        case .none: self = .none
        case .touchID: self = .touchID
        case .faceID: self = .faceID
        }
    }
}
