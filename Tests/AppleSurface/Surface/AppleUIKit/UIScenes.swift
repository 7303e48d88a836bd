@_exported import Foundation

/// An object that represents one instance of your app's user interface.
/// https://developer.apple.com/documentation/uikit/uiscene
@MainActor open class UIScene: UIResponder {
    /// The activation states of a scene. https://developer.apple.com/documentation/uikit/uiscene/activationstate
    public enum ActivationState: Int, Sendable {
        /// https://developer.apple.com/documentation/uikit/uiscene/activationstate/unattached
        case unattached = -1
        /// https://developer.apple.com/documentation/uikit/uiscene/activationstate/foregroundactive
        case foregroundActive = 0
        /// https://developer.apple.com/documentation/uikit/uiscene/activationstate/foregroundinactive
        case foregroundInactive = 1
        /// https://developer.apple.com/documentation/uikit/uiscene/activationstate/background
        case background = 2
    }

    /// https://developer.apple.com/documentation/uikit/uiscene/activationstate-swift.property
    open internal(set) var activationState: ActivationState = .foregroundActive

    /// https://developer.apple.com/documentation/uikit/uiscene/willdeactivatenotification
    nonisolated public static let willDeactivateNotification = Notification.Name("UISceneWillDeactivateNotification")
    /// https://developer.apple.com/documentation/uikit/uiscene/didenterbackgroundnotification
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UISceneDidEnterBackgroundNotification")
    /// https://developer.apple.com/documentation/uikit/uiscene/willenterforegroundnotification
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UISceneWillEnterForegroundNotification")
    /// https://developer.apple.com/documentation/uikit/uiscene/didactivatenotification
    nonisolated public static let didActivateNotification = Notification.Name("UISceneDidActivateNotification")

    /// Surface only (Apple's scenes are made by the system): a scene in `state`.
    @_spi(AppleSurface) public init(activationState: ActivationState) {
        self.activationState = activationState
        super.init()
    }

    /// Surface only: moves the scene to `state`, posting the life-cycle notifications iOS
    /// posts on the way, with the scene as their object.
    @_spi(AppleSurface) public func transition(to state: ActivationState) {
        let center = NotificationCenter.default
        switch (activationState, state) {
        case (.foregroundActive, .foregroundInactive):
            center.post(name: Self.willDeactivateNotification, object: self)
        case (.foregroundActive, .background):
            center.post(name: Self.willDeactivateNotification, object: self)
            center.post(name: Self.didEnterBackgroundNotification, object: self)
        case (.foregroundInactive, .background):
            center.post(name: Self.didEnterBackgroundNotification, object: self)
        case (.background, .foregroundInactive):
            center.post(name: Self.willEnterForegroundNotification, object: self)
        case (.background, .foregroundActive):
            center.post(name: Self.willEnterForegroundNotification, object: self)
            center.post(name: Self.didActivateNotification, object: self)
        case (.foregroundInactive, .foregroundActive):
            center.post(name: Self.didActivateNotification, object: self)
        default:
            break
        }
        activationState = state
    }
}

/// A scene that manages one or more windows for your app.
/// https://developer.apple.com/documentation/uikit/uiwindowscene
@MainActor open class UIWindowScene: UIScene, UITraitEnvironment {
    /// The screen on which the scene is displayed. https://developer.apple.com/documentation/uikit/uiwindowscene/screen
    open private(set) var screen = UIScreen()
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/traitcollection
    open private(set) var traitCollection = UITraitCollection()
    /// The visible windows of the scene (Apple's `windows` lists hidden ones too).
    /// https://developer.apple.com/documentation/uikit/uiwindowscene/windows
    open private(set) var windows: [UIWindow] = []
    private var traitHandlers: [(UITraitCollection) -> Void] = []

    /// Surface only: a scene in `state`.
    @_spi(AppleSurface) public override init(activationState: ActivationState) {
        super.init(activationState: activationState)
    }

    /// Surface only: the scene's capture state changes (screen recording, mirroring),
    /// calling the registered trait-change handlers.
    @_spi(AppleSurface) public func setSceneCaptureState(_ state: UISceneCaptureState) {
        let previous = traitCollection
        traitCollection = UITraitCollection(sceneCaptureState: state)
        screen.isCaptured = state == .active
        for handler in traitHandlers { handler(previous) }
    }

    /// Registers a list of traits to observe and a closure to execute when one of them changes.
    /// https://developer.apple.com/documentation/uikit/uitraitchangeobservable-67e94/registerfortraitchanges(_:handler:)
    @available(iOS 17.0, tvOS 17.0, *)
    @discardableResult
    public func registerForTraitChanges<TraitEnvironment: UITraitEnvironment>(
        _ traits: [UITrait], handler: @escaping (TraitEnvironment, UITraitCollection) -> Void
    ) -> any UITraitChangeRegistration {
        traitHandlers.append { [weak self] previous in
            if let environment = self as? TraitEnvironment { handler(environment, previous) }
        }
        return TraitRegistration()
    }

    func windowDidChangeVisibility(_ window: UIWindow) {
        windows.removeAll { $0 === window }
        if !window.isHidden { windows.append(window) }
    }

    private struct TraitRegistration: UITraitChangeRegistration {}
}

/// An object that defines the properties associated with a hardware-based display.
/// https://developer.apple.com/documentation/uikit/uiscreen
@MainActor open class UIScreen: NSObject {
    /// Whether the system is actively cloning the screen to another destination.
    /// https://developer.apple.com/documentation/uikit/uiscreen/iscaptured
    open internal(set) var isCaptured = false

    /// https://developer.apple.com/documentation/uikit/uiscreen/captureddidchangenotification
    nonisolated public static let capturedDidChangeNotification = Notification.Name("UIScreenCapturedDidChangeNotification")
}

/// The iOS interface environment for your app. https://developer.apple.com/documentation/uikit/uitraitcollection
open class UITraitCollection: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uitraitcollection/scenecapturestate
    @available(iOS 17.0, tvOS 17.0, *)
    public let sceneCaptureState: UISceneCaptureState

    init(sceneCaptureState: UISceneCaptureState = .inactive) { self.sceneCaptureState = sceneCaptureState }
}

/// https://developer.apple.com/documentation/uikit/uiscenecapturestate
@available(iOS 17.0, tvOS 17.0, *)
public enum UISceneCaptureState: Int, Sendable {
    /// https://developer.apple.com/documentation/uikit/uiscenecapturestate/unspecified
    case unspecified = -1
    /// https://developer.apple.com/documentation/uikit/uiscenecapturestate/inactive
    case inactive = 0
    /// https://developer.apple.com/documentation/uikit/uiscenecapturestate/active
    case active = 1
}

/// https://developer.apple.com/documentation/uikit/uitraitenvironment
@MainActor public protocol UITraitEnvironment: AnyObject {}

/// A type that represents a trait definition. https://developer.apple.com/documentation/uikit/uitraitdefinition
public protocol UITraitDefinition {}

/// https://developer.apple.com/documentation/uikit/uitrait
public typealias UITrait = any UITraitDefinition.Type

/// https://developer.apple.com/documentation/uikit/uitraitchangeregistration
public protocol UITraitChangeRegistration {}

/// A trait that indicates whether the scene is being captured.
/// https://developer.apple.com/documentation/uikit/uitraitscenecapturestate
@available(iOS 17.0, tvOS 17.0, *)
public struct UITraitSceneCaptureState: UITraitDefinition {}

/// The centralized point of control and coordination for apps running in iOS.
/// https://developer.apple.com/documentation/uikit/uiapplication
@MainActor open class UIApplication: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiapplication/userdidtakescreenshotnotification
    nonisolated public static let userDidTakeScreenshotNotification = Notification.Name("UIApplicationUserDidTakeScreenshotNotification")

    /// Identifiers for extension points. https://developer.apple.com/documentation/uikit/uiapplication/extensionpointidentifier
    public struct ExtensionPointIdentifier: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/uikit/uiapplication/extensionpointidentifier/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The identifier's string.
        public let rawValue: String
        /// https://developer.apple.com/documentation/uikit/uiapplication/extensionpointidentifier/keyboard
        public static let keyboard = ExtensionPointIdentifier(rawValue: "com.apple.keyboard-service")
    }
}
