import Attestation
import Foundation
import RepositoryTestSupport
import Testing

/// "A backend team: the verifiers in your own server": `Tests/IntegratorPackage/` (a backend
/// package on the `Attestation` product, as an integrator writes it) copied into
/// `.build/integrator-package/` next to a link `DeviceTrust` to this repository, with the
/// README's Swift block added to its sources, built by the real SwiftPM with warnings as
/// errors; then the README's function (`Snippets/VerifyAppAttestEnrollment.swift`) run on
/// the real attestation of Apple's guide, whose receipt it verifies too.
enum AttestationLibraryRun {
    static func run(_ context: ReadmeRunContext) throws {
        let committed = RepositoryFiles.root.appendingPathComponent("Tests/IntegratorPackage")
        let sources = "Sources/IntegratorBackend"
        var files = ["Package.swift": try String(contentsOf: committed.appendingPathComponent("Package.swift"), encoding: .utf8)]
        for name in try FileManager.default.contentsOfDirectory(atPath: committed.appendingPathComponent(sources).path) {
            files["\(sources)/\(name)"] = try String(contentsOf: committed.appendingPathComponent("\(sources)/\(name)"), encoding: .utf8)
        }
        let block = context.blocks[0]
        files["\(sources)/" + (Snippets.file(holding: block.text) ?? "README-\(block.fenceLine).swift")] = block.text
        let package = try AppPackageRun.packageFolder(".build/integrator-package", named: "IntegratorBackend")
        try AppPackageRun.write(files, into: package, sources: sources)
        try AppPackageRun.build(package, context, "Tests/IntegratorPackage with the README's verifier code", as: "a backend package")
        try runOnARealAttestation()
    }

    /// The README's function accepts the attestation of Apple's guide, receipt included, at
    /// a moment both are valid, and refuses it today (the leaf expired in 2024).
    static func runOnARealAttestation() throws {
        let file = RepositoryFiles.root.appendingPathComponent("Tests/AttestationTests/Vectors/app-attest/attestation-apple-guide-2024-prod.json")
        let vector = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: Any])
        let field = { (name: String) in Data(base64Encoded: vector[name] as? String ?? "") ?? Data() }
        let appID = try #require(vector["app_id"] as? String)
        // 2024-04-19T00:00:00Z: inside the leaf's three days and after the receipt was made.
        let moment = Date(timeIntervalSince1970: 1_713_484_800)
        let verifier = AppAttestVerifier(appID: appID, environment: .production, now: { moment })
        let key = try verifyAppAttestEnrollment(
            attestation: field("attestation_b64"), keyID: field("key_id_b64"), clientDataHash: field("client_data_hash_b64"),
            verifier: verifier, now: moment)
        #expect(key.publicKey == field("public_key_x963_b64"))
        let today = AppAttestVerifier(appID: appID, environment: .production)
        #expect(throws: AttestationError(code: .chain)) {
            try verifyAppAttestEnrollment(
                attestation: field("attestation_b64"), keyID: field("key_id_b64"), clientDataHash: field("client_data_hash_b64"), verifier: today)
        }
    }
}
