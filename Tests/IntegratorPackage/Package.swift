// swift-tools-version:6.0
//
// A backend package as an integrator writes it: next to a clone of DeviceTrust (the folder
// `../DeviceTrust`), depending on its `Attestation` product and nothing else. Not part of
// the DeviceTrust package: `ReadmeTests` copies it into `.build/integrator-package/`, next to
// a link `DeviceTrust` to the repository, adds the README's verifier code and builds it.
import PackageDescription

let package = Package(
    name: "IntegratorBackend",
    platforms: [.macOS(.v12)],
    dependencies: [
        .package(path: "../DeviceTrust")
    ],
    targets: [
        .target(
            name: "IntegratorBackend",
            dependencies: [.product(name: "Attestation", package: "DeviceTrust")]
        )
    ],
    swiftLanguageModes: [.v6]
)
