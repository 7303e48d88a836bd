// libFuzzer harness: CBORDecoder.decode (and decodePrefix) over arbitrary bytes, then a
// walk of every decoded value through the accessors the App Attest verifier uses.
// The sources of Sources/Attestation/CBOR/ are compiled into this module (scripts/fuzz.sh),
// so internal API is visible. See Fuzz/README.md.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let value = try? CBORDecoder.decode(bytes) {
        visit(value, depth: 0)
        // What decodes once decodes the same as a prefix, ending at the end.
        let prefix = try? CBORDecoder.decodePrefix(bytes)
        precondition(prefix?.value == value && prefix?.end == bytes.count, "decode and decodePrefix disagree")
    }
    // A prefix decode from every small offset: App Attest decodes the COSE key from inside
    // the authenticator data this way.
    for start in 0..<min(bytes.count, 8) {
        if let (value, end) = try? CBORDecoder.decodePrefix(bytes, from: start) {
            precondition(end > start && end <= bytes.count, "decodePrefix ended outside the input")
            visit(value, depth: 0)
        }
    }
    _ = try? CBORDecoder.decode(bytes, limits: .init(maximumSize: 4096, maximumDepth: 3))
    return 0
}

private func visit(_ value: CBORValue, depth: Int) {
    precondition(depth <= CBORDecoder.Limits().maximumDepth + 1, "deeper than the limit")
    _ = value.integerValue
    _ = value.byteStringValue
    _ = value.textStringValue
    if let array = value.arrayValue {
        for item in array { visit(item, depth: depth + 1) }
    }
    if let map = value.mapValue {
        for entry in map.entries {
            precondition(map[entry.key] == entry.value, "a map lookup does not find its own key")
            visit(entry.key, depth: depth + 1)
            visit(entry.value, depth: depth + 1)
        }
        _ = map[text: "fmt"]
        _ = map[integer: -2]
        precondition(Set(map.keys).count == map.count, "a decoded map has duplicate keys")
    }
}
