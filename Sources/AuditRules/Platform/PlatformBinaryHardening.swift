import AppBundle
import AuditKit

/// A built app's executable without the protections the toolchain gives for free:
/// position independence (ASLR), the stack protector, and automatic reference counting.
struct PlatformBinaryHardening: AuditRule {
    let metadata = RuleMetadata(
        id: "platform-binary-hardening",
        title: "Executable built without PIE, stack protector or ARC",
        severity: .medium,
        category: .platform,
        masvs: "MASVS-CODE-4",
        cwe: 693,
        rationale:
            "Xcode builds iOS executables position-independent (MH_PIE, so ASLR moves them at every launch), with the stack protector for C and Objective-C code (___stack_chk_fail / ___stack_chk_guard referenced) and with ARC (objc_release or swift_release referenced). An executable without them was built with flags that turn them off (-no-pie, -fno-stack-protector, -fno-objc-arc, manual retain/release): memory-corruption bugs in it are easier to exploit. Checked in the main executable and app extensions of a built app (.ipa or .app), for each architecture; the stack protector only where the binary calls the Objective-C runtime (pure Swift code has no canaries to place), ARC only where it does.",
        fix:
            "Build with Xcode's defaults: remove -no-pie, -fno-stack-protector and -fno-objc-arc from Other C Flags and Other Linker Flags, keep CLANG_ENABLE_OBJC_ARC = YES, and convert manual retain/release code to ARC."
    )

    let triggers: [String] = []

    let preCheck = PreCheck.only([.binary])

    func checkBinary(_ file: BinaryFile, project _: ProjectFacts) -> [Match] {
        var messages: [String] = []
        for image in file.images where file.isExecutable || image.fileType == .executable {
            var missing: [String] = []
            if image.fileType == .executable, !image.isPositionIndependent { missing.append("position independence (MH_PIE)") }
            let usesObjectiveC = image.symbols.contains("_objc_msgSend")
            if usesObjectiveC, !image.hasStackCanary { missing.append("the stack protector") }
            if usesObjectiveC, !image.usesAutomaticReferenceCounting { missing.append("ARC") }
            guard !missing.isEmpty else { continue }
            let message = "the \(image.architecture) executable is built without \(missing.joined(separator: ", "))"
            if !messages.contains(message) { messages.append(message) }
        }
        return messages.map { Match(BinaryLocation(section: "load commands", offset: 0), $0) }
    }
}
