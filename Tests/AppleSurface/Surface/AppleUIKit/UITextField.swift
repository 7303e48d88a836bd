@_exported import Foundation

/// https://developer.apple.com/documentation/uikit/uitextautocorrectiontype
public enum UITextAutocorrectionType: Int, Sendable {
    case `default` = 0, no = 1, yes = 2
}

/// https://developer.apple.com/documentation/uikit/uitextspellcheckingtype
public enum UITextSpellCheckingType: Int, Sendable {
    case `default` = 0, no = 1, yes = 2
}

/// https://developer.apple.com/documentation/uikit/uitextautocapitalizationtype
public enum UITextAutocapitalizationType: Int, Sendable {
    case none = 0, words = 1, sentences = 2, allCharacters = 3
}

/// https://developer.apple.com/documentation/uikit/uitextsmartdashestype
public enum UITextSmartDashesType: Int, Sendable {
    case `default` = 0, no = 1, yes = 2
}

/// https://developer.apple.com/documentation/uikit/uitextsmartquotestype
public enum UITextSmartQuotesType: Int, Sendable {
    case `default` = 0, no = 1, yes = 2
}

/// https://developer.apple.com/documentation/uikit/uitextsmartinsertdeletetype
public enum UITextSmartInsertDeleteType: Int, Sendable {
    case `default` = 0, no = 1, yes = 2
}

/// The semantic meaning for a text-entry area. https://developer.apple.com/documentation/uikit/uitextcontenttype
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    /// https://developer.apple.com/documentation/uikit/uitextcontenttype/init(rawvalue:)
    public init(rawValue: String) { self.rawValue = rawValue }
    /// The type's string.
    public let rawValue: String
    /// https://developer.apple.com/documentation/uikit/uitextcontenttype/password
    public static let password = UITextContentType(rawValue: "password")
    /// https://developer.apple.com/documentation/uikit/uitextcontenttype/newpassword
    public static let newPassword = UITextContentType(rawValue: "new-password")
    /// https://developer.apple.com/documentation/uikit/uitextcontenttype/onetimecode
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
    /// https://developer.apple.com/documentation/uikit/uitextcontenttype/creditcardnumber
    public static let creditCardNumber = UITextContentType(rawValue: "cc-number")
}

/// An object that displays an editable text area in your interface.
/// https://developer.apple.com/documentation/uikit/uitextfield
/// (The `UITextInputTraits` members it uses, https://developer.apple.com/documentation/uikit/uitextinputtraits.)
@MainActor open class UITextField: UIControl {
    /// https://developer.apple.com/documentation/uikit/uitextinputtraits/issecuretextentry
    open var isSecureTextEntry = false
    /// https://developer.apple.com/documentation/uikit/uitextinputtraits/textcontenttype
    open var textContentType: UITextContentType!
    /// https://developer.apple.com/documentation/uikit/uitextinputtraits/autocorrectiontype
    open var autocorrectionType = UITextAutocorrectionType.default
    /// https://developer.apple.com/documentation/uikit/uitextinputtraits/spellcheckingtype
    open var spellCheckingType = UITextSpellCheckingType.default
    /// https://developer.apple.com/documentation/uikit/uitextinputtraits/autocapitalizationtype
    open var autocapitalizationType = UITextAutocapitalizationType.sentences
    /// https://developer.apple.com/documentation/uikit/uitextinputtraits/smartdashestype
    open var smartDashesType = UITextSmartDashesType.default
    /// https://developer.apple.com/documentation/uikit/uitextinputtraits/smartquotestype
    open var smartQuotesType = UITextSmartQuotesType.default
    /// https://developer.apple.com/documentation/uikit/uitextinputtraits/smartinsertdeletetype
    open var smartInsertDeleteType = UITextSmartInsertDeleteType.default
}
