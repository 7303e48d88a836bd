import ASN1DER
import Foundation

/// The KeyDescription extension (1.3.6.1.4.1.11129.2.1.17) a KeyMint writes into the leaf
/// of an attestation chain, with the tags and their placement real devices use:
/// application id and creation time software-enforced, the rest hardware-enforced.
enum KeyDescriptionWriter {
    struct KeyRequirements {
        var challenge: [UInt8]
        var biometricPerUse: Bool
        var creationTime: Date
    }

    static func extensionValue(profile: AndroidDeviceProfile, key: KeyRequirements) -> [UInt8] {
        var writer = DERWriter()
        writer.constructed { description in
            description.integer(profile.attestationVersion)
            description.integer(profile.securityLevel.rawValue, tag: .enumerated)
            description.integer(profile.attestationVersion)  // keyMintVersion follows the attestation version
            description.integer(profile.securityLevel.rawValue, tag: .enumerated)
            description.octetString(key.challenge)
            description.octetString([UInt8]())  // uniqueId: empty unless requested
            description.constructed { softwareEnforced in
                softwareEnforced.explicit(701) { $0.integer(Int64(key.creationTime.timeIntervalSince1970 * 1000)) }
                softwareEnforced.explicit(709) { $0.octetString(applicationID(profile)) }
            }
            description.constructed { hardwareEnforced in
                hardwareEnforced.explicit(1) { $0.constructed(.set) { $0.integer(2) } }  // purpose: SIGN
                hardwareEnforced.explicit(2) { $0.integer(3) }  // algorithm: EC
                hardwareEnforced.explicit(3) { $0.integer(256) }  // keySize
                hardwareEnforced.explicit(5) { $0.constructed(.set) { $0.integer(4) } }  // digest: SHA-256
                hardwareEnforced.explicit(10) { $0.integer(1) }  // ecCurve: P-256
                if key.biometricPerUse {
                    hardwareEnforced.explicit(504) { $0.integer(2) }  // userAuthType: biometric
                } else {
                    hardwareEnforced.explicit(503) { $0.null() }  // noAuthRequired
                }
                hardwareEnforced.explicit(702) { $0.integer(0) }  // origin: GENERATED
                hardwareEnforced.explicit(704) { rootOfTrust(profile, &$0) }
                hardwareEnforced.explicit(705) { $0.integer(profile.osVersion) }
                hardwareEnforced.explicit(706) { $0.integer(profile.osPatchLevel) }
                hardwareEnforced.explicit(718) { $0.integer(profile.osPatchLevel * 100 + 1) }  // vendorPatchLevel
                hardwareEnforced.explicit(719) { $0.integer(profile.osPatchLevel * 100 + 1) }  // bootPatchLevel
            }
        }
        return writer.bytes
    }

    private static func rootOfTrust(_ profile: AndroidDeviceProfile, _ writer: inout DERWriter) {
        writer.constructed { root in
            root.octetString([UInt8](repeating: 0x5B, count: 32))  // verifiedBootKey
            root.boolean(profile.deviceLocked)
            root.integer(profile.verifiedBootState.rawValue, tag: .enumerated)
            if profile.attestationVersion >= 3 {
                root.octetString([UInt8](repeating: 0x3C, count: 32))  // verifiedBootHash
            }
        }
    }

    /// AttestationApplicationId: `SEQUENCE { SET OF { packageName, version }, SET OF digest }`.
    private static func applicationID(_ profile: AndroidDeviceProfile) -> [UInt8] {
        var writer = DERWriter()
        writer.constructed { identifier in
            identifier.constructed(.set) { packages in
                packages.constructed { info in
                    info.octetString(Array(profile.packageName.utf8))
                    info.integer(profile.packageVersion)
                }
            }
            identifier.constructed(.set) { digests in
                // DER orders SET OF by encoding; equal-length OCTET STRINGs sort by content.
                for digest in profile.signingCertificateDigests.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
                    digests.octetString(digest)
                }
            }
        }
        return writer.bytes
    }
}

extension DERWriter {
    /// An EXPLICIT context tag `[number]` around what `body` writes.
    mutating func explicit(_ number: UInt32, _ body: (inout DERWriter) -> Void) {
        constructed(.context(number), body)
    }
}
