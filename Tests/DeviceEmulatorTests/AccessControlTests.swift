import DeviceEmulator
import Foundation
import SecureStorage
import Testing

/// Items with access control: prompts, their outcomes, enrolment changes and contexts.
@Suite("Access control")
struct AccessControlTests {
    let device = EmulatedDevice()
    let keychain: any KeychainBackend

    init() {
        keychain = device.install(bankIdentity).keychain
    }

    func addProtected(_ account: String = "token", _ flags: AccessControl) {
        #expect(keychain.add(newItem(account: account, data: account, [K.accessControl: flags])) == Status.success)
    }

    @Test("Reading a biometry-protected item shows one prompt with the operation prompt text")
    func readPrompts() {
        addProtected("token", .biometryAny)
        #expect(device.authenticationPrompts.isEmpty)
        #expect(keychain.readString(account: "token", [K.useOperationPrompt: "Unlock your session"]) == "token")
        #expect(device.authenticationPrompts == [AuthenticationPrompt(kind: .biometry, operationPrompt: "Unlock your session")])
    }

    @Test("Cancelling the prompt fails with -128; the result is one-shot")
    func cancel() {
        addProtected("token", .biometryCurrentSet)
        device.setNextBiometricResult(.userCancel)
        #expect(keychain.readData().status == Status.userCanceled)
        #expect(keychain.readString() == "token")
    }

    @Test("A failed or locked-out prompt fails with -25293")
    func failureAndLockout() {
        addProtected("token", .userPresence)
        for result in [BiometricResult.failure, .lockout] {
            device.setNextBiometricResult(result)
            #expect(keychain.readData().status == Status.authFailed)
        }
        device.setNextBiometricResult(.success)
        #expect(keychain.readString() == "token")
    }

    @Test("Adding an item never prompts; reading attributes only never prompts")
    func attributesDoNotPrompt() {
        addProtected("token", .biometryAny)
        device.setNextBiometricResult(.userCancel)
        let (status, result) = keychain.copyMatching(query([K.returnAttributes: true]))
        #expect(status == Status.success && result != nil)
        #expect(keychain.copyMatching(query()).status == Status.success)
        #expect(device.authenticationPrompts.isEmpty)
    }

    @Test("devicePasscode items prompt for the passcode, and the scripted result applies to it")
    func passcodePrompt() {
        addProtected("token", .devicePasscode)
        device.setNextBiometricResult(.userCancel)
        #expect(keychain.readData().status == Status.userCanceled)
        #expect(device.authenticationPrompts.map(\.kind) == [.passcode])
    }

    @Test("Biometry and passcode joined with .and prompt for both at once")
    func andPrompt() {
        addProtected("token", [.biometryAny, .and, .devicePasscode])
        #expect(keychain.readString() == "token")
        #expect(device.authenticationPrompts.map(\.kind) == [.biometryAndPasscode])
    }

    @Test("On a device without biometry, biometry-only items fail with -25293 without prompting")
    func noBiometryHardware() {
        let device = EmulatedDevice(biometry: .none)
        let keychain = device.install(bankIdentity).keychain
        #expect(keychain.add(newItem(account: "any", [K.accessControl: AccessControl.biometryAny])) == Status.success)
        #expect(keychain.add(newItem(account: "current", [K.accessControl: AccessControl.biometryCurrentSet])) == Status.success)
        #expect(keychain.readData(account: "any").status == Status.authFailed)
        #expect(keychain.readData(account: "current").status == Status.authFailed)
        #expect(device.authenticationPrompts.isEmpty)
    }

    @Test("On a device without biometry, .or devicePasscode and userPresence fall back to the passcode prompt")
    func noBiometryFallsBackToPasscode() {
        let device = EmulatedDevice(biometry: .none)
        let keychain = device.install(bankIdentity).keychain
        #expect(keychain.add(newItem(account: "or", data: "or", [K.accessControl: AccessControl([.biometryAny, .or, .devicePasscode])])) == Status.success)
        #expect(keychain.add(newItem(account: "presence", data: "presence", [K.accessControl: AccessControl.userPresence])) == Status.success)
        #expect(keychain.readString(account: "or") == "or")
        #expect(keychain.readString(account: "presence") == "presence")
        #expect(device.authenticationPrompts.map(\.kind) == [.passcode, .passcode])
    }

    @Test("A new enrolment makes biometryCurrentSet items unreadable (-25293); biometryAny and userPresence survive")
    func enrolmentChange() {
        addProtected("current", .biometryCurrentSet)
        addProtected("any", .biometryAny)
        addProtected("presence", .userPresence)
        device.changeBiometricEnrollment()
        #expect(keychain.readData(account: "current").status == Status.authFailed)
        #expect(keychain.update(query(account: "current"), [K.valueData: Data("x".utf8)]) == Status.authFailed)
        #expect(keychain.readString(account: "any") == "any")
        #expect(keychain.readString(account: "presence") == "presence")
        #expect(keychain.delete(query(account: "current")) == Status.success)
    }

    @Test("biometryCurrentSet .or devicePasscode stays readable with the passcode after a new enrolment")
    func currentSetWithPasscodeFallback() {
        addProtected("token", [.biometryCurrentSet, .or, .devicePasscode])
        device.changeBiometricEnrollment()
        #expect(keychain.readString() == "token")
        #expect(device.authenticationPrompts.map(\.kind) == [.passcode])
    }

    @Test("An item added after the enrolment change binds to the new set")
    func newItemBindsNewSet() {
        device.changeBiometricEnrollment()
        addProtected("token", .biometryCurrentSet)
        #expect(keychain.readString() == "token")
    }

    @Test("A context that authenticated once is not prompted again, until the enrolment changes")
    func contextReuse() {
        addProtected("a", .biometryAny)
        addProtected("b", .userPresence)
        let context = AuthenticationContext()
        #expect(keychain.readString(account: "a", [K.useAuthenticationContext: context]) == "a")
        #expect(keychain.readString(account: "b", [K.useAuthenticationContext: context]) == "b")
        #expect(keychain.readString(account: "a", [K.useAuthenticationContext: context]) == "a")
        #expect(device.authenticationPrompts.count == 1)
        #expect(keychain.readString(account: "a") == "a")
        #expect(device.authenticationPrompts.count == 2)
        device.changeBiometricEnrollment()
        #expect(keychain.readString(account: "a", [K.useAuthenticationContext: context]) == "a")
        #expect(device.authenticationPrompts.count == 3)
    }

    @Test("A context whose prompt was cancelled is not authenticated")
    func cancelledContext() {
        addProtected("a", .biometryAny)
        let context = AuthenticationContext()
        device.setNextBiometricResult(.userCancel)
        #expect(keychain.readData(account: "a", [K.useAuthenticationContext: context]).status == Status.userCanceled)
        #expect(keychain.readString(account: "a", [K.useAuthenticationContext: context]) == "a")
        #expect(device.authenticationPrompts.count == 2)
    }

    @Test("u_AuthUIF fails with -25308 instead of prompting; an authenticated context still reads")
    func authenticationUIFail() {
        addProtected("token", .biometryAny)
        let fail: [String: Any] = [K.useAuthenticationUI: K.useAuthenticationUIFail]
        #expect(keychain.readData(account: "token", fail).status == Status.interactionNotAllowed)
        #expect(device.authenticationPrompts.isEmpty)
        let context = AuthenticationContext()
        #expect(keychain.readString(account: "token", [K.useAuthenticationContext: context]) == "token")
        #expect(keychain.readString(account: "token", fail.merging([K.useAuthenticationContext: context]) { _, new in new }) == "token")
    }

    @Test("u_AuthUIS skips items that would prompt: -25300 when none remain")
    func authenticationUISkip() {
        addProtected("protected", .biometryAny)
        #expect(keychain.add(newItem(account: "plain", data: "plain")) == Status.success)
        let skip: [String: Any] = [K.useAuthenticationUI: K.useAuthenticationUISkip]
        #expect(keychain.readData(account: "protected", skip).status == Status.itemNotFound)
        #expect(keychain.readString(account: nil, skip) == "plain")
        #expect(device.authenticationPrompts.isEmpty)
    }

    @Test("u_AuthUIS keeps items whose result needs no prompt: attributes only, or an authenticated context")
    func authenticationUISkipKeepsWhatNeedsNoPrompt() {
        addProtected("protected", .biometryAny)
        let skip: [String: Any] = [K.useAuthenticationUI: K.useAuthenticationUISkip]
        let attributes = keychain.copyMatching(query(account: "protected", skip.merging([K.returnAttributes: true]) { _, new in new }))
        #expect(attributes.status == Status.success)
        #expect((attributes.result as? [String: Any])?[K.accessControl] as? AccessControl == .biometryAny)
        let context = AuthenticationContext()
        #expect(keychain.readString(account: "protected", [K.useAuthenticationContext: context]) == "protected")
        #expect(keychain.readString(account: "protected", skip.merging([K.useAuthenticationContext: context]) { _, new in new }) == "protected")
        #expect(device.authenticationPrompts.count == 1)
    }

    @Test("One prompt covers every item of a call")
    func onePromptPerCall() {
        addProtected("a", .biometryAny)
        addProtected("b", .biometryAny)
        let (status, result) = keychain.copyMatching(query(account: nil, [K.returnData: true, K.matchLimit: K.matchLimitAll]))
        #expect(status == Status.success && (result as? [Data])?.count == 2)
        #expect(device.authenticationPrompts.count == 1)
    }

    @Test("Updating the data of an access-controlled item prompts; its label does not; delete never prompts")
    func updateAndDeletePrompts() {
        addProtected("token", .biometryAny)
        device.setNextBiometricResult(.userCancel)
        #expect(keychain.update(query(), [K.valueData: Data("new".utf8)]) == Status.userCanceled)
        #expect(keychain.update(query(), [K.label: "renamed"]) == Status.success)
        #expect(keychain.update(query(), [K.valueData: Data("new".utf8)]) == Status.success)
        #expect(device.authenticationPrompts.count == 2)
        #expect(keychain.readString() == "new")
        device.setNextBiometricResult(.userCancel)
        #expect(keychain.delete(query()) == Status.success)
        #expect(device.authenticationPrompts.count == 3)
    }

    @Test("Replacing the access control re-encrypts the item, so it prompts under the old one")
    func updateAccessControlPrompts() {
        addProtected("token", .biometryCurrentSet)
        device.setNextBiometricResult(.failure)
        #expect(keychain.update(query(), [K.accessControl: AccessControl.biometryAny]) == Status.authFailed)
        #expect(keychain.update(query(), [K.accessControl: AccessControl.biometryAny]) == Status.success)
        let attributes = keychain.copyMatching(query([K.returnAttributes: true])).result as? [String: Any]
        #expect(attributes?[K.accessControl] as? AccessControl == .biometryAny)
    }
}
