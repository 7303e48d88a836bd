import SwiftSyntax
import AuditKit

extension NetworkSinglePin {
    /// Code that must and must not trigger the rule, with `↓` where each finding starts.
    var examples: [RuleExample] {
        [
            .plist(
                "Info.plist",
                """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0">
                <dict>
                    <key>NSAppTransportSecurity</key>
                    <dict>
                        <key>NSPinnedDomains</key>
                        <dict>
                            <key>api.bank.example.com</key>
                            <dict>
                                ↓<key>NSPinnedLeafIdentities</key>
                                <array>
                                    <dict>
                                        <key>SPKI-SHA256-BASE64</key>
                                        <string>r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=</string>
                                    </dict>
                                </array>
                            </dict>
                            <key>auth.bank.example.com</key>
                            <dict>
                                <key>NSPinnedCAIdentities</key>
                                <array>
                                    <dict>
                                        <key>SPKI-SHA256-BASE64</key>
                                        <string>r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=</string>
                                    </dict>
                                    <dict>
                                        <key>SPKI-SHA256-BASE64</key>
                                        <string>YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=</string>
                                    </dict>
                                </array>
                            </dict>
                        </dict>
                    </dict>
                </dict>
                </plist>
                """),
            .swift(
                """
                let trustKitConfig: [String: Any] = [
                    kTSKSwizzleNetworkDelegates: false,
                    kTSKPinnedDomains: [
                        "api.bank.example.com": [
                            kTSKEnforcePinning: false,
                            ↓kTSKPublicKeyHashes: ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="],
                        ],
                        "auth.bank.example.com": [
                            kTSKPublicKeyHashes: ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=", "YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg="],
                        ],
                    ],
                ]
                """),
            .swift(
                """
                let evaluators: [String: any ServerTrustEvaluating] = [
                    "api.bank.example.com": ↓PublicKeysTrustEvaluator(keys: [serverKey]),
                    "auth.bank.example.com": PublicKeysTrustEvaluator(keys: [currentKey, backupKey]),
                    "cdn.bank.example.com": PinnedCertificatesTrustEvaluator(),
                ]
                """),
            .swift(
                """
                final class PinningDelegate: NSObject, URLSessionDelegate {
                    private let ↓pinnedKeyHash = "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="
                    private let ↓pinnedHashes: Set<String> = ["r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="]

                    func matches(_ hash: String) -> Bool {
                        hash == pinnedKeyHash || pinnedHashes.contains(hash)
                    }
                }
                """),
            .swift(
                """
                final class PinningDelegate: NSObject, URLSessionDelegate {
                    private let pinnedHashes: Set<String> = [
                        "r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",  // current
                        "YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=",  // backup, key kept offline
                    ]
                    let pinEntryTitle = "Enter your PIN"
                    func matches(_ hash: String) -> Bool { pinnedHashes.contains(hash) }
                }
                """),
            .swift(
                """
                // The server's leaf certificate compared with the one certificate in the bundle.
                func connection(_ connection: NSURLConnection, willSendRequestFor challenge: URLAuthenticationChallenge) {
                    guard let trust = challenge.protectionSpace.serverTrust,
                          let certificate = SecTrustGetCertificateAtIndex(trust, 0) else { return }
                    let remoteData = SecCertificateCopyData(certificate) as Data
                    let localData = NSData(contentsOfFile: ↓Bundle.main.path(forResource: "api.bank", ofType: "cer")!)
                    if remoteData == localData as Data? {
                        challenge.sender?.use(URLCredential(trust: trust), for: challenge)
                    } else {
                        challenge.sender?.cancel(challenge)
                    }
                }
                """),
            .swift(
                """
                // Two bundled certificates (current and backup), or a set loaded from the bundle: not a single pin.
                final class CertificatePins {
                    let current = Bundle.main.url(forResource: "api-2025", withExtension: "cer")
                    let backup = Bundle.main.url(forResource: "api-2026", withExtension: "cer")
                    let all = Bundle.main.paths(forResourcesOfType: "cer", inDirectory: nil)
                    func matches(_ certificate: SecCertificate) -> Bool {
                        let data = SecCertificateCopyData(certificate) as Data
                        return [current, backup].compactMap { $0.flatMap { try? Data(contentsOf: $0) } }.contains(data)
                    }
                }
                """),
            .objectiveC(
                """
                - (void)connection:(NSURLConnection *)connection willSendRequestForAuthenticationChallenge:(NSURLAuthenticationChallenge *)challenge {
                    SecCertificateRef certificate = SecTrustGetCertificateAtIndex(challenge.protectionSpace.serverTrust, 0);
                    NSData *remote = (__bridge_transfer NSData *)SecCertificateCopyData(certificate);
                    NSData *local = [NSData dataWithContentsOfFile:[[NSBundle mainBundle] ↓pathForResource:@"api.bank" ofType:@"der"]];
                    if ([remote isEqualToData:local]) {
                        [challenge.sender useCredential:[NSURLCredential credentialForTrust:challenge.protectionSpace.serverTrust] forAuthenticationChallenge:challenge];
                    } else {
                        [challenge.sender cancelAuthenticationChallenge:challenge];
                    }
                }
                """),
            .objectiveC(
                """
                NSDictionary *trustKitConfig = @{
                    kTSKPinnedDomains: @{
                        @"api.bank.example.com": @{
                            kTSKEnforcePinning: @NO,
                            ↓kTSKPublicKeyHashes: @[ @"r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=" ],
                        },
                    },
                };
                """),
            .objectiveC(
                """
                NSDictionary *trustKitConfig = @{
                    kTSKPinnedDomains: @{
                        @"api.bank.example.com": @{
                            kTSKPublicKeyHashes: @[ @"r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E=",
                                                    @"YLh1dUR9y6Kja30RrAn7JKnbQG/uEtLMkBgFF2Fuihg=" ],
                        },
                    },
                };
                """),
        ]
    }
}
