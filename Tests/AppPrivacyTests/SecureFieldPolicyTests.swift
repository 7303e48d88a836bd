import AppPrivacy
import Testing

@Suite("SecureFieldPolicy: how secret text fields are configured, and when the app refuses third-party keyboards")
struct SecureFieldPolicyTests {
    @Test(
        "passwords, PINs and security codes are masked; one-time codes, card numbers and recovery phrases stay readable",
        arguments: [
            (SecureFieldKind.password, true), (.newPassword, true), (.pin, true), (.cardSecurityCode, true),
            (.oneTimeCode, false), (.cardNumber, false), (.recoveryPhrase, false),
        ]
    )
    func secureEntry(kind: SecureFieldKind, masked: Bool) {
        #expect(SecureFieldPolicy.for(kind).isSecureTextEntry == masked)
    }

    @Test("each kind gets the content type AutoFill needs, and none where AutoFill would offer the wrong thing")
    func contentTypes() {
        let types = SecureFieldKind.allCases.map { SecureFieldPolicy.for($0).textContentType }
        #expect(types == [.password, .newPassword, nil, .oneTimeCode, .creditCardNumber, nil, nil])
    }

    @Test("every secret field has autocorrection off and refuses third-party keyboards", arguments: SecureFieldKind.allCases)
    func suggestionsAndKeyboards(kind: SecureFieldKind) {
        let policy = SecureFieldPolicy.for(kind)
        #expect(policy.autocorrectionDisabled && policy.refusesThirdPartyKeyboards)
    }

    @Test("only readable fields that refuse third-party keyboards need the app-wide refusal: secure entry already keeps those keyboards away")
    func appWideRefusalNeeded() {
        #expect(SecureFieldKind.allCases.filter { SecureFieldPolicy.for($0).needsAppWideKeyboardRefusal } == [.oneTimeCode, .cardNumber, .recoveryPhrase])
        let readableAllowingKeyboards = SecureFieldPolicy(
            isSecureTextEntry: false, textContentType: nil, autocorrectionDisabled: true, refusesThirdPartyKeyboards: false)
        #expect(!readableAllowingKeyboards.needsAppWideKeyboardRefusal)
    }

    @Test("the app refuses the keyboard extension point when one of its fields needs it, and allows it otherwise")
    func keyboardDecision() {
        #expect(ThirdPartyKeyboardPolicy(fields: [.password, .pin]).shouldAllowExtensionPoint(.keyboard))
        #expect(!ThirdPartyKeyboardPolicy(fields: [.password, .oneTimeCode]).shouldAllowExtensionPoint(.keyboard))
        #expect(!ThirdPartyKeyboardPolicy(fields: [.cardNumber]).allowsThirdPartyKeyboards)
        #expect(ThirdPartyKeyboardPolicy(fields: []).allowsThirdPartyKeyboards)
        let custom = SecureFieldPolicy(isSecureTextEntry: false, textContentType: .oneTimeCode, autocorrectionDisabled: true, refusesThirdPartyKeyboards: false)
        #expect(ThirdPartyKeyboardPolicy(policies: [custom]).allowsThirdPartyKeyboards)
    }

    @Test("other extension points are allowed even when keyboards are refused: the policy is about keyboards only")
    func otherExtensionPoints() {
        let refusing = ThirdPartyKeyboardPolicy(allowsThirdPartyKeyboards: false)
        #expect(!refusing.shouldAllowExtensionPoint(.keyboard))
        #expect(refusing.shouldAllowExtensionPoint(.other("com.example.extension-point")))
    }
}
