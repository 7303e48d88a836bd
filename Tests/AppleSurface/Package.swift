// swift-tools-version:6.0
//
// The Apple-only files of DeviceTrust, compiled and run on Linux.
//
// `Surface/` declares the Apple API those files use (Security, LocalAuthentication,
// DeviceCheck, CryptoKit's SecureEnclave.P256, the Foundation networking pieces, UIKit,
// UniformTypeIdentifiers, os) with the signatures of Apple's SDK, under module names that no
// Apple framework has (`AppleSecurity`, …). `Linked/` holds symlinks to the root package's own
// source folders; those targets, and only those and the tests, see the surface under the real
// names through `-module-alias`, so their `#if canImport(Security)` branches compile here.
// `Emulation/` runs the surface on DeviceEmulator. A separate package, never a dependency of
// the root one: nothing an app links can ever see a module called `Security` from here
// (SwiftPM puts every module of a build in one folder, where `#if canImport(Security)` would
// find it; README, "Apple-only code on Linux").
import PackageDescription

/// `-module-alias Security=AppleSecurity` and so on: the real framework names, for the targets
/// that compile Apple-only code or test it.
let appleNames: [SwiftSetting] = [
    .unsafeFlags([
        "-module-alias", "Security=AppleSecurity",
        "-module-alias", "LocalAuthentication=AppleLocalAuthentication",
        "-module-alias", "DeviceCheck=AppleDeviceCheck",
        "-module-alias", "CryptoKit=AppleCryptoKit",
        "-module-alias", "UIKit=AppleUIKit",
        "-module-alias", "UniformTypeIdentifiers=AppleUniformTypeIdentifiers",
        "-module-alias", "os=AppleOS",
    ]),
    // Opens the `#if os(iOS) || os(macOS) …` conditions of files that need more than
    // `canImport` to be seen here; never set on a real platform.
    .define("DEVICETRUST_APPLE_SURFACE"),
]

let surface: [Target.Dependency] = [
    "AppleSecurity", "AppleLocalAuthentication", "AppleDeviceCheck", "AppleCryptoKit", "AppleUIKit", "AppleUniformTypeIdentifiers", "AppleOS",
]

var targets: [Target] = [
    // MARK: The declared Apple surface (no DeviceTrust code, no emulator)
    .target(name: "AppleSurfaceRuntime", path: "Surface/AppleSurfaceRuntime"),
    .target(name: "AppleSecurity", dependencies: ["AppleSurfaceRuntime"], path: "Surface/AppleSecurity"),
    .target(name: "AppleLocalAuthentication", dependencies: ["AppleSurfaceRuntime"], path: "Surface/AppleLocalAuthentication"),
    .target(name: "AppleDeviceCheck", dependencies: ["AppleSurfaceRuntime"], path: "Surface/AppleDeviceCheck"),
    .target(
        name: "AppleCryptoKit", dependencies: ["AppleSurfaceRuntime", "AppleSecurity", "AppleLocalAuthentication", "DeviceTrustCrypto"],
        path: "Surface/AppleCryptoKit"),
    .target(name: "AppleUIKit", dependencies: ["AppleSurfaceRuntime"], path: "Surface/AppleUIKit"),
    .target(name: "AppleUniformTypeIdentifiers", path: "Surface/AppleUniformTypeIdentifiers"),
    .target(name: "AppleOS", dependencies: ["AppleSurfaceRuntime"], path: "Surface/AppleOS"),

    // MARK: The root package's modules, compiled from its own folders (symlinks)
    .systemLibrary(name: "COpenSSL", path: "Linked/COpenSSL", pkgConfig: "openssl", providers: [.apt(["libssl-dev"])]),
    .target(name: "CodedErrors", path: "Linked/CodedErrors"),
    // Without the aliases: on Linux it must keep its OpenSSL branch.
    .target(name: "DeviceTrustCrypto", dependencies: ["COpenSSL"], path: "Linked/DeviceTrustCrypto"),
    .target(name: "SecureStorage", dependencies: ["DeviceTrustCrypto"] + surface, path: "Linked/SecureStorage", swiftSettings: appleNames),
    .target(name: "BiometricGate", dependencies: ["SecureStorage"] + surface, path: "Linked/BiometricGate", swiftSettings: appleNames),
    .target(name: "AppPrivacy", dependencies: surface, path: "Linked/AppPrivacy", swiftSettings: appleNames),
    .target(
        name: "DeviceEmulator", dependencies: ["SecureStorage", "DeviceTrustCrypto", "CodedErrors", "AppPrivacy", "BiometricGate"],
        path: "Linked/DeviceEmulator"),
    .target(name: "ASN1DER", path: "Linked/ASN1DER"),
    .target(name: "X509Certificates", dependencies: ["ASN1DER", "CodedErrors", "COpenSSL"], path: "Linked/X509Certificates"),
    .target(
        name: "Pinning", dependencies: ["X509Certificates", "DeviceTrustCrypto", "ASN1DER", "CodedErrors"] + surface, path: "Linked/Pinning",
        swiftSettings: appleNames),
    .target(name: "DeviceBinding", dependencies: ["DeviceTrustCrypto", "CodedErrors"], path: "Linked/DeviceBinding"),
    .target(
        name: "DeviceBindingClient", dependencies: ["DeviceBinding", "SecureStorage", "DeviceTrustCrypto"] + surface, path: "Linked/DeviceBindingClient",
        swiftSettings: appleNames),
    .target(
        name: "EmulatedAttestation",
        dependencies: ["ASN1DER", "X509Certificates", "DeviceTrustCrypto", "CodedErrors", "SecureStorage", "DeviceBindingClient"],
        path: "Linked/EmulatedAttestation"),

    // MARK: The surface running on DeviceEmulator
    .target(
        name: "AppleSurfaceEmulation",
        dependencies: [
            "AppleSurfaceRuntime", "DeviceEmulator", "SecureStorage", "DeviceTrustCrypto", "EmulatedAttestation", "DeviceBindingClient", "AppPrivacy",
        ],
        path: "Emulation/AppleSurfaceEmulation"),

    // MARK: Tests
    .testTarget(
        name: "AppleSurfaceTests",
        dependencies: [
            "AppleSurfaceEmulation", "SecureStorage", "BiometricGate", "DeviceEmulator", "DeviceBindingClient", "EmulatedAttestation", "Pinning", "AppPrivacy",
            "DeviceTrustCrypto", "X509Certificates",
        ] + surface,
        path: "Tests/AppleSurfaceTests", swiftSettings: appleNames),
    // The Keychain scenarios of SecureStorageTests (the same file, a symlink), with every
    // keychain behind `SystemKeychainBackend` on the surface (ScenarioBackend.swift).
    .testTarget(
        name: "KeychainScenarioTests", dependencies: ["AppleSurfaceEmulation", "SecureStorage", "DeviceEmulator", "DeviceTrustCrypto"],
        path: "Tests/KeychainScenarioTests"),
]

for target in targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("ExistentialAny")]
}

let package = Package(name: "AppleSurface", targets: targets)
