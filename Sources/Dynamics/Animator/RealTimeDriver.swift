import Dispatch
internal import Foundation

/// Steps an animator from a timer on the main queue while it runs, with each frame's real elapsed time.
@MainActor
final class RealTimeDriver {
    private weak var animator: DynamicAnimator?
    private let interval: TimeInterval
    private var timer: (any DispatchSourceTimer)?
    private var lastTick: UInt64 = 0

    init(animator: DynamicAnimator, framesPerSecond: Int) {
        self.animator = animator
        interval = 1.0 / Double(framesPerSecond)
    }

    var isTicking: Bool { timer != nil }

    func start() {
        guard timer == nil else { return }
        let source = DispatchSource.makeTimerSource(queue: .main)
        source.schedule(deadline: .now() + interval, repeating: interval, leeway: .microseconds(500))
        source.setEventHandler { [weak self] in
            MainActor.assumeIsolated { self?.tick() }
        }
        lastTick = DispatchTime.now().uptimeNanoseconds
        timer = source
        source.resume()
    }

    func stop() {
        timer?.cancel()
        timer = nil
    }

    private func tick() {
        let now = DispatchTime.now().uptimeNanoseconds
        let dt = Double(now - lastTick) / 1e9
        lastTick = now
        guard let animator, dt > 0 else { return }
        animator.step(dt)
    }
}

extension DynamicAnimator {
    /// Steps the animator in real time from a timer on the main queue at `framesPerSecond` (60 or 120) while
    /// it runs; the timer stops when the animator pauses and starts again when it resumes. The main queue must
    /// be serviced (an application's run loop, `dispatchMain()`, or `RunLoop.main.run(until:)`).
    public func startRealTimeDriver(framesPerSecond: Int = 60) {
        precondition(
            framesPerSecond == 60 || framesPerSecond == 120,
            "DynamicAnimator.startRealTimeDriver: framesPerSecond must be 60 or 120 (got \(framesPerSecond))")
        stopRealTimeDriver()
        let newDriver = RealTimeDriver(animator: self, framesPerSecond: framesPerSecond)
        driver = newDriver
        if isRunning { newDriver.start() }
    }

    /// Stops stepping in real time; ``step(_:)`` can still be called by hand.
    public func stopRealTimeDriver() {
        driver?.stop()
        driver = nil
    }

    /// True while the real-time driver's timer is firing (the driver is on and the animator is running).
    public var isDrivenInRealTime: Bool { driver?.isTicking ?? false }
}
