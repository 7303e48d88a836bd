import AppleSurfaceRuntime
import BiometricGate
import DeviceEmulator
import Foundation

/// An ``EmulatedLAContext`` in `LAContext`'s raw values.
struct EmulatedSurfaceLocalAuthentication: SurfaceLocalAuthentication {
    let context: EmulatedLAContext

    func canEvaluatePolicy(_ policy: Int) -> Int? {
        var error: LocalAuthenticationError?
        guard let policy = Self.policy(policy) else { return LocalAuthenticationError.Code.invalidContext.rawValue }
        return context.canEvaluatePolicy(policy, error: &error) ? nil : (error?.code ?? .authenticationFailed).rawValue
    }

    var biometryType: Int {
        switch context.biometryType {
        case .none: 0
        case .touchID: 1
        case .faceID: 2
        case .opticID: 4
        }
    }

    func evaluatePolicy(_ policy: Int, localizedReason: String) async -> Int? {
        guard let policy = Self.policy(policy) else { return LocalAuthenticationError.Code.invalidContext.rawValue }
        do {
            try await context.evaluatePolicy(policy, localizedReason: localizedReason)
            return nil
        } catch {
            return error.code.rawValue
        }
    }

    var evaluatedPolicyDomainState: Data? { context.evaluatedPolicyDomainState }

    var reuseDuration: TimeInterval {
        get { context.touchIDAuthenticationAllowableReuseDuration }
        nonmutating set { context.touchIDAuthenticationAllowableReuseDuration = newValue }
    }

    var interactionNotAllowed: Bool {
        get { context.interactionNotAllowed }
        nonmutating set { context.interactionNotAllowed = newValue }
    }

    func invalidate() { context.invalidate() }

    /// `LAPolicy`'s raw values: 1 biometrics, 2 device owner.
    private static func policy(_ raw: Int) -> BiometricPolicy? {
        switch raw {
        case 1: .biometrics
        case 2: .deviceOwner
        default: nil
        }
    }
}
