#!/usr/bin/env python3
"""Writes the seed corpora of Fuzz/<harness>/corpus/ from the test vectors and fixtures.

Re-run after adding vectors: `python3 Fuzz/make-seeds.py`. Seeds are named by the SHA-256
of their content (first 16 hex digits), so re-running is idempotent; libFuzzer minimises
its own corpus, these files are only where it starts.

- DERCertificate: every distinct certificate (DER) in the Android and App Attest vectors
  and in Tests/X509CertificatesTests/Fixtures, and every distinct extension value.
- CBORDecoder: every App Attest attestation object and assertion (CBOR).
- KeyDescription: every distinct Android KeyDescription extension value (DER).
- HTTPRequest: three control bytes (body limit, chunk size, extra chunks) and a request:
  every DeviceTrust route with the bodies below, wrong methods, HEAD, odd paths and
  percent-escapes, queries, Content-Length forms, bodies over the limit.
- RouteJSON: a type byte and a JSON body: the openapi.yaml examples and test bodies of
  every request and answer, with real P-256 keys and strict-DER signatures over real
  payloads (deterministic ECDSA, fixed private scalars), and number/string edge cases.
- SigningPayload: payload texts of every kind, key and purpose, and one deviation each.
- MachOFile: small 64-bit and 32-bit images (executable, object, dylib) with a __cstring
  section, a symbol table, libraries and encryption info, a fat file of two, and cut ones.
- ZipArchive: small .ipa archives: deflated and stored entries, a folder, a symbolic link,
  an entry named with `..`, an empty archive, and a cut one.

`python3 Fuzz/make-seeds.py HTTPRequest RouteJSON` rewrites only those corpora.
"""
import base64, glob, hashlib, json, os, re, struct, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VECTORS = os.path.join(ROOT, "Tests/AttestationTests/Vectors")
FIXTURES = os.path.join(ROOT, "Tests/X509CertificatesTests/Fixtures")
PEM = re.compile(r"-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----", re.S)


def pem_certificates(text):
    return [base64.b64decode("".join(body.split())) for body in PEM.findall(text)]


def der_elements(data, offset=0):
    """(tag byte, content start, content end) of the top-level elements; minimal DER walk."""
    out = []
    while offset < len(data):
        tag = data[offset]; offset += 1
        if tag & 0x1F == 0x1F:
            while data[offset] & 0x80: offset += 1
            offset += 1
        length = data[offset]; offset += 1
        if length & 0x80:
            count = length & 0x7F
            length = int.from_bytes(data[offset:offset + count], "big"); offset += count
        out.append((tag, offset, offset + length)); offset += length
    return out


def extension_values(cert):
    """The extnValue contents of a certificate's extensions."""
    (_, start, end), = der_elements(cert)
    tbs = der_elements(cert[start:end])[0]
    values = []
    for tag, s, e in der_elements(cert[start:end][tbs[1]:tbs[2]]):
        if tag == 0xA3:
            body = cert[start:end][tbs[1]:tbs[2]][s:e]
            (_, ls, le), = der_elements(body)
            for _, xs, xe in der_elements(body[ls:le]):
                fields = der_elements(body[ls:le][xs:xe])
                _, vs, ve = fields[-1]
                values.append(body[ls:le][xs:xe][vs:ve])
    return values


def write(harness, blobs):
    folder = os.path.join(ROOT, "Fuzz", harness, "corpus")
    os.makedirs(folder, exist_ok=True)
    for old in glob.glob(os.path.join(folder, "*")):
        os.remove(old)
    names = set()
    for blob in blobs:
        name = hashlib.sha256(blob).hexdigest()[:16]
        names.add(name)
        with open(os.path.join(folder, name), "wb") as f:
            f.write(blob)
    print(f"{harness}: {len(names)} seeds")


def attestation_seeds(selected):
    certificates, key_descriptions, cbor = [], [], []
    for path in sorted(glob.glob(os.path.join(VECTORS, "android", "*.json"))):
        vector = json.load(open(path))
        if not isinstance(vector, dict) or "chain_pem" not in vector:
            continue
        for pem in vector["chain_pem"]:
            certificates += pem_certificates(pem)
        kd = (vector.get("expected") or {}).get("key_description_der_b64")
        if kd:
            key_descriptions.append(base64.b64decode(kd))
    for path in glob.glob(os.path.join(VECTORS, "**", "*.pem"), recursive=True) + \
            glob.glob(os.path.join(FIXTURES, "*.pem")):
        certificates += pem_certificates(open(path).read())
    for path in sorted(glob.glob(os.path.join(VECTORS, "app-attest", "*.json"))):
        vector = json.load(open(path))
        for key in ("attestation_b64", "assertion_b64"):
            if isinstance(vector, dict) and vector.get(key):
                cbor.append(base64.b64decode(vector[key]))

    certificates = list(dict.fromkeys(certificates))
    extensions = list(dict.fromkeys(value for cert in certificates for value in extension_values(cert)))
    # Hundreds of leaves differ only in keys and challenges: keep a sample, chosen by hash so
    # that re-running picks the same ones. libFuzzer finds the rest.
    by_hash = lambda blobs, n: sorted(blobs, key=lambda b: hashlib.sha256(b).digest())[:n]
    if "DERCertificate" in selected: write("DERCertificate", by_hash(certificates, 120) + by_hash(extensions, 120))
    if "CBORDecoder" in selected: write("CBORDecoder", list(dict.fromkeys(cbor)))
    if "KeyDescription" in selected: write("KeyDescription", list(dict.fromkeys(key_descriptions)))


# --- DeviceTrust wire protocol: signing payloads, route JSON bodies, HTTP requests ---------

def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


NONCE = bytes(range(32))
ACTION = {"to": "alice", "amount": "10.00", "currency": "EUR"}
EXPIRES = "2026-01-31T23:59:59Z"


def canonical(value):
    """RFC 8785 for the simple values used here (strings, integers, objects, arrays)."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def payload_text(kind="challenge", id="ch_123", nonce=NONCE, account="acct-42", device="dev-7",
                 key="biometric", purpose="unlock", action_sha256="", expires=EXPIRES):
    if kind == "enrollment":
        device, key, purpose = "", "", "enroll"
    lines = ["devicetrust-v1", f"kind: {kind}", f"id: {id}", f"nonce: {b64url(nonce)}", f"account: {account}",
             f"device: {device}", f"key: {key}", f"purpose: {purpose}", f"action-sha256: {action_sha256}",
             f"expires: {expires}"]
    return ("".join(line + "\n" for line in lines)).encode()


ACTION_SHA256 = hashlib.sha256(canonical(ACTION)).hexdigest()
ENROLLMENT = payload_text("enrollment", id="en_9")
CHALLENGES = [payload_text(key=key, purpose=purpose, action_sha256=ACTION_SHA256 if purpose == "action" else "")
              for key in ("device", "biometric")
              for purpose in ("unlock", "action", "pin_change", "rebind_biometric", "remove_device")]


def signing_payload_seeds():
    valid = [ENROLLMENT] + CHALLENGES + [
        payload_text(id="ch_" + "x" * 253),  # 256 bytes
        payload_text(id="Anna’s iPhone", account="konto-ø", device="端末-1"),
        payload_text(expires="0000-01-01T00:00:00Z"),
        payload_text(expires="9999-12-31T23:59:59Z"),
        payload_text(expires="2024-02-29T12:00:00Z"),
        payload_text(expires="1970-01-01T00:00:00Z"),
        payload_text(nonce=bytes([0xFF] * 32)),
        payload_text("enrollment", id="3q2-7wZmRlqgC0F8mZ4pXA", account="a"),
    ]
    good = CHALLENGES[0]
    invalid = [
        good.replace(b"\n", b"\r\n"),
        good[:-1],
        good.replace(b"devicetrust-v1", b"devicetrust-v2"),
        good.replace(b"devicetrust-v1", b"DeviceTrust-v1"),
        good + b"extra: 1\n",
        good.replace(b"kind: challenge\n", b""),
        good.replace(b"id: ch_123\nnonce", b"nonce").replace(b"account:", b"id: ch_123\naccount:"),
        good.replace(b"key: device", b"key:  device"),
        good.replace(b"key: device", b"key : device"),
        payload_text(nonce=NONCE[:31]),
        payload_text(nonce=NONCE).replace(b"Hh8\n", b"Hh8=\n"),
        payload_text(nonce=NONCE).replace(b"Hh8\n", b"Hh9\n"),  # non-zero unused bits
        payload_text(purpose="action", action_sha256=ACTION_SHA256.upper()),
        payload_text(purpose="action"),
        payload_text(purpose="unlock", action_sha256=ACTION_SHA256),
        payload_text(expires="2023-02-29T00:00:00Z"),
        payload_text(expires="2026-01-31T23:59:60Z"),
        payload_text(expires="2026-01-31t23:59:59z"),
        payload_text(expires="2026-01-31T23:59:59.5Z"),
        payload_text(expires="2026-01-31T23:59:59+00:00"),
        payload_text(id="ch_" + "x" * 254),  # 257 bytes
        payload_text(id=" ch_123"),
        payload_text(id="ch\u200b123"),
        payload_text(id="ch\t123"),
        payload_text(device=""),
        payload_text(key="face", purpose="unlock"),
        payload_text(purpose="enroll"),
        payload_text("enrollment").replace(b"device: \n", b"device: dev-7\n"),
        payload_text("enrollment").replace(b"purpose: enroll", b"purpose: unlock"),
        good.replace(b"acct-42", b"acct-\xff"),
        b"\xef\xbb\xbf" + good,
        b"",
        good[:200],
        payload_text(id="x" * 200) * 11,  # over 4096 bytes
    ]
    return valid + invalid


# Deterministic P-256 keys and RFC 6979 signatures, so re-running writes the same seeds.
def p256_material():
    from cryptography.hazmat.primitives import hashes, serialization
    from cryptography.hazmat.primitives.asymmetric import ec
    keys = [ec.derive_private_key(scalar, ec.SECP256R1()) for scalar in (0x1D2C3B4A, 0x5E6F7081, 0x92A3B4C5)]
    sign = lambda key, data: key.sign(data, ec.ECDSA(hashes.SHA256(), deterministic_signing=True))
    x963 = lambda key: key.public_key().public_bytes(serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint)
    spki = lambda key: key.public_key().public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)
    return keys, sign, x963, spki


def json_body(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False).encode()


def route_bodies():
    """(type index, body) for every message type, as RouteJSONFuzz.typeNames orders them."""
    keys, sign, x963, spki = p256_material()
    device, biometric, newkey = keys
    registration = lambda key, form=x963, data=ENROLLMENT: {"publicKey": b64url(form(key)), "proof": b64url(sign(key, data))}
    certificate = open(os.path.join(FIXTURES, "intermediate-p256.der"), "rb").read()
    fixture_spki = open(os.path.join(FIXTURES, "intermediate-p256.spki.der"), "rb").read()
    challenge = CHALLENGES[0]
    signature = b64url(sign(device, challenge))
    raw_rs = lambda der: b64url(der[4:4 + der[3]].rjust(32, b"\0")[-32:] + der[6 + der[3]:].rjust(32, b"\0")[-32:])
    bodies = {i: [] for i in range(12)}
    bodies[0] += [json_body({"accountId": "acct-42"}), b'{ "accountId" : "acct-42" }\n', json_body({"accountId": "Анна@example"}),
                  b'{"accountId":"acct-42","extra":[1,{"x":null}]}', b'{"accountId":42}', b'{}', b'{"accountId":"a","accountId":"b"}']
    bodies[1] += [
        json_body({"platform": "ios", "deviceName": "Anna's iPhone", "deviceKey": registration(device),
                   "biometricKey": registration(biometric), "pin": "123456",
                   "appAttest": {"keyId": "bWFkZS11cC1rZXktaWQ=", "attestation": b64url(b"o\x63fmt\x6fapple-appattest")}}),
        json_body({"platform": "android", "deviceName": "Pixel 8", "deviceKey": {**registration(device, spki), "attestationChain": [b64url(certificate)]},
                   "pin": "000000000000"}),
        json_body({"platform": "android", "deviceName": "Pixel", "deviceKey": {"publicKey": b64url(fixture_spki), "proof": "MEUCIQ"}}),
        json_body({"platform": "ios", "deviceName": "x", "deviceKey": registration(device), "biometricKey": None, "pin": None}),
        json_body({"platform": "ios", "deviceName": "x", "deviceKey": {"publicKey": b64url(b"\x04" + bytes(64)), "proof": signature}, "pin": "12"}),
        json_body({"platform": "windows", "deviceName": "x", "deviceKey": registration(device), "pin": 123456}),
        json_body({"platform": "ios", "deviceName": "x", "deviceKey": {"publicKey": b64url(x963(device)) + "=", "proof": raw_rs(sign(device, ENROLLMENT))}}),
    ]
    bodies[2] += [
        json_body({"deviceId": "3q2-7wZmRlqgC0F8mZ4pXA", "key": "biometric", "purpose": "unlock"}),
        json_body({"deviceId": "3q2-7wZmRlqgC0F8mZ4pXA", "key": "biometric", "purpose": "action",
                   "action": {"type": "transfer", "amount": "120.00", "currency": "EUR", "to": "DE89370400440532013000"}}),
        b'{"deviceId":"dev-1","key":"device","purpose":"action","action":{"amount":12.5,"to":"ACME","tags":["a",null,true,false,-0,1e3],"deep":{"x":{}}}}',
        b'{"deviceId":"dev-1","key":"device","purpose":"action","action":[1e21,1E-7,333333333.33333329,4.50,123456789012345678901,5e-324,1.7976931348623157e308]}',
        b'{"deviceId":"dev-1","key":"device","purpose":"action","action":"\\u00e9\\u0065\\u0301\\ud83d\\ude00\\u2028\\/"}',
        b'{"deviceId":"dev-1","key":"device","purpose":"action","action":[1e-400,0e5]}',  # known issue
        b'{"deviceId":"dev-1","key":"device","purpose":"pin_change"}',
        b'{"deviceId":"dev-1","key":"device","purpose":"rebind_biometric","action":null}',
        b'{"deviceId":"dev-1","key":"laptop","purpose":"remove_device"}',
        b'{"deviceId":"dev-1","key":"device"}',
        b'["deviceId"]',
    ]
    bodies[3] += [
        json_body({"signature": signature}),
        json_body({"signature": b64url(sign(device, CHALLENGES[2])), "pin": "123456", "newPin": "6543210"}),
        json_body({"signature": signature, "pin": "123456", "newBiometricKey": registration(newkey, data=CHALLENGES[3])}),
        json_body({"signature": signature, "appAttestAssertion": b64url(b"\xa2iauthenticatorData")}),
        json_body({"signature": raw_rs(sign(device, challenge))}),
        b'{"signature":"MEUCIQ","pin":123456}',
        b'{"pin":"123456"}',
    ]
    bodies[4] += [json_body({"enrollmentId": "en_9", "signingPayload": b64url(ENROLLMENT), "expiresAt": EXPIRES}),
                  json_body({"enrollmentId": "en_9", "signingPayload": b64url(challenge), "expiresAt": "2026-01-31T23:59:59.000Z"})]
    bodies[5] += [json_body({"deviceId": "3q2-7wZmRlqgC0F8mZ4pXA", "accountId": "acct-42", "keys": ["device", "biometric"]}),
                  json_body({"deviceId": "d", "accountId": "a", "keys": [],
                             "attestation": {"device": {"platform": "android", "format": "android-key", "securityLevel": "StrongBox"}}})]
    bodies[6] += [json_body({"challengeId": "ch_123", "signingPayload": b64url(p), "expiresAt": EXPIRES}) for p in CHALLENGES[:5]]
    bodies[7] += [b'{"accessToken":"eyJhbGciOiJFUzI1NiIsImtpZCI6IngifQ.eyJzdWIiOiJhY2N0LTQyIn0.c2ln","tokenType":"Bearer","expiresIn":300}',
                  b'{"accessToken":"a\\u007f\\u2028b","tokenType":"Bearer","expiresIn":9007199254740993}',
                  b'{"accessToken":"t","tokenType":"Bearer","expiresIn":1e2}']
    bodies[8] += [json_body({"devices": [
        {"deviceId": "d1", "deviceName": "Anna's iPhone", "platform": "ios", "createdAt": EXPIRES, "lastUsedAt": None,
         "revoked": False, "keys": ["device", "biometric"],
         "attestation": {"device": {"platform": "ios", "format": "apple-appattest", "environment": "production"}}},
        {"deviceId": "d2", "deviceName": "Pixel", "platform": "android", "createdAt": "2025-12-01T08:00:00Z",
         "lastUsedAt": "2026-01-02T03:04:05Z", "revoked": True, "keys": ["device"]}]}), b'{"devices":[]}',
        # Two bad entries in one dictionary: JSONDecoder reports either, by iteration order.
        b'{"devices":[{"deviceId":"d","deviceName":"n","platform":"ios","createdAt":"2026-01-31T23:59:59Z",'
        b'"lastUsedAt":null,"revoked":false,"keys":[],"attestation":{"device":{"platform":"ios"},"biometric":{"format":"x"}}}]}']
    problems = [
        ("malformed_request", "Malformed request", 400, "missing member deviceKey", None), ("unauthorized", "Unauthorized", 401, None, None),
        ("not_found", "Not found", 404, "no such device", None), ("challenge_consumed", "Challenge already used", 409, None, None),
        ("challenge_expired", "Challenge expired", 410, None, None), ("signature_invalid", "Signature invalid", 403, None, None),
        ("pin_invalid", "PIN invalid", 403, "the PIN is wrong", 3), ("device_revoked", "Device revoked", 403, None, None),
        ("attestation_invalid", "Attestation invalid", 403, "the appAttest attestation is missing or does not verify", None),
        ("key_not_enrolled", "Key not enrolled", 403, None, None), ("rate_limited", "Too many requests", 429, None, None),
    ]
    for code, title, status, detail, remaining in problems:
        problem = {"type": f"urn:devicetrust:problem:{code}", "title": title, "status": status, "code": code}
        if detail: problem["detail"] = detail
        if remaining is not None: problem["attemptsRemaining"] = remaining
        bodies[9].append(json_body(problem))
    bodies[9] += [b'{"type":"about:blank","title":"Payload Too Large","status":413,"code":"payload_too_large"}',
                  b'{"type":"about:blank","title":"Method Not Allowed","status":405,"code":"method_not_allowed"}']
    bodies[10] += [json_body({"accessToken": "eyJhbGciOiJFUzI1NiJ9.eyJqdGkiOiJ4In0.c2ln"}), b'{"accessToken":""}', b'{"accessToken":7}',
                   b'{"accessToken":"a.b.c","extra":true}', b'{}']
    bodies[11] += [b'[1e308,-1e308,5e-324,2.2250738585072014e-308,0.1,1e21,1e-7,-0,0.0,123456789012345678901234567890,9007199254740993]',
                   b'[1e-400, 0e5, 0e+5, 1E400]', b'"\\u0000\\u001f\\ud800"', b'{"\\u00e9":1,"e\\u0301":2}', b'{"a":1,"a":2}',
                   b'\xef\xbb\xbf{}', b' [ ] x', b'\t\n\r {"k" : [ true , false , null ] } \n',
                   b'[' * 32 + b']' * 32, b'[' * 33 + b']' * 33, b'{"\\ud83d\\ude00":"\xf0\x9f\x98\x80","\xef\xbf\xbf":"\\/"}']
    return [(index, body) for index in range(12) for body in bodies[index]]


def route_json_seeds():
    return [bytes([index]) + body for index, body in route_bodies()]


ADMIN = "Bearer " + b64url(bytes(range(100, 132)))
ID = "3q2-7wZmRlqgC0F8mZ4pXA"


def request(method, target, headers=(), body=b"", limit=9, chunk=0, drain=0, length=True, crlf=True):
    eol = b"\r\n" if crlf else b"\n"
    lines = [f"{method} {target} HTTP/1.1".encode(), b"Host: 127.0.0.1:8443"]
    lines += [f"{name}: {value}".encode() if isinstance(value, str) else name.encode() + b": " + value for name, value in headers]
    if body and length:
        lines.append(f"Content-Length: {len(body)}".encode())
    return bytes([limit, chunk, drain]) + eol.join(lines) + eol + eol + body


def http_request_seeds():
    bodies = dict()
    for index, body in route_bodies():
        bodies.setdefault(index, body)
    json_type = [("Content-Type", "application/json")]
    admin = [("Authorization", ADMIN)]
    seeds = [
        request("POST", "/v1/enrollments", admin + json_type, bodies[0]),
        request("POST", f"/v1/enrollments/{ID}/complete", json_type, bodies[1], chunk=200),
        request("POST", "/v1/challenges", json_type, bodies[2], chunk=17),
        request("POST", f"/v1/challenges/{ID}/response", json_type, bodies[3]),
        request("POST", "/v1/tokens/redeem", admin + json_type, bodies[10]),
        request("GET", "/v1/accounts/acct-42/devices", admin),
        request("DELETE", f"/v1/devices/{ID}", admin),
        request("GET", "/.well-known/jwks.json"),
        request("GET", "/healthz", crlf=False),
        request("GET", "/readyz"),
        request("GET", "/metrics", [("Accept", "text/plain")]),
        request("HEAD", "/healthz"),
        request("HEAD", "/v1/accounts/acct-42/devices", admin),
        request("OPTIONS", "/v1/challenges"),
        request("OPTIONS", "*"),
        request("GET", "/v1/enrollments"),
        request("PUT", f"/v1/devices/{ID}", json_type, b"{}"),
        request("get", "/healthz"),
        request("POST", "/v1/nothing", json_type, b"{}"),
        request("POST", "/v1/enrollments/", admin),
        request("POST", "//v1/enrollments", admin),
        request("POST", "/v1/enrollments//complete"),
        request("POST", f"/v1/challenges/{ID}/response/"),
        request("GET", "/v1/accounts/acct%2042/devices?limit=10&x&y=%41+b", admin),
        request("DELETE", "/v1/devices/a%2Fb", admin),
        request("DELETE", "/v1/devices/%00x", admin),
        request("DELETE", "/v1/devices/caf%C3%A9", admin),
        request("DELETE", "/v1/devices/a/%CC%81b", admin),  # known issue: / and a combining mark
        request("GET", "/healthz?", []),
        request("GET", "http://127.0.0.1/healthz"),
        b"\x09\x00\x00GET /healthz HTTP/1.0\n\n",
        b"\x09\x00\x00GET /healthz\n\n",
        # Bodies and limits.
        request("POST", "/v1/challenges", json_type, bodies[2], limit=4),  # declared over 16 bytes: early 413
        request("POST", "/v1/challenges", json_type + [("Transfer-Encoding", "chunked")], bodies[2], limit=4, chunk=7, length=False),
        request("POST", "/v1/challenges", [("Transfer-Encoding", "chunked")], b"x" * 300, limit=0, chunk=64, drain=40, length=False),
        request("POST", "/v1/challenges", [("Transfer-Encoding", "chunked")], b"", limit=9, chunk=0, drain=20, length=False),
        request("POST", "/v1/challenges", [("Transfer-Encoding", "chunked")], b"", limit=9, chunk=0, drain=33, length=False),
        request("POST", "/v1/challenges", [("Content-Length", "99999999999999999999999")], limit=9),
        request("POST", "/v1/challenges", [("Content-Length", "+99999999999999999999999")], limit=9),
        request("POST", "/v1/challenges", [("Content-Length", "+5")], b"hello", limit=1, length=False),
        request("POST", "/v1/challenges", [("Content-Length", "-1")], b"hello", limit=1, length=False),
        request("POST", "/v1/challenges", [("Content-Length", "0x10")], b"hello", limit=1, length=False),
        request("POST", "/v1/challenges", [("Content-Length", "0000000000000000000000007")], b"1234567", limit=3, length=False),
        request("POST", "/v1/challenges", [("Content-Length", "16"), ("content-length", "9999999")], b"x" * 16, limit=4, length=False),
        request("POST", "/v1/challenges", [("content-LENGTH", "65537")], limit=9, length=False),
        request("POST", "/v1/challenges", [("Content-Length", "65536")], b"", limit=9, drain=16, length=False),
        request("POST", "/v1/challenges", [], b"{}", limit=0),
        # Header oddities.
        request("GET", "/healthz", [("X-Empty", ""), ("X-Tab", "\t v \t"), ("Authorization", "Bearer a"), ("authorization", "Bearer b")]),
        request("GET", "/healthz", [("X-Naïve", "ü"), ("X-Bytes", b"\xff\xfe"), ("X-Colon", "a:b:c")]),
        b"\x09\x00\x00GET /healthz HTTP/1.1\r\nNoColonHere\r\n: no name\r\n\r\n",
    ]
    return seeds


def macho_image(is64=True, filetype=2, pie=True, strings=(b"viewDidLoad", b"http://api.mybank-online.com/v1"),
                symbols=(b"_objc_msgSend", b"___stack_chk_fail", b"_main"), libraries=(b"/usr/lib/libobjc.A.dylib",), cryptid=0):
    """A little-endian Mach-O image like Tests/AuditorTests/Support/MachOBuilder.swift writes."""
    header_size = 32 if is64 else 28
    cstrings = b"".join(s + b"\0" for s in strings)
    table = b"\0"
    name_offsets = []
    for symbol in symbols:
        name_offsets.append(len(table))
        table += symbol + b"\0"
    libs = []
    for library in libraries:
        name = library + b"\0"
        while (24 + len(name)) % 8:
            name += b"\0"
        libs.append(struct.pack("<6I", 0xC, 24 + len(name), 24, 2, 0x10000, 0x10000) + name)
    segment_size = (72 + 80) if is64 else (56 + 68)
    encryption = b""
    if cryptid is not None:
        encryption = struct.pack("<6I", 0x2C if is64 else 0x21, 24 if is64 else 20, 0x4000, 0x1000, cryptid, 0)[: 24 if is64 else 20]
    commands_size = segment_size + 24 + len(encryption) + sum(len(l) for l in libs)
    strings_offset = header_size + commands_size
    symbols_offset = strings_offset + len(cstrings)
    table_offset = symbols_offset + len(symbols) * (16 if is64 else 12)
    flags = 0x200085 if pie else 0x85
    count = 2 + (1 if encryption else 0) + len(libs)
    out = struct.pack("<7I", 0xFEEDFACF if is64 else 0xFEEDFACE, 0x0100000C if is64 else 12, 0 if is64 else 9, filetype, count, commands_size, flags)
    if is64:
        out += struct.pack("<I", 0)
        out += struct.pack("<II16sQQQQIIII", 0x19, segment_size, b"__TEXT", 0, len(cstrings), strings_offset, len(cstrings), 5, 5, 1, 0)
        out += struct.pack("<16s16sQQIIIIIIII", b"__cstring", b"__TEXT", 0, len(cstrings), strings_offset, 0, 0, 0, 2, 0, 0, 0)
    else:
        out += struct.pack("<II16sIIIIIIII", 0x1, segment_size, b"__TEXT", 0, len(cstrings), strings_offset, len(cstrings), 5, 5, 1, 0)
        out += struct.pack("<16s16sIIIIIIIII", b"__cstring", b"__TEXT", 0, len(cstrings), strings_offset, 0, 0, 0, 2, 0, 0)
    out += struct.pack("<6I", 0x2, 24, symbols_offset, len(symbols), table_offset, len(table))
    out += encryption + b"".join(libs) + cstrings
    for offset in name_offsets:
        out += struct.pack("<IBBHQ", offset, 1, 0, 0, 0) if is64 else struct.pack("<IBBHI", offset, 1, 0, 0, 0)
    return out + table


def macho_seeds():
    arm64 = macho_image()
    x86 = macho_image(pie=False, symbols=(b"_objc_msgSend",), libraries=(), cryptid=None)
    fat = struct.pack(">II", 0xCAFEBABE, 2)
    fat += struct.pack(">5I", 0x0100000C, 0, 4096, len(arm64), 12) + struct.pack(">5I", 0x01000007, 3, 8192, len(x86), 12)
    fat = fat.ljust(4096, b"\0") + arm64
    fat = fat.ljust(8192, b"\0") + x86
    return [arm64, x86, macho_image(is64=False), macho_image(filetype=1, cryptid=None), macho_image(filetype=6, strings=()), fat,
            arm64[:60], fat[:40], b"\xcf\xfa\xed\xfe" + b"\0" * 24]


def zip_seeds():
    import io
    import zipfile

    def archive(entries):
        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w") as zf:
            for name, data, kind in entries:
                info = zipfile.ZipInfo(name)
                info.compress_type = zipfile.ZIP_STORED if kind == "stored" else zipfile.ZIP_DEFLATED
                if kind == "link":
                    info.create_system = 3
                    info.external_attr = (0o120777 << 16)
                if kind == "folder":
                    info.external_attr = (0o040755 << 16) | 0x10
                zf.writestr(info, data)
        return buffer.getvalue()

    plist = b'<?xml version="1.0"?><plist version="1.0"><dict><key>CFBundleExecutable</key><string>Bank</string></dict></plist>'
    ipa = archive([("Payload/", b"", "folder"), ("Payload/Bank.app/Info.plist", plist, "deflate"),
                   ("Payload/Bank.app/Bank", macho_image(), "deflate"), ("Payload/Bank.app/PkgInfo", b"APPL????", "stored"),
                   ("Payload/Bank.app/passwd", b"/etc/passwd", "link")])
    return [ipa, archive([("Payload/../evil", b"x", "deflate")]), archive([]), archive([("a.json", b"{}" * 3000, "deflate")]), ipa[: len(ipa) // 2]]


HARNESSES = {
    "DERCertificate": None, "CBORDecoder": None, "KeyDescription": None,
    "HTTPRequest": http_request_seeds, "RouteJSON": route_json_seeds, "SigningPayload": signing_payload_seeds,
    "MachOFile": macho_seeds, "ZipArchive": zip_seeds,
}

if __name__ == "__main__":
    selected = sys.argv[1:] or list(HARNESSES)
    unknown = [name for name in selected if name not in HARNESSES]
    if unknown:
        sys.exit(f"make-seeds.py: unknown harness {', '.join(unknown)} ({', '.join(HARNESSES)})")
    if any(HARNESSES[name] is None for name in selected):
        attestation_seeds(selected)
    for name in selected:
        if HARNESSES[name]:
            write(name, list(dict.fromkeys(HARNESSES[name]())))
