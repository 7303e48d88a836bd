/// Which of a fixed list of API names the project's code mentions anywhere: the facts of
/// project-wide rules that ask "does any file of the app do X" (react to leaving the
/// foreground, refuse keyboard extensions) before reporting what one file does.
extension ProjectFacts {
    /// The app about to leave the foreground, where a privacy cover is put up: the scene
    /// and app delegate methods, their notifications, SwiftUI's `scenePhase`.
    public static let foregroundExitNames: [String] = [
        "sceneWillResignActive", "applicationWillResignActive", "willResignActiveNotification", "UIApplicationWillResignActiveNotification",
        "sceneDidEnterBackground", "applicationDidEnterBackground", "didEnterBackgroundNotification", "UIApplicationDidEnterBackgroundNotification",
        "willDeactivateNotification", "UISceneWillDeactivateNotification", "scenePhase",
    ]
    /// The app delegate's veto on extension points, keyboards among them.
    public static let extensionPointVetoNames: [String] = ["shouldAllowExtensionPointIdentifier"]

    /// The app sending requests or showing web pages: URL loading and web view classes.
    public static let requestNames: [String] = [
        "URLSession", "NSURLConnection", "loadRequest", "WKWebView", "UIWebView", "AFHTTPSessionManager", "AFHTTPRequestOperationManager",
        "Alamofire",
    ]

    /// The names ``mentionedCodeNames`` looks for in every Swift and Objective-C file.
    public static var watchedCodeNames: [String] { foregroundExitNames + extensionPointVetoNames + requestNames }

    /// Whether some code of the project sends requests or shows web pages
    /// (``requestNames``): where the URL constants of a shared header end up.
    public var sendsRequests: Bool { ProjectFacts.requestNames.contains(where: mentionedCodeNames.contains) }

    /// Whether some code of the project reacts to the app leaving the foreground
    /// (``foregroundExitNames``).
    public var reactsToLeavingForeground: Bool { ProjectFacts.foregroundExitNames.contains(where: mentionedCodeNames.contains) }

    /// Whether the app delegate may refuse keyboard extensions
    /// (`application(_:shouldAllowExtensionPointIdentifier:)` is mentioned).
    public var mayRefuseKeyboardExtensions: Bool { ProjectFacts.extensionPointVetoNames.contains(where: mentionedCodeNames.contains) }

    /// The names of ``watchedCodeNames`` that occur in the text of a Swift or Objective-C
    /// file of `files` (comments included: a mention is taken as the app handling it,
    /// which keeps project-wide rules on the silent side).
    static func mentionedCodeNames(in files: [ScannedFile]) -> Set<String> {
        let watched = watchedCodeNames
        var found: Set<String> = []
        for file in files {
            let text: String
            switch file {
            case .swift(let swift): text = swift.text
            case .objectiveC(let objectiveC): text = objectiveC.text
            default: continue
            }
            for name in watched where !found.contains(name) && ByteSearch.contains(text, name) { found.insert(name) }
            if found.count == watched.count { break }
        }
        return found
    }
}
