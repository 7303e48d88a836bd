/// `value` rounded to `decimals` places, without Foundation's locale-dependent formatting.
func format(_ value: Double, decimals: Int) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = (value * scale).rounded()
    guard decimals > 0 else { return String(Int64(scaled)) }
    let whole = Int64(scaled) / Int64(scale)
    let fraction = abs(Int64(scaled) % Int64(scale))
    let fractionText = String(fraction)
    let sign = value < 0 && whole == 0 ? "-" : ""
    return sign + String(whole) + "." + String(repeating: "0", count: decimals - fractionText.count) + fractionText
}
