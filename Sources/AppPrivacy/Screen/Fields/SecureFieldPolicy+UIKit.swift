#if canImport(UIKit)
import UIKit

extension UITextField {
    /// Configures this field as `policy` says: `isSecureTextEntry`, `textContentType`, and
    /// with autocorrection off also spell checking, autocapitalisation and smart punctuation
    /// off. Third-party keyboards are refused app-wide, by ``ThirdPartyKeyboardPolicy``.
    public func applySecureFieldPolicy(_ policy: SecureFieldPolicy) {
        isSecureTextEntry = policy.isSecureTextEntry
        textContentType = policy.textContentType.map(UITextContentType.init)
        autocorrectionType = policy.autocorrectionDisabled ? .no : .default
        spellCheckingType = policy.autocorrectionDisabled ? .no : .default
        if policy.autocorrectionDisabled {
            autocapitalizationType = .none
            smartDashesType = .no
            smartQuotesType = .no
            smartInsertDeleteType = .no
        }
    }
}

extension UITextContentType {
    init(_ type: SecureTextContentType) {
        switch type {
        case .password: self = .password
        case .newPassword: self = .newPassword
        case .oneTimeCode: self = .oneTimeCode
        case .creditCardNumber: self = .creditCardNumber
        }
    }
}

extension ThirdPartyKeyboardPolicy {
    /// The app delegate's answer in `application(_:shouldAllowExtensionPointIdentifier:)`.
    @MainActor
    public func shouldAllowExtensionPointIdentifier(_ identifier: UIApplication.ExtensionPointIdentifier) -> Bool {
        shouldAllowExtensionPoint(identifier == .keyboard ? .keyboard : .other(identifier.rawValue))
    }
}
#endif
