import AppPrivacy
import Testing

@Suite("Screen capture: secret content is hidden while the screen is recorded or mirrored; screenshots are reported")
struct ScreenCaptureTests {
    @Test("capture start and stop are each reported once, however often the reading repeats, and secrets are hidden in between")
    func startAndStop() {
        var state = ScreenCaptureState()
        #expect(!state.hidesSecretContent)
        #expect(
            [true, true, false, false, true].map { state.captureDidChange(isCaptured: $0) } == [.captureStarted, nil, .captureStopped, nil, .captureStarted])
        #expect(state.isCaptured && state.hidesSecretContent)
    }

    @Test("sceneCaptureState active starts, inactive stops, unspecified changes nothing")
    func sceneCaptureState() {
        var state = ScreenCaptureState()
        #expect(state.sceneCaptureStateDidChange(.unspecified) == nil)
        #expect(!state.hidesSecretContent)
        #expect(state.sceneCaptureStateDidChange(.active) == .captureStarted)
        #expect(state.sceneCaptureStateDidChange(.unspecified) == nil)
        #expect(state.hidesSecretContent, "an unspecified reading does not end a capture")
        #expect(state.sceneCaptureStateDidChange(.inactive) == .captureStopped)
        #expect(!state.hidesSecretContent)
    }

    @Test("observers are told of each change after the state is updated, in the order added, and no longer once removed")
    @MainActor
    func monitorObservers() {
        let monitor = ScreenCaptureMonitor(state: ScreenCaptureState(isCaptured: false))
        var seen: [String] = []
        monitor.addObserver { [unowned monitor] event in seen.append("first \(event) hides=\(monitor.hidesSecretContent)") }
        let second = monitor.addObserver { event in seen.append("second \(event)") }
        monitor.captureDidChange(isCaptured: true)
        monitor.sceneCaptureStateDidChange(.active)
        monitor.removeObserver(second)
        monitor.sceneCaptureStateDidChange(.inactive)
        #expect(seen == ["first captureStarted hides=true", "second captureStarted", "first captureStopped hides=false"])
    }

    @Test("a screenshot is reported to observers after the fact and hides nothing: it cannot be prevented")
    @MainActor
    func screenshot() {
        let monitor = ScreenCaptureMonitor()
        var seen: [ScreenCaptureEvent] = []
        monitor.addObserver { seen.append($0) }
        monitor.screenshotWasTaken()
        #expect(seen == [.screenshotTaken])
        #expect(!monitor.hidesSecretContent)
        #expect(monitor.state == ScreenCaptureState(isCaptured: false))
    }
}
