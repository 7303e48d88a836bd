#!/bin/sh
# Regenerates the test-PKI receipts of this folder with OpenSSL 3.0 (`sh make.sh`), from
# apple-guide-payload.der and apple-guide-leaf.der (the payload and credential certificate
# of attestation-apple-guide-2024-prod's receipt, in ../app-attest). Certificates valid
# 2024-01-01 to 2044-01-01 (`openssl ca`, as `req`/`x509` of 3.0 take no start date).
set -eu
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
touch "$work/index.txt"
cat > "$work/ca.cnf" <<CNF
[ca]
default_ca = test
[test]
dir = $work
database = $work/index.txt
new_certs_dir = $work
serial = $work/serial
default_md = sha256
policy = any
unique_subject = no
[any]
commonName = supplied
[root]
basicConstraints = critical,CA:TRUE
keyUsage = critical,keyCertSign,cRLSign
[marked]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
1.2.840.113635.100.12.15 = DER:0500
[unmarked]
basicConstraints = critical,CA:FALSE
keyUsage = critical,digitalSignature
CNF
echo 01 > "$work/serial"
sign() { # name, subject, extensions, issuer options
    openssl ecparam -name prime256v1 -genkey -noout -out "$work/$1.key"
    openssl req -new -key "$work/$1.key" -subj "$2" -out "$work/$1.csr"
    openssl ca -batch -notext -config "$work/ca.cnf" -startdate 20240101000000Z -enddate 20440101000000Z \
        -extensions "$3" -in "$work/$1.csr" -out "$work/$1.pem" $4 2>/dev/null
}
sign root "/CN=DeviceTrust Test Receipt Root" root "-selfsign -keyfile $work/root.key -cert /dev/null"
sign marked "/CN=DeviceTrust Test Receipt Signing" marked "-keyfile $work/root.key -cert $work/root.pem"
sign unmarked "/CN=DeviceTrust Test Receipt Signing Without The Marker" unmarked "-keyfile $work/root.key -cert $work/root.pem"
python3 refreshed-payload.py "$work/refreshed-payload.der"
cms() { # payload, signer, output
    openssl cms -sign -binary -nodetach -noattr -md sha256 -stream -in "$1" -signer "$work/$2.pem" -inkey "$work/$2.key" \
        -certfile "$work/root.pem" -outform DER -out "$3"
}
cms apple-guide-payload.der marked attest-test-pki.der
cms apple-guide-payload.der unmarked attest-test-pki-unmarked-signer.der
cms "$work/refreshed-payload.der" marked refreshed-test-pki.der
openssl x509 -in "$work/root.pem" -outform DER -out root.der
