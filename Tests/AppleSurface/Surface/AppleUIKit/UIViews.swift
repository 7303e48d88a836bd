@_exported import Foundation

// The view and window classes the screen-privacy helpers use. On Apple platforms they are
// main-actor classes; so are they here. Views draw nothing: a test reads their state.

/// An abstract interface for responding to and handling events.
/// https://developer.apple.com/documentation/uikit/uiresponder
@MainActor open class UIResponder: NSObject {
    /// https://developer.apple.com/documentation/uikit/uiresponder/init()
    public override init() { super.init() }
}

/// An object that stores color data. https://developer.apple.com/documentation/uikit/uicolor
open class UIColor: NSObject, @unchecked Sendable {
    /// The color's name, for tests.
    public let name: String

    init(name: String) { self.name = name }

    /// The color for the main background of your interface.
    /// https://developer.apple.com/documentation/uikit/uicolor/systembackground
    open class var systemBackground: UIColor { UIColor(name: "systemBackground") }
}

/// An object that manages the content for a rectangular area on the screen.
/// https://developer.apple.com/documentation/uikit/uiview
@MainActor open class UIView: UIResponder {
    /// https://developer.apple.com/documentation/uikit/uiview/backgroundcolor
    open var backgroundColor: UIColor?
    /// https://developer.apple.com/documentation/uikit/uiview/ishidden
    open var isHidden = false
}

/// A control. https://developer.apple.com/documentation/uikit/uicontrol
@MainActor open class UIControl: UIView {}

/// An object that manages a view hierarchy for your UIKit app.
/// https://developer.apple.com/documentation/uikit/uiviewcontroller
@MainActor open class UIViewController: UIResponder {
    /// The view that the controller manages. https://developer.apple.com/documentation/uikit/uiviewcontroller/view
    open var view: UIView! = UIView()
}

/// The backdrop for your app's user interface and the object that dispatches events to your views.
/// https://developer.apple.com/documentation/uikit/uiwindow
@MainActor open class UIWindow: UIView {
    /// The positioning of windows relative to each other. https://developer.apple.com/documentation/uikit/uiwindow/level
    public struct Level: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/uikit/uiwindow/level/init(rawvalue:)
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// The level's value.
        public let rawValue: CGFloat
        /// https://developer.apple.com/documentation/uikit/uiwindow/level/normal
        public static let normal = Level(rawValue: 0)
        /// https://developer.apple.com/documentation/uikit/uiwindow/level/statusbar
        public static let statusBar = Level(rawValue: 1000)
        /// https://developer.apple.com/documentation/uikit/uiwindow/level/alert
        public static let alert = Level(rawValue: 2000)
    }

    /// The scene that contains the window. https://developer.apple.com/documentation/uikit/uiwindow/windowscene
    open weak var windowScene: UIWindowScene?
    /// https://developer.apple.com/documentation/uikit/uiwindow/windowlevel
    open var windowLevel = Level.normal
    /// https://developer.apple.com/documentation/uikit/uiwindow/rootviewcontroller
    open var rootViewController: UIViewController?

    /// A window shown on `isHidden = false`: the scene lists it in ``UIWindowScene/windows``.
    open override var isHidden: Bool {
        didSet { windowScene?.windowDidChangeVisibility(self) }
    }

    /// Creates a window and associates it with the specified scene.
    /// https://developer.apple.com/documentation/uikit/uiwindow/init(windowscene:)
    public init(windowScene: UIWindowScene) {
        self.windowScene = windowScene
        super.init()
        isHidden = true
    }
}
