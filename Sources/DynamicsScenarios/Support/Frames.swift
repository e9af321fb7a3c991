// The scenarios run at 60 Hz, one animator step per frame, as a device would.
import Dynamics
import Foundation

/// One 60 Hz frame, seconds.
let frame = 1.0 / 60.0

extension DynamicAnimator {
    /// Steps `count` frames of 1/60 s.
    func run(frames count: Int) {
        for _ in 0..<count { step(frame) }
    }

    /// Steps one frame when the animator is running (a paused one stays paused, as on a device, where nothing
    /// steps it); true when this step paused it.
    func stepNotingPause() -> Bool {
        guard isRunning else { return false }
        step(frame)
        return !isRunning
    }

    /// Steps until the animator pauses, at most `limit` frames; returns the frames stepped.
    @discardableResult
    func runUntilPaused(limit: Int = 60 * 30) -> Int {
        var frames = 0
        while isRunning && frames < limit {
            step(frame)
            frames += 1
        }
        return frames
    }
}

/// The distance between two points.
func distance(_ p: CGPoint, _ q: CGPoint) -> Double {
    hypot(Double(p.x - q.x), Double(p.y - q.y))
}
