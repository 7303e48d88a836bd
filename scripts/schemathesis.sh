#!/usr/bin/env bash
# Runs Schemathesis (PyPI `schemathesis` 4, installed by scripts/install-deps.sh) against a
# real `devicetrust serve` and fails on any finding.
#
#   scripts/schemathesis.sh [devicetrust-binary]     (default .build/checked/debug/devicetrust)
#
# The server runs on a free loopback port with a temporary data directory (SQLite), removed
# afterwards. Schemathesis gets docs/openapi.yaml with every check (`--checks all`: no 5xx,
# statuses, content types, headers and bodies as documented, valid data accepted, invalid
# data refused, authentication not ignored, …) and every phase, the stateful one included,
# which follows the document's links (enroll → complete → challenge → respond → redeem, the
# admin operations). schemathesis.toml at the repository root only widens the statuses
# expected of operations whose rules no schema can state, each with its reason.
#
# Schemathesis cannot sign, so before it runs scripts/enroll-test-device.py enrols a device
# (P-256 keys via the OpenSSL CLI) and makes an access token, an open enrollment and an
# open challenge. Their values are added as `example`s to a temporary copy of the document
# (nothing else in it changes), so the examples phase reaches a listed account, a usable
# device, an open challenge and a redeemable token.
#
# The server's log and Schemathesis's report are in the temporary folder, printed on failure.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
binary=${1:-"$root/.build/checked/debug/devicetrust"}
if [[ ! -x "$binary" ]]; then
    echo "schemathesis.sh: no devicetrust binary at $binary; build first (make test builds it)" >&2
    exit 2
fi
if ! command -v schemathesis >/dev/null 2>&1 && ! python3 -c 'import schemathesis' 2>/dev/null; then
    echo "schemathesis.sh: Schemathesis is not installed; run scripts/install-deps.sh" >&2
    exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/devicetrust-schemathesis.XXXXXX")
server_pid=
cleanup() {
    if [[ -n "$server_pid" ]]; then
        kill "$server_pid" 2>/dev/null || true
        wait "$server_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

fail() {
    echo "schemathesis.sh: $1" >&2
    echo "--- server log (last 40 lines) ---" >&2
    tail -n 40 "$work/server.log" >&2 || true
    exit 1
}

port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')
url="http://127.0.0.1:$port"
"$binary" serve --port "$port" --data-dir "$work/data" >"$work/server.out" 2>"$work/server.log" &
server_pid=$!

for _ in $(seq 1 200); do
    if curl -fsS "$url/healthz" >/dev/null 2>&1; then break; fi
    kill -0 "$server_pid" 2>/dev/null || fail "devicetrust serve exited before answering"
    sleep 0.05
done
curl -fsS "$url/healthz" >/dev/null 2>&1 || fail "devicetrust serve did not answer /healthz within 10 s"
key_file=$(sed -n 's/^admin key file: //p' "$work/server.out")
[[ -n "$key_file" && -r "$key_file" ]] || fail "devicetrust serve did not announce a readable admin key file"

python3 "$root/scripts/enroll-test-device.py" "$url" "$key_file" >"$work/enrolled.json" || fail "enrolling the test device failed"

# The document with the test device's values as examples: a JSON copy, nothing else changed.
python3 - "$root/docs/openapi.yaml" "$work/enrolled.json" "$work/openapi.json" <<'PYTHON'
import json
import sys

import yaml

document = yaml.safe_load(open(sys.argv[1], encoding="utf-8"))
made = json.load(open(sys.argv[2], encoding="utf-8"))
parameters = document["components"]["parameters"]
for name, key in [("AccountId", "accountId"), ("DeviceId", "deviceId"), ("EnrollmentId", "enrollmentId"), ("ChallengeId", "challengeId")]:
    parameters[name]["example"] = made[key]
paths = document["paths"]
challenge = paths["/v1/challenges"]["post"]["requestBody"]["content"]["application/json"]
for example in challenge["examples"].values():
    example["value"]["deviceId"] = made["deviceId"]
paths["/v1/tokens/redeem"]["post"]["requestBody"]["content"]["application/json"]["example"] = {"accessToken": made["accessToken"]}
json.dump(document, open(sys.argv[3], "w", encoding="utf-8"), indent=1)
PYTHON

admin_key=$(cat "$key_file")
started=$SECONDS
status=0
(
    # Run in the temporary folder, so that Schemathesis's cache folder goes with it.
    cd "$work"
    python3 -m schemathesis.cli --config-file "$root/schemathesis.toml" run "$work/openapi.json" \
        --url "$url" \
        --header "Authorization: Bearer $admin_key" \
        --checks all \
        --phases examples,coverage,fuzzing,stateful \
        --seed 1 \
        --no-color
) >"$work/report.txt" 2>&1 || status=$?
elapsed=$((SECONDS - started))

if [[ $status -ne 0 ]]; then
    cat "$work/report.txt" >&2
    fail "Schemathesis reported findings or failed (exit $status) after ${elapsed} s"
fi
if grep -Eq 'HTTP/1\.1" 5[0-9][0-9]|internal_error' "$work/server.log"; then
    fail "the server logged a 5xx answer"
fi
cat "$work/report.txt"
echo "schemathesis.sh: no findings (${elapsed} s)"
