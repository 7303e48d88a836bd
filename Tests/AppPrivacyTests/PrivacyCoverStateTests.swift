import AppPrivacy
import Testing

@Suite("PrivacyCoverState: the app-switcher snapshot never shows a sensitive screen")
struct PrivacyCoverStateTests {
    /// The actions the state returns for `events`, in order, and whether the cover was up in
    /// the background (when the system takes the snapshot).
    func run(
        _ events: [AppLifecycleEvent], policy: PrivacyCoverPolicy = PrivacyCoverPolicy(), screen: PrivacyScreen? = "balance"
    )
        -> (actions: [PrivacyCoverAction?], coveredInBackground: Bool)
    {
        var state = PrivacyCoverState(policy: policy, screen: screen)
        var coveredInBackground = false
        let actions = events.map { event in
            let action = state.handle(event)
            if state.phase == .background { coveredInBackground = state.isCoverShown }
            return action
        }
        return (actions, coveredInBackground)
    }

    let homeAndBack: [AppLifecycleEvent] = [.willResignActive, .didEnterBackground, .willEnterForeground, .didBecomeActive]

    @Test("going home on a sensitive screen: covered from willResignActive through the snapshot, uncovered on didBecomeActive")
    func homeWithResignActiveTrigger() {
        let (actions, covered) = run(homeAndBack)
        #expect(actions == [.showCover, nil, nil, .hideCover])
        #expect(covered)
    }

    @Test("with the enterBackground trigger the cover goes up on didEnterBackground, stays through willEnterForeground, and comes down on didBecomeActive")
    func homeWithEnterBackgroundTrigger() {
        let (actions, covered) = run(homeAndBack, policy: PrivacyCoverPolicy(trigger: .enterBackground))
        #expect(actions == [nil, .showCover, nil, .hideCover])
        #expect(covered)
    }

    @Test("Control Center pulled over the app: the resignActive trigger covers and uncovers, the enterBackground trigger leaves the screen as it is")
    func controlCenter() {
        #expect(run([.willResignActive, .didBecomeActive]).actions == [.showCover, .hideCover])
        #expect(run([.willResignActive, .didBecomeActive], policy: PrivacyCoverPolicy(trigger: .enterBackground)).actions == [nil, nil])
    }

    @Test(
        "a screen the policy does not count as sensitive is never covered",
        arguments: [PrivacyCoverPolicy.Trigger.resignActive, .enterBackground]
    )
    func harmlessScreen(trigger: PrivacyCoverPolicy.Trigger) {
        let only = run(homeAndBack, policy: PrivacyCoverPolicy(trigger: trigger, sensitiveScreens: .only(["balance"])), screen: "help")
        #expect(only.actions == [nil, nil, nil, nil] && !only.coveredInBackground)
        let except = run(homeAndBack, policy: PrivacyCoverPolicy(trigger: trigger, sensitiveScreens: .allExcept(["login"])), screen: "login")
        #expect(except.actions == [nil, nil, nil, nil] && !except.coveredInBackground)
    }

    @Test("which screens are sensitive: all, only the listed ones, all but the listed ones; a screen the app did not name always is")
    func sensitivity() {
        #expect(PrivacyCoverPolicy().isSensitive("help"))
        #expect(PrivacyCoverPolicy(sensitiveScreens: .only(["balance"])).isSensitive("balance"))
        #expect(!PrivacyCoverPolicy(sensitiveScreens: .only(["balance"])).isSensitive("help"))
        #expect(PrivacyCoverPolicy(sensitiveScreens: .allExcept(["login"])).isSensitive("balance"))
        #expect(!PrivacyCoverPolicy(sensitiveScreens: .allExcept(["login"])).isSensitive("login"))
        #expect(PrivacyCoverPolicy(sensitiveScreens: .only([])).isSensitive(nil))
        #expect(run(homeAndBack, policy: PrivacyCoverPolicy(sensitiveScreens: .only(["balance"])), screen: nil).coveredInBackground)
    }

    @Test("moving to a harmless screen while in the background leaves the cover up until the app is active again")
    func coverStaysUntilActive() {
        var state = PrivacyCoverState(policy: PrivacyCoverPolicy(sensitiveScreens: .only(["balance"])), screen: "balance")
        #expect(state.handle(.willResignActive) == .showCover)
        #expect(state.handle(.didEnterBackground) == nil)
        #expect(state.screenDidAppear("help") == nil)
        #expect(state.handle(.willEnterForeground) == nil)
        #expect(state.isCoverShown)
        #expect(state.handle(.didBecomeActive) == .hideCover)
        #expect(!state.isCoverShown)
    }

    @Test("a sensitive screen appearing while the app is in the background puts the cover up; while active it does not")
    func sensitiveScreenAppearsInBackground() {
        var state = PrivacyCoverState(policy: PrivacyCoverPolicy(sensitiveScreens: .only(["balance"])), screen: "help")
        #expect(state.screenDidAppear("balance") == nil, "active: nothing to cover")
        #expect(state.screenDidAppear("help") == nil)
        #expect(state.handle(.willResignActive) == nil)
        #expect(state.handle(.didEnterBackground) == nil)
        #expect(state.screenDidAppear("balance") == .showCover)
        #expect(state.screenDidAppear("balance") == nil, "already up")
    }

    @Test("a state created in the background on a sensitive screen starts covered; one created inactive starts covered only with the resignActive trigger")
    func initialState() {
        #expect(PrivacyCoverState(phase: .background).isCoverShown)
        #expect(PrivacyCoverState(phase: .inactive).isCoverShown)
        #expect(!PrivacyCoverState(policy: PrivacyCoverPolicy(trigger: .enterBackground), phase: .inactive).isCoverShown)
        #expect(!PrivacyCoverState(phase: .active).isCoverShown)
        var launched = PrivacyCoverState(phase: .inactive)
        #expect(launched.handle(.didBecomeActive) == .hideCover)
    }

    @Test("SwiftUI scenePhase changes drive the same decisions as the UIKit events")
    func scenePhases() {
        var state = PrivacyCoverState(policy: PrivacyCoverPolicy(trigger: .enterBackground))
        #expect([AppPhase.inactive, .background, .inactive, .active].map { state.enter($0) } == [nil, .showCover, nil, .hideCover])
        #expect(AppLifecycleEvent.allCases.map(\.phaseAfter) == [.inactive, .background, .inactive, .active])
    }
}
