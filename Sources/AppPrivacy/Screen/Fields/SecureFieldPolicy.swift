/// A kind of text field that takes a secret.
public enum SecureFieldKind: Sendable, Hashable, CaseIterable {
    /// The password of an existing account.
    case password
    /// A password being chosen.
    case newPassword
    /// A PIN (the one the server checks, say).
    case pin
    /// A one-time code from a text message or an authenticator.
    case oneTimeCode
    /// A payment card number.
    case cardNumber
    /// A card's security code (CVV, CVC).
    case cardSecurityCode
    /// A recovery phrase or recovery code.
    case recoveryPhrase
}

/// The `textContentType` a ``SecureFieldPolicy`` gives a field, as `UITextContentType`
/// names it, so that AutoFill offers the right thing.
public enum SecureTextContentType: Sendable, Hashable, CaseIterable {
    /// `UITextContentType.password`.
    case password
    /// `UITextContentType.newPassword`.
    case newPassword
    /// `UITextContentType.oneTimeCode`.
    case oneTimeCode
    /// `UITextContentType.creditCardNumber`.
    case creditCardNumber
}

/// How a text field that takes a secret is configured.
///
/// Secure text entry (`isSecureTextEntry`) masks the text and keeps third-party keyboards
/// and suggestions away from that field. A field whose text the user must read (a one-time
/// code, a card number, a recovery phrase) cannot be secure; when it still must not be typed
/// on a third-party keyboard, the only way is to refuse custom keyboards for the whole app
/// (``ThirdPartyKeyboardPolicy``).
///
/// ```swift
/// codeField.applySecureFieldPolicy(.for(.oneTimeCode))   // UIKit
/// ```
public struct SecureFieldPolicy: Sendable, Hashable {
    /// Whether the text is masked (`isSecureTextEntry`).
    public var isSecureTextEntry: Bool
    /// The `textContentType`, `nil` for none (a PIN is not a password AutoFill should offer).
    public var textContentType: SecureTextContentType?
    /// Whether autocorrection (and with it spell checking, autocapitalisation and smart
    /// punctuation) is off.
    public var autocorrectionDisabled: Bool
    /// Whether this field must never be typed on a third-party keyboard.
    public var refusesThirdPartyKeyboards: Bool

    /// A policy with these settings.
    public init(isSecureTextEntry: Bool, textContentType: SecureTextContentType?, autocorrectionDisabled: Bool, refusesThirdPartyKeyboards: Bool) {
        self.isSecureTextEntry = isSecureTextEntry
        self.textContentType = textContentType
        self.autocorrectionDisabled = autocorrectionDisabled
        self.refusesThirdPartyKeyboards = refusesThirdPartyKeyboards
    }

    /// Whether this field needs the app-wide refusal of third-party keyboards: it refuses
    /// them but is not secure, so the system does not keep them away from it.
    public var needsAppWideKeyboardRefusal: Bool { refusesThirdPartyKeyboards && !isSecureTextEntry }

    /// The policy for a field of `kind`. Every kind has autocorrection off and refuses
    /// third-party keyboards; passwords, PINs and security codes are masked, while one-time
    /// codes, card numbers and recovery phrases stay readable for the user to check.
    public static func `for`(_ kind: SecureFieldKind) -> SecureFieldPolicy {
        let (secure, contentType): (Bool, SecureTextContentType?) =
            switch kind {
            case .password: (true, .password)
            case .newPassword: (true, .newPassword)
            case .pin, .cardSecurityCode: (true, nil)
            case .oneTimeCode: (false, .oneTimeCode)
            case .cardNumber: (false, .creditCardNumber)
            case .recoveryPhrase: (false, nil)
            }
        return SecureFieldPolicy(isSecureTextEntry: secure, textContentType: contentType, autocorrectionDisabled: true, refusesThirdPartyKeyboards: true)
    }
}
