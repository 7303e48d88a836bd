import DeviceBinding
import Testing

@Suite("Account identifiers and device names the server accepts")
struct ClientChosenNamesTests {
    @Test(
        "account identifiers: the signing payload's rule, 1 to 256 bytes of UTF-8 in any script, no control or format character, no whitespace at either end",
        arguments: [
            ("acct-42", true), ("a", true), ("user@example.com", true), ("a b", true), ("~!", true), ("é", true), ("пользователь-7", true),
            ("😀", true), (String(repeating: "x", count: 256), true), (String(repeating: "x", count: 257), false),
            (String(repeating: "ж", count: 128), true), (String(repeating: "ж", count: 129), false),
            ("", false), (" a", false), ("a ", false), (" ", false), ("a\nb", false), ("a\tb", false), ("\u{7F}", false),
            ("acct\u{200B}", false), ("\u{FEFF}x", false), ("x\u{2028}y", false), ("\u{A0}x", false),
        ])
    func accountIdentifiers(_ text: String, _ valid: Bool) {
        #expect(AccountIdentifier.isValid(text) == valid, "\(text.debugDescription)")
    }

    @Test(
        "device names: 1 to 256 bytes of UTF-8, no control character",
        arguments: [
            ("Anna's iPhone", true), ("Pixel 8 Pro", true), ("Телефон Анны", true), ("📱", true), (" padded ", true),
            (String(repeating: "😀", count: 64), true), (String(repeating: "😀", count: 65), false), (String(repeating: "a", count: 256), true),
            (String(repeating: "a", count: 257), false), ("", false), ("a\nb", false), ("\u{0}", false), ("a\u{7F}", false),
            ("\u{85}", false), ("\u{9F}", false), ("\u{A0}", true),
        ])
    func deviceNames(_ text: String, _ valid: Bool) {
        #expect(DeviceName.isValid(text) == valid, "\(text.debugDescription)")
    }
}
