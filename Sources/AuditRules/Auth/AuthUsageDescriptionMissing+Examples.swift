import Foundation
import SwiftSyntax
import AuditKit

extension AuthUsageDescriptionMissing {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .swift(
                """
                func loginWithFaceID() {
                    ↓context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in") { _, _ in }
                }
                """, otherFiles: ["Info.plist": AuthUsageDescriptionMissing.bare]),
            .swift(
                """
                func loginWithFaceID() {
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in") { _, _ in }
                }
                """, otherFiles: ["Info.plist": AuthUsageDescriptionMissing.infoPlist([("NSFaceIDUsageDescription", "Log in with Face ID")])]),
            .swift(
                """
                // The description is given in InfoPlist.strings only.
                func scan() {
                    AVCaptureDevice.requestAccess(for: .video) { _ in }
                }
                """,
                otherFiles: [
                    "Info.plist": AuthUsageDescriptionMissing.bare,
                    "en.lproj/InfoPlist.strings": "\"NSCameraUsageDescription\" = \"Used to scan QR codes\";",
                ]),
            .swift(
                """
                // An Info.plist that Xcode preprocesses (INFOPLIST_PREPROCESS) is read past its directives.
                func scan() {
                    ↓AVCaptureDevice.requestAccess(for: .video) { _ in }
                }
                """,
                otherFiles: [
                    "Info.plist": AuthUsageDescriptionMissing.bare.replacingOccurrences(
                        of: "</dict>", with: "#ifdef INTUNE\n<key>IntuneMAMSettings</key><dict/>\n#endif\n</dict>")
                ]),
            .swift(
                """
                // Directives indented like the tags: the description inside the branch counts.
                func scan() {
                    AVCaptureDevice.requestAccess(for: .video) { _ in }
                }
                """,
                otherFiles: [
                    "Info.plist": AuthUsageDescriptionMissing.bare.replacingOccurrences(
                        of: "</dict>",
                        with: "\t#ifndef DISABLE_CAMERA\n\t<key>NSCameraUsageDescription</key><string>Scans documents</string>\n\t#endif\n</dict>")
                ]),
            .swift(
                """
                // A partial Info.plist (the rest generated from INFOPLIST_KEY_* build settings): unknown, so silent.
                func scan() {
                    AVCaptureDevice.requestAccess(for: .video) { _ in }
                }
                """,
                otherFiles: [
                    "Info.plist": """
                    <?xml version="1.0" encoding="UTF-8"?>
                    <plist version="1.0">
                    <dict>
                        <key>UIBackgroundModes</key>
                        <array><string>fetch</string></array>
                    </dict>
                    </plist>
                    """
                ]),
            .swift(
                """
                // A single file without any Info.plist: unknown, so silent.
                func loginWithFaceID() {
                    context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Log in") { _, _ in }
                }
                """),
            .swift(
                """
                final class ChequeScanner {
                    func start() {
                        ↓AVCaptureDevice.requestAccess(for: .video) { granted in }
                        let camera = ↓AVCaptureDevice.default(for: .video)
                        let wide = ↓AVCaptureDevice.default(.builtInWideAngleCamera, for: .video, position: .back)
                    }
                    func pickPhoto() {
                        let picker = UIImagePickerController()
                        ↓picker.sourceType = .camera
                    }
                }
                """, otherFiles: ["Info.plist": AuthUsageDescriptionMissing.infoPlist([("NSPhotoLibraryUsageDescription", "Attach a receipt")])]),
            .swift(
                """
                func pickFromLibrary() {
                    let picker = UIImagePickerController()
                    picker.sourceType = .photoLibrary
                    let status = AVCaptureDevice.authorizationStatus(for: .video)
                }
                """, otherFiles: ["Info.plist": AuthUsageDescriptionMissing.bare]),
            .swift(
                """
                func record() {
                    ↓AVAudioSession.sharedInstance().requestRecordPermission { granted in }
                    ↓PHPhotoLibrary.requestAuthorization(for: .readWrite) { status in }
                    ↓UIImageWriteToSavedPhotosAlbum(image, nil, nil, nil)
                    ↓CNContactStore().requestAccess(for: .contacts) { granted, error in }
                    ↓ATTrackingManager.requestTrackingAuthorization { status in }
                }
                """, otherFiles: ["Info.plist": AuthUsageDescriptionMissing.bare]),
            .swift(
                """
                func record() {
                    AVAudioSession.sharedInstance().requestRecordPermission { granted in }
                    PHPhotoLibrary.requestAuthorization(for: .addOnly) { status in }
                    CNContactStore().requestAccess(for: .contacts) { granted, error in }
                    ATTrackingManager.requestTrackingAuthorization { status in }
                }
                """,
                otherFiles: [
                    "Info.plist": AuthUsageDescriptionMissing.infoPlist([
                        ("NSMicrophoneUsageDescription", "Record voice notes"), ("NSPhotoLibraryAddUsageDescription", "Save statements"),
                        ("NSContactsUsageDescription", "Pay a contact"), ("NSUserTrackingUsageDescription", "Measure our ads"),
                    ])
                ]),
            .swift(
                """
                final class BranchLocator: NSObject, CLLocationManagerDelegate {
                    let manager = CLLocationManager()
                    func start() {
                        ↓manager.requestWhenInUseAuthorization()
                    }
                    func startGeofencing() {
                        ↓manager.requestAlwaysAuthorization()
                    }
                }
                """, otherFiles: ["Info.plist": AuthUsageDescriptionMissing.infoPlist([("NSLocationUsageDescription", "Find branches")])]),
            .swift(
                """
                final class BranchLocator: NSObject, CLLocationManagerDelegate {
                    let manager = CLLocationManager()
                    func start() {
                        manager.requestWhenInUseAuthorization()
                    }
                    func startGeofencing() {
                        ↓manager.requestAlwaysAuthorization()
                    }
                }
                """, otherFiles: ["Info.plist": AuthUsageDescriptionMissing.infoPlist([("NSLocationWhenInUseUsageDescription", "Find branches near you")])]),
            .objectiveC(
                """
                - (void)scanCard {
                    [AVCaptureDevice ↓requestAccessForMediaType:AVMediaTypeVideo completionHandler:^(BOOL granted) {}];
                    UIImagePickerController *picker = [[UIImagePickerController alloc] init];
                    picker.sourceType = ↓UIImagePickerControllerSourceTypeCamera;
                    [self.locationManager ↓requestWhenInUseAuthorization];
                    [context ↓evaluatePolicy:LAPolicyDeviceOwnerAuthentication localizedReason:@"Log in" reply:^(BOOL success, NSError *error) {}];
                }
                """, otherFiles: ["Info.plist": AuthUsageDescriptionMissing.bare]),
            .objectiveC(
                """
                - (void)scanCard {
                    if ([UIImagePickerController isSourceTypeAvailable:UIImagePickerControllerSourceTypeCamera]) {
                        [AVCaptureDevice requestAccessForMediaType:AVMediaTypeVideo completionHandler:^(BOOL granted) {}];
                    }
                }
                """, otherFiles: ["Info.plist": AuthUsageDescriptionMissing.infoPlist([("NSCameraUsageDescription", "Scan your card")])]),
            .plist(
                "Info.plist",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    ↓<key>NSCameraUsageDescription</key>
                    <string></string>
                    ↓<key>NSFaceIDUsageDescription</key>
                    <string>TODO</string>
                    <key>NSLocationWhenInUseUsageDescription</key>
                    <string>Shows the cash machines near you</string>
                </dict>
                </plist>
                """),
        ]
    }
}
