/// Formats a double as ECMAScript's `Number.prototype.toString` does, which RFC 8785 §3.2.2.3
/// requires for canonical JSON.
///
/// Swift's `description` already yields the shortest digit string that round-trips (and the
/// closest such one); only the layout differs. This takes the digits and the decimal
/// exponent from it and lays them out by the ECMAScript rules (ECMA-262 Number::toString).
enum ECMAScriptNumber {
    /// The ECMAScript text of a finite double. `-0` gives `"0"`.
    static func format(_ value: Double) -> String {
        precondition(value.isFinite, "only finite numbers have a canonical JSON form")
        if value == 0 { return "0" }
        if value < 0 { return "-" + format(-value) }

        // value = 0.d1d2…dk × 10^n, with digits d1…dk free of leading and trailing zeros.
        let (digits, n) = shortestDigits(value)
        let k = digits.count
        if k <= n, n <= 21 {
            return String(decoding: digits, as: UTF8.self) + String(repeating: "0", count: n - k)
        }
        if 0 < n, n <= 21 {
            return String(decoding: digits[..<n], as: UTF8.self) + "." + String(decoding: digits[n...], as: UTF8.self)
        }
        if -6 < n, n <= 0 {
            return "0." + String(repeating: "0", count: -n) + String(decoding: digits, as: UTF8.self)
        }
        let exponent = n - 1
        let sign = exponent < 0 ? "-" : "+"
        let mantissa =
            k == 1
            ? String(decoding: digits, as: UTF8.self)
            : String(decoding: digits[..<1], as: UTF8.self) + "." + String(decoding: digits[1...], as: UTF8.self)
        return mantissa + "e" + sign + String(abs(exponent))
    }

    /// The shortest round-trip decimal digits of a positive finite double and the position
    /// of the decimal point relative to them.
    private static func shortestDigits(_ value: Double) -> (digits: [UInt8], pointPosition: Int) {
        // `description` is "123.45", "1e-07", "1.5e+20" or similar.
        let text = value.description
        let parts = text.split(separator: "e", maxSplits: 1)
        let exponent = parts.count == 2 ? Int(parts[1])! : 0
        let mantissa = parts[0]
        let pointIndex = mantissa.firstIndex(of: ".")
        let integerPart = pointIndex.map { mantissa[..<$0] } ?? mantissa
        let fractionPart = pointIndex.map { mantissa[mantissa.index(after: $0)...] } ?? ""
        var digits = Array(integerPart.utf8) + Array(fractionPart.utf8)
        var pointPosition = integerPart.utf8.count + exponent
        while digits.first == UInt8(ascii: "0") {
            digits.removeFirst()
            pointPosition -= 1
        }
        while digits.last == UInt8(ascii: "0") { digits.removeLast() }
        return (digits, pointPosition)
    }
}
