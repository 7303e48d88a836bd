import Foundation
import SwiftSyntax
import AuditKit

/// Privacy-protected APIs (Face ID, camera, microphone, photos, location, contacts,
/// tracking, Bluetooth, calendars, speech) used without their `NS…UsageDescription` in
/// the Info.plist: the system kills the app on first access (or silently fails the
/// request), and App Review rejects it. Also flags empty or placeholder descriptions.
struct AuthUsageDescriptionMissing: AuditRule {
    let metadata = RuleMetadata(
        id: "auth-usage-description-missing",
        title: "Protected API used without its Info.plist usage description",
        severity: .medium,
        category: .auth,
        masvs: "MASVS-PRIVACY-1",
        rationale:
            "iOS requires a purpose string in the Info.plist for each protected resource. Without NSCameraUsageDescription, NSMicrophoneUsageDescription, NSPhotoLibraryUsageDescription or NSContactsUsageDescription the process is killed on first access (\"attempted to access privacy-sensitive data without a usage description\"); without NSFaceIDUsageDescription Face ID fails on Face ID devices; location and tracking requests fail silently without theirs. An empty or placeholder string is rejected by App Review and tells users nothing about why access is needed (unless the project's InfoPlist.strings give that key a text: then it is localized there). Keys Xcode generates from INFOPLIST_KEY_* build settings (project.pbxproj, xcconfig) count as declared; with a partial Info.plist and no project file, nothing is reported.",
        fix:
            "Add the matching key to the Info.plist with a sentence that says what the feature does with the resource (\"Scan the cheque you deposit\"), and ask at the moment the user starts that feature, not at launch."
    )

    let skipsTestCode = true

    let triggers = [
        "evaluatePolicy", "requestAccess", "AVCaptureDevice", "defaultDeviceWithMediaType", "sourceType", "SourceTypeCamera",
        "VNDocumentCameraViewController", "DataScannerViewController", "requestRecordPermission", "AVAudioRecorder",
        "requestAuthorization", "UIImageWriteToSavedPhotosAlbum", "requestWhenInUseAuthorization", "requestAlwaysAuthorization",
        "requestTrackingAuthorization", "CBCentralManager", "CBPeripheralManager", "SFSpeechRecognizer", "requestFullAccessToEvents",
        "UsageDescription",
    ]

    static func infoPlist(_ entries: [(String, String)]) -> String {
        let body = entries.map { "    <key>\($0.0)</key>\n    <string>\($0.1)</string>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
                <key>CFBundleIdentifier</key>
                <string>com.example.bank</string>
            \(body)
            </dict>
            </plist>
            """
    }

    static let bare = infoPlist([])

    /// One use of a protected API: what it is and the keys it needs (each inner list
    /// is alternatives; every inner list must be satisfied).
    private struct Use {
        let resource: String
        let api: String
        let required: [[String]]
    }

    private static let faceID = [["NSFaceIDUsageDescription"]]
    private static let camera = [["NSCameraUsageDescription"]]
    private static let microphone = [["NSMicrophoneUsageDescription"]]
    private static let photos = [["NSPhotoLibraryUsageDescription"]]
    private static let photosAdd = [["NSPhotoLibraryAddUsageDescription", "NSPhotoLibraryUsageDescription"]]
    private static let whenInUse = [["NSLocationWhenInUseUsageDescription"]]
    private static let always = [["NSLocationAlwaysAndWhenInUseUsageDescription"], ["NSLocationWhenInUseUsageDescription"]]
    private static let contacts = [["NSContactsUsageDescription"]]
    private static let calendars = [["NSCalendarsUsageDescription", "NSCalendarsFullAccessUsageDescription", "NSCalendarsWriteOnlyAccessUsageDescription"]]
    private static let tracking = [["NSUserTrackingUsageDescription"]]
    private static let bluetooth = [["NSBluetoothAlwaysUsageDescription", "NSBluetoothPeripheralUsageDescription"]]
    private static let speech = [["NSSpeechRecognitionUsageDescription"]]

    func checkSwift(_ file: SwiftFile, project: ProjectFacts) -> [Match] {
        missingDescriptions(for: { swiftUses(file) }, project: project)
    }

    func checkObjectiveC(_ file: ObjectiveCFile, project: ProjectFacts) -> [Match] {
        missingDescriptions(for: { objcUses(file) }, project: project)
    }

    /// The uses whose usage description no Info.plist (or generating build setting)
    /// declares; `uses` is found only when that can be known.
    private func missingDescriptions(for uses: () -> [(SourceRange, Use)], project: ProjectFacts) -> [Match] {
        // Only a complete Info.plist, or the build settings Xcode generates one from
        // (GENERATE_INFOPLIST_FILE with INFOPLIST_KEY_*), say what is missing: with
        // neither (single files, a partial plist without the project file) it is unknown.
        guard project.infoPlists.contains(where: Self.isComplete) || project.generatesInfoPlist else { return [] }
        let uses = uses()
        // A description given only in InfoPlist.strings is found by the system too (Mastodon
        // for iOS has asked for the camera this way for years).
        let declared = project.infoPlistKeys.union(project.generatedInfoPlistKeys).union(project.localizedInfoPlistKeys)
        return uses.compactMap { range, use in
            let missing = use.required.filter { declared.isDisjoint(with: $0) }.map { $0[0] }
            guard !missing.isEmpty else { return nil }
            return Match(range, "\(use.resource) is used (\(use.api)) but no Info.plist declares \(missing.joined(separator: " and "))")
        }
    }

    /// Whether an Info.plist is the whole file (it names the bundle) rather than the
    /// partial one Xcode merges with generated keys.
    static func isComplete(_ plist: PropertyListFile) -> Bool {
        plist.root["CFBundleIdentifier"] != nil || plist.root["CFBundleExecutable"] != nil
    }

    // MARK: Swift

    private func swiftUses(_ file: SwiftFile) -> [(SourceRange, Use)] {
        var uses: [(SourceRange, Use)] = []
        for call in file.index.calls {
            if let use = swiftUse(call) { uses.append((file.range(of: call), use)) }
        }
        for sequence in file.index.sequences {
            let elements = Array(sequence.elements)
            guard elements.count == 3, elements[1].is(AssignmentExprSyntax.self),
                elements[0].as(MemberAccessExprSyntax.self)?.declName.baseName.text == "sourceType"
                    || elements[0].as(DeclReferenceExprSyntax.self)?.baseName.text == "sourceType",
                isMember(elements[2], "camera")
            else { continue }
            uses.append((file.range(of: sequence), Use(resource: "the camera", api: "sourceType = .camera", required: Self.camera)))
        }
        return uses
    }

    private func isMember(_ expression: ExprSyntax?, _ name: String) -> Bool {
        guard let member = expression?.as(MemberAccessExprSyntax.self) else { return false }
        return member.declName.baseName.text == name
    }

    private func swiftUse(_ call: FunctionCallExprSyntax) -> Use? {
        let name = call.calleeName
        var callee: String { call.calleeText }
        switch name {
        case "evaluatePolicy":
            return Use(resource: "Face ID", api: "evaluatePolicy", required: Self.faceID)
        case "requestAccess":
            let target = call.argument("for") ?? call.argument("to")
            if isMember(target, "video") { return Use(resource: "the camera", api: "requestAccess(for: .video)", required: Self.camera) }
            if isMember(target, "audio") { return Use(resource: "the microphone", api: "requestAccess(for: .audio)", required: Self.microphone) }
            if isMember(target, "contacts") { return Use(resource: "contacts", api: "CNContactStore.requestAccess", required: Self.contacts) }
            if isMember(target, "event") { return Use(resource: "calendars", api: "EKEventStore.requestAccess", required: Self.calendars) }
            return nil
        case "requestFullAccessToEvents", "requestWriteOnlyAccessToEvents":
            return Use(resource: "calendars", api: name, required: Self.calendars)
        case "default" where callee.hasPrefix("AVCaptureDevice"):
            let media = call.argument("for")
            let type = call.arguments.first { $0.label == nil }?.expression.trimmedDescription ?? ""
            if isMember(media, "audio") || type.hasSuffix("Microphone") {
                return Use(resource: "the microphone", api: "AVCaptureDevice.default", required: Self.microphone)
            }
            if isMember(media, "video") || type.hasSuffix("Camera") {
                return Use(resource: "the camera", api: "AVCaptureDevice.default", required: Self.camera)
            }
            return nil
        case "VNDocumentCameraViewController", "DataScannerViewController":
            return Use(resource: "the camera", api: name, required: Self.camera)
        case "requestRecordPermission":
            return Use(resource: "the microphone", api: "requestRecordPermission", required: Self.microphone)
        case "AVAudioRecorder":
            return Use(resource: "the microphone", api: "AVAudioRecorder", required: Self.microphone)
        case "requestAuthorization" where callee.hasPrefix("PHPhotoLibrary"):
            if isMember(call.argument("for"), "addOnly") {
                return Use(resource: "the photo library", api: "PHPhotoLibrary.requestAuthorization(for: .addOnly)", required: Self.photosAdd)
            }
            return Use(resource: "the photo library", api: "PHPhotoLibrary.requestAuthorization", required: Self.photos)
        case "requestAuthorization" where callee.hasPrefix("SFSpeechRecognizer"):
            return Use(resource: "speech recognition", api: "SFSpeechRecognizer.requestAuthorization", required: Self.speech)
        case "UIImageWriteToSavedPhotosAlbum", "UISaveVideoAtPathToSavedPhotosAlbum":
            return Use(resource: "the photo library", api: name, required: Self.photosAdd)
        case "requestWhenInUseAuthorization":
            return Use(resource: "location", api: name, required: Self.whenInUse)
        case "requestAlwaysAuthorization":
            return Use(resource: "location", api: name, required: Self.always)
        case "requestTrackingAuthorization":
            return Use(resource: "tracking", api: "ATTrackingManager.requestTrackingAuthorization", required: Self.tracking)
        case "CBCentralManager", "CBPeripheralManager":
            return Use(resource: "Bluetooth", api: name, required: Self.bluetooth)
        default:
            if isMember(call.argument("sourceType"), "camera") {
                return Use(resource: "the camera", api: "sourceType: .camera", required: Self.camera)
            }
            return nil
        }
    }

    // MARK: Objective-C

    private func objcUses(_ file: ObjectiveCFile) -> [(SourceRange, Use)] {
        let tokens = file.tokens
        var uses: [(SourceRange, Use)] = []
        for (index, token) in tokens.enumerated() where token.kind == .identifier {
            let next = index + 1 < tokens.count ? tokens[index + 1].text : ""
            let argument = index + 2 < tokens.count ? tokens[index + 2].text : ""
            let previous = index > 0 ? tokens[index - 1].text : ""
            var use: Use?
            switch token.text {
            case "evaluatePolicy" where next == ":":
                use = Use(resource: "Face ID", api: "evaluatePolicy:", required: Self.faceID)
            case "requestAccessForMediaType", "defaultDeviceWithMediaType":
                if argument == "AVMediaTypeVideo" { use = Use(resource: "the camera", api: token.text, required: Self.camera) }
                if argument == "AVMediaTypeAudio" { use = Use(resource: "the microphone", api: token.text, required: Self.microphone) }
            case "UIImagePickerControllerSourceTypeCamera" where previous == "=":
                use = Use(resource: "the camera", api: "sourceType = UIImagePickerControllerSourceTypeCamera", required: Self.camera)
            case "requestRecordPermission":
                use = Use(resource: "the microphone", api: token.text, required: Self.microphone)
            case "requestAuthorization" where previous == "PHPhotoLibrary":
                use = Use(resource: "the photo library", api: "PHPhotoLibrary requestAuthorization", required: Self.photos)
            case "requestAuthorizationForAccessLevel" where previous == "PHPhotoLibrary":
                use =
                    argument == "PHAccessLevelAddOnly"
                    ? Use(resource: "the photo library", api: token.text, required: Self.photosAdd)
                    : Use(resource: "the photo library", api: token.text, required: Self.photos)
            case "UIImageWriteToSavedPhotosAlbum" where next == "(":
                use = Use(resource: "the photo library", api: token.text, required: Self.photosAdd)
            case "requestWhenInUseAuthorization":
                use = Use(resource: "location", api: token.text, required: Self.whenInUse)
            case "requestAlwaysAuthorization":
                use = Use(resource: "location", api: token.text, required: Self.always)
            case "requestAccessForEntityType":
                if argument == "CNEntityTypeContacts" { use = Use(resource: "contacts", api: token.text, required: Self.contacts) }
                if argument == "EKEntityTypeEvent" { use = Use(resource: "calendars", api: token.text, required: Self.calendars) }
            case "requestTrackingAuthorizationWithCompletionHandler":
                use = Use(resource: "tracking", api: token.text, required: Self.tracking)
            default:
                break
            }
            if let use { uses.append((file.range(of: token), use)) }
        }
        return uses
    }

    // MARK: Info.plist

    private static let placeholders: Set<String> = [
        "todo", "tbd", "fixme", "placeholder", "test", "description", "usage description", "xxx", "lorem ipsum", "string", "some text",
    ]

    func checkPropertyList(_ plist: PropertyListFile, project: ProjectFacts) -> [Match] {
        guard plist.role == .infoPlist, let entries = plist.root.dictionary else { return [] }
        var matches: [Match] = []
        // A key the project's InfoPlist.strings give a real text is localized there.
        for (key, value) in entries where key.hasPrefix("NS") && key.hasSuffix("UsageDescription") && !project.localizedInfoPlistKeys.contains(key) {
            guard let text = value.string?.trimmingCharacters(in: .whitespacesAndNewlines) else { continue }
            let lowered = text.lowercased()
            guard text.isEmpty || Self.placeholders.contains(lowered) || lowered.hasPrefix("lorem ipsum") else { continue }
            // The Info.plist value is the development-language string: the one shown for every
            // language an InfoPlist.strings (or .xcstrings) entry does not cover.
            let what = text.isEmpty ? "empty" : "a placeholder (\"\(text)\")"
            matches.append(
                Match(
                    plist.range(ofKey: key),
                    "\(key) is \(what) in the Info.plist, the development-language string shown wherever no InfoPlist.strings entry replaces it: users are not told why access is needed, and App Review rejects it"
                ))
        }
        return matches
    }
}
