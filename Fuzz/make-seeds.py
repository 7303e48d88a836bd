#!/usr/bin/env python3
"""Writes the seed corpora of Fuzz/<harness>/corpus/ from the test vectors and fixtures.

Re-run after adding vectors: `python3 Fuzz/make-seeds.py`. Seeds are named by the SHA-256
of their content (first 16 hex digits), so re-running is idempotent; libFuzzer minimises
its own corpus, these files are only where it starts.

- DERCertificate: every distinct certificate (DER) in the Android and App Attest vectors
  and in Tests/X509CertificatesTests/Fixtures, and every distinct extension value.
- CBORDecoder: every App Attest attestation object and assertion (CBOR).
- KeyDescription: every distinct Android KeyDescription extension value (DER).
"""
import base64, glob, hashlib, json, os, re

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
write("DERCertificate", by_hash(certificates, 120) + by_hash(extensions, 120))
write("CBORDecoder", list(dict.fromkeys(cbor)))
write("KeyDescription", list(dict.fromkeys(key_descriptions)))
