/// An app extension point the system asks the app delegate about
/// (`application(_:shouldAllowExtensionPointIdentifier:)`).
public enum AppExtensionPoint: Sendable, Hashable {
    /// `UIApplication.ExtensionPointIdentifier.keyboard`: custom (third-party) keyboards.
    case keyboard
    /// Any other extension point, by its identifier.
    case other(String)
}

/// Whether the app allows third-party keyboards, and the app delegate's answer for the
/// keyboard extension point.
///
/// The answer covers every text field of the app: the delegate is not told which field is
/// being edited. So the app refuses custom keyboards when one of its secret fields needs it
/// (``SecureFieldPolicy/needsAppWideKeyboardRefusal``: it refuses them and is not secure;
/// secure fields get the system keyboard anyway).
///
/// ```swift
/// func application(_ application: UIApplication,
///                  shouldAllowExtensionPointIdentifier identifier: UIApplication.ExtensionPointIdentifier) -> Bool {
///     ThirdPartyKeyboardPolicy(fields: [.password, .oneTimeCode]).shouldAllowExtensionPointIdentifier(identifier)
/// }
/// ```
public struct ThirdPartyKeyboardPolicy: Sendable, Hashable {
    /// Whether custom keyboards may be used in this app.
    public let allowsThirdPartyKeyboards: Bool

    /// Allows custom keyboards, or not.
    public init(allowsThirdPartyKeyboards: Bool) { self.allowsThirdPartyKeyboards = allowsThirdPartyKeyboards }

    /// Refuses custom keyboards when any of `policies` needs it.
    public init(policies: some Sequence<SecureFieldPolicy>) {
        self.init(allowsThirdPartyKeyboards: !policies.contains { $0.needsAppWideKeyboardRefusal })
    }

    /// Refuses custom keyboards when the default policy of any of `fields` needs it.
    public init(fields: some Sequence<SecureFieldKind>) {
        self.init(policies: fields.map(SecureFieldPolicy.for))
    }

    /// The delegate's answer for `point`: this policy's for ``AppExtensionPoint/keyboard``,
    /// `true` for every other extension point (this policy is about keyboards only).
    public func shouldAllowExtensionPoint(_ point: AppExtensionPoint) -> Bool {
        switch point {
        case .keyboard: allowsThirdPartyKeyboards
        case .other: true
        }
    }
}
