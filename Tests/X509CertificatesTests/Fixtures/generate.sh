#!/bin/sh
# Regenerates the test PKI in this folder with the openssl CLI (3.0 or later).
# Keys are made in a temporary folder and thrown away; serials, names and dates are
# fixed, so the values the tests record stay true after a re-run (the keys, SPKIs and
# signatures change; the tests read those from the files).
#
#   cd Tests/X509CertificatesTests/Fixtures && sh generate.sh
set -eu
out=$(pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"

# One `openssl ca` configuration for every certificate; sections pick the extensions.
cat > ca.cnf <<'CNF'
[ ca ]
default_ca = test_ca
[ test_ca ]
database = index.txt
new_certs_dir = .
serial = serial.txt
default_md = sha256
policy = any
unique_subject = no
copy_extensions = none
email_in_dn = no
[ any ]
commonName = supplied
organizationName = optional
countryName = optional
[ req ]
distinguished_name = dn
prompt = no
[ dn ]
CN = placeholder
[ root ]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[ intermediate ]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
[ leaf ]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
subjectAltName = DNS:device.example
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
# App Attest's nonce extension: SEQUENCE { [1] EXPLICIT OCTET STRING (32 bytes) }
1.2.840.113635.100.8.2 = ASN1:SEQUENCE:nonce
[ nonce ]
field = EXPLICIT:1C,FORMAT:HEX,OCTETSTRING:000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f
CNF

# sign NAME KEYTYPE SUBJECT ISSUER SERIAL_HEX START END EXTENSIONS [DIGEST]
# ISSUER is the NAME of an earlier certificate, or "self". Dates are YYYYMMDDHHMMSSZ;
# openssl writes UTCTime up to 2049 and GeneralizedTime from 2050 (RFC 5280).
sign() {
    name=$1 keytype=$2 subject=$3 issuer=$4 serial=$5 start=$6 end=$7 section=$8 digest=${9:-sha256}
    case $keytype in
    p256) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$name.key" ;;
    p384) openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-384 -out "$name.key" ;;
    rsa2048) openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$name.key" ;;
    esac
    openssl req -new -config ca.cnf -key "$name.key" -subj "$subject" -out "$name.csr"
    : > index.txt
    echo "$serial" > serial.txt
    if [ "$issuer" = self ]; then
        set -- -selfsign -keyfile "$name.key"
    else
        set -- -cert "$issuer.pem" -keyfile "$issuer.key"
    fi
    openssl ca -batch -config ca.cnf -notext -md "$digest" -extensions "$section" \
        -startdate "$start" -enddate "$end" "$@" -in "$name.csr" -out "$name.pem"
    openssl x509 -in "$name.pem" -outform der -out "$out/$name.der"
    openssl x509 -in "$name.pem" -out "$out/$name.pem"
    openssl x509 -in "$name.pem" -pubkey -noout | openssl pkey -pubin -outform der -out "$out/$name.spki.der"
}

sign root-p384 p384 "/O=DeviceTrust Tests/CN=DeviceTrust Test Root P-384" self \
    01 20240101000000Z 20600101000000Z root sha384
sign intermediate-p256 p256 "/O=DeviceTrust Tests/CN=DeviceTrust Test Intermediate P-256" root-p384 \
    8a3c5e7f90112233 20240101000000Z 20400101000000Z intermediate sha384
sign intermediate-rsa rsa2048 "/O=DeviceTrust Tests/CN=DeviceTrust Test Intermediate RSA" root-p384 \
    00f1 20240101000000Z 20491231235959Z intermediate sha384
sign leaf-p256 p256 "/C=CH/O=DeviceTrust Tests/CN=Device Leaf" intermediate-p256 \
    0100 20250101000000Z 20270101000000Z leaf
sign leaf-rsa-issued p256 "/O=DeviceTrust Tests/CN=Leaf from the RSA intermediate" intermediate-rsa \
    7fffffffffffffffffff 20250101000000Z 20270101000000Z leaf
sign leaf-expired p256 "/O=DeviceTrust Tests/CN=Expired Leaf" intermediate-p256 \
    02 20240101000000Z 20240701000000Z leaf
sign leaf-not-yet-valid p256 "/O=DeviceTrust Tests/CN=Not Yet Valid Leaf" intermediate-p256 \
    03 20350101000000Z 20360101000000Z leaf
sign other-root p256 "/O=DeviceTrust Tests/CN=DeviceTrust Other Root" self \
    01 20240101000000Z 20600101000000Z root
sign other-intermediate p256 "/O=DeviceTrust Tests/CN=DeviceTrust Test Intermediate P-256" other-root \
    8a3c5e7f90112233 20240101000000Z 20400101000000Z intermediate
sign other-leaf p256 "/C=CH/O=DeviceTrust Tests/CN=Device Leaf" other-intermediate \
    0100 20250101000000Z 20270101000000Z leaf

cat "$out/root-p384.pem" "$out/intermediate-p256.pem" "$out/intermediate-rsa.pem" > "$out/bundle.pem"
echo "generated in $out"
