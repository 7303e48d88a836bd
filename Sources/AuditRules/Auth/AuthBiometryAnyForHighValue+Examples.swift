import SwiftSyntax
import AuditKit

extension AuthBiometryAnyForHighValue {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓.biometryAny, nil)
                """),
            .swift(
                """
                func makeKey() throws -> SecKey {
                    let flags: SecAccessControlCreateFlags = [.privateKeyUsage, ↓.biometryAny]
                    guard let access = SecAccessControlCreateWithFlags(kCFAllocatorDefault, kSecAttrAccessibleWhenUnlockedThisDeviceOnly, flags, nil) else { throw KeyError.access }
                    return try SecureEnclaveKey.create(access: access)
                }
                """),
            .swift(
                """
                let legacy = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenUnlocked, ↓SecAccessControlCreateFlags.touchIDAny, nil)
                """),
            .swift(
                """
                let access = SecAccessControlCreateWithFlags(nil, kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, [.privateKeyUsage, .biometryCurrentSet], nil)
                """),
            .swift(
                """
                // Testing a flag is not creating an item.
                var requiresAuthentication: Bool { !flags.intersection([.userPresence, .biometryAny, .biometryCurrentSet]).isEmpty }
                func prompt(for flags: SecAccessControlCreateFlags) -> Prompt? {
                    if flags.contains(.biometryAny) { return .biometry }
                    return nil
                }
                """),
            .swift(
                """
                switch context.biometryType {
                case .faceID: label = "Face ID"
                case .touchID: label = "Touch ID"
                default: label = "Passcode"
                }
                """),
            .objectiveC(
                """
                SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, ↓kSecAccessControlBiometryAny, &error);
                """),
            .objectiveC(
                """
                SecAccessControlRef access = SecAccessControlCreateWithFlags(kCFAllocatorDefault,
                    kSecAttrAccessibleWhenPasscodeSetThisDeviceOnly, kSecAccessControlBiometryCurrentSet, &error);
                """),
        ]
    }
}
