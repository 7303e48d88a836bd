# A refreshed receipt's payload (type RECEIPT, risk metric 7, not-before), for the Apple
# guide's key: a DER SET OF SEQUENCE { type INTEGER, version INTEGER, value OCTET STRING }.
def der(tag, body):
    n = len(body)
    length = bytes([n]) if n < 128 else (bytes([0x81, n]) if n < 256 else bytes([0x82, n >> 8, n & 0xFF]))
    return bytes([tag]) + length + body
leaf = open("apple-guide-leaf.der", "rb").read()
fields = [
    (2, b"0352187391.com.apple.example_app_attest"), (3, leaf), (4, b"test_server_challenge"), (5, b"refreshed-token"),
    (6, b"RECEIPT"), (7, b"production"), (12, b"2024-04-18T17:00:00.5Z"), (17, b"7"), (19, b"2024-04-19T17:00:00.5Z"),
    (21, b"2024-07-17T17:00:00.5Z"),
]
attributes = [der(0x30, der(0x02, bytes([t])) + der(0x02, b"\x01") + der(0x04, v)) for t, v in fields]
import sys
open(sys.argv[1], "wb").write(der(0x31, b"".join(sorted(attributes))))
