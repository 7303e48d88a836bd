#!/usr/bin/env python3
"""Enrols a test device on a running `devicetrust serve` and prints what it made, as JSON.

    scripts/enroll-test-device.py URL ADMIN_KEY_FILE [ACCOUNT_ID]

Used by scripts/schemathesis.sh, so that Schemathesis reaches the operations that need
state it cannot make itself (a device's keys sign, Schemathesis cannot): it enrols one
iOS device with a device key, a biometric key and the PIN 123456 for ACCOUNT_ID
(default acct-42), answers one unlock challenge with the biometric key for an access
token, and leaves one enrollment and one challenge open. It prints one JSON object:
accountId, deviceId, enrollmentId, challengeId, accessToken.

The keys are P-256 keys made and used with the OpenSSL command-line tool (installed by
scripts/install-deps.sh) in a temporary folder that is removed afterwards; the public keys
are sent as SPKI DER, the signatures are OpenSSL's DER, both base64url without padding.
Standard library only. Exits 1, naming the step, when the server refuses a step.
"""

import base64
import json
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


class Server:
    def __init__(self, url: str, admin_key: str):
        self.url = url.rstrip("/")
        self.admin_key = admin_key

    def post(self, step: str, path: str, body: dict, admin: bool = False, expect: int = 201) -> dict:
        request = urllib.request.Request(
            self.url + path, data=json.dumps(body).encode(), method="POST", headers={"Content-Type": "application/json"}
        )
        if admin:
            request.add_header("Authorization", "Bearer " + self.admin_key)
        try:
            with urllib.request.urlopen(request, timeout=10) as answer:
                status, text = answer.status, answer.read()
        except urllib.error.HTTPError as error:
            status, text = error.code, error.read()
        if status != expect:
            sys.exit(f"enroll-test-device: {step}: HTTP {status} instead of {expect}: {text[:300]!r}")
        return json.loads(text) if text else {}


class Key:
    """A P-256 key held by OpenSSL in `folder`."""

    def __init__(self, folder: str, name: str):
        self.folder = folder
        self.private = os.path.join(folder, name + ".pem")
        self.openssl("genpkey", "-algorithm", "EC", "-pkeyopt", "ec_paramgen_curve:P-256", "-out", self.private)
        self.spki = self.openssl("pkey", "-in", self.private, "-pubout", "-outform", "DER")

    def openssl(self, *arguments: str, stdin: bytes | None = None) -> bytes:
        return subprocess.run(["openssl", *arguments], input=stdin, capture_output=True, check=True).stdout

    def sign(self, message: bytes) -> str:
        return b64url(self.openssl("dgst", "-sha256", "-sign", self.private, stdin=message))

    def registration(self, payload: bytes) -> dict:
        return {"publicKey": b64url(self.spki), "proof": self.sign(payload)}


def main() -> None:
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.split("\n\n")[1])
    with open(sys.argv[2], encoding="utf-8") as file:
        server = Server(sys.argv[1], file.read().strip())
    account = sys.argv[3] if len(sys.argv) == 4 else "acct-42"

    with tempfile.TemporaryDirectory(prefix="devicetrust-test-device.") as folder:
        device_key, biometric_key = Key(folder, "device"), Key(folder, "biometric")

        enrollment = server.post("create enrollment", "/v1/enrollments", {"accountId": account}, admin=True)
        payload = unb64url(enrollment["signingPayload"])
        completion = {
            "platform": "ios",
            "deviceName": "Schemathesis test phone",
            "deviceKey": device_key.registration(payload),
            "biometricKey": biometric_key.registration(payload),
            "pin": "123456",
        }
        enrolled = server.post("complete enrollment", f"/v1/enrollments/{enrollment['enrollmentId']}/complete", completion)
        device_id = enrolled["deviceId"]

        unlock = {"deviceId": device_id, "key": "biometric", "purpose": "unlock"}
        challenge = server.post("create challenge", "/v1/challenges", unlock)
        answer = {"signature": biometric_key.sign(unb64url(challenge["signingPayload"]))}
        token = server.post("answer challenge", f"/v1/challenges/{challenge['challengeId']}/response", answer, expect=200)

        open_enrollment = server.post("create open enrollment", "/v1/enrollments", {"accountId": account}, admin=True)
        open_challenge = server.post("create open challenge", "/v1/challenges", unlock)

    print(
        json.dumps(
            {
                "accountId": account,
                "deviceId": device_id,
                "enrollmentId": open_enrollment["enrollmentId"],
                "challengeId": open_challenge["challengeId"],
                "accessToken": token["accessToken"],
            }
        )
    )


if __name__ == "__main__":
    main()
