import Foundation
import Testing
import DeviceTrustCrypto

// Helpers shared by the API*.swift and OpenSSLInterop*.swift specification tests. The
// names carry an `api` prefix so that they cannot collide with helpers in other test files
// of the same module.

/// The bytes of a hexadecimal string (whitespace ignored). Traps on malformed input, which
/// can only come from a typo in a test vector.
func apiBytes(hex: String) -> [UInt8] {
    let digits = hex.unicodeScalars.filter { !CharacterSet.whitespacesAndNewlines.contains($0) }
    precondition(digits.count % 2 == 0, "odd-length hex string in a test vector")
    var bytes = [UInt8]()
    bytes.reserveCapacity(digits.count / 2)
    var iterator = digits.makeIterator()
    while let high = iterator.next(), let low = iterator.next() {
        guard let value = UInt8(String(high) + String(low), radix: 16) else {
            preconditionFailure("invalid hex digits \(high)\(low) in a test vector")
        }
        bytes.append(value)
    }
    return bytes
}

/// `Data` with the bytes of a hexadecimal string.
func apiData(hex: String) -> Data { Data(apiBytes(hex: hex)) }

/// Lowercase hexadecimal of any byte sequence.
func apiHex<S: Sequence>(_ bytes: S) -> String where S.Element == UInt8 {
    bytes.map { byte in
        let digits = String(byte, radix: 16)
        return digits.count == 1 ? "0" + digits : digits
    }.joined()
}

/// Lowercase hexadecimal of the bytes behind any `ContiguousBytes` value (a key, a digest).
func apiHex(contiguous value: some ContiguousBytes) -> String {
    value.withUnsafeBytes { apiHex($0) }
}

/// The bytes behind any `ContiguousBytes` value.
func apiArray(_ value: some ContiguousBytes) -> [UInt8] {
    value.withUnsafeBytes { Array($0) }
}

/// A `DispatchData` made of several separate regions, to exercise the paths that accept
/// non-contiguous `DataProtocol` input.
func apiMultiRegion(_ parts: [[UInt8]]) -> DispatchData {
    var result = DispatchData.empty
    for part in parts {
        part.withUnsafeBytes { result.append(DispatchData(bytes: $0)) }
    }
    return result
}
