/// Where an animation stopped: UIKit's `UIViewAnimatingPosition`, with its raw values.
public enum ViewAnimatingPosition: Int, Sendable {
    /// At its end values (headless animations always finish here).
    case end = 0
    /// Back at its start values.
    case start = 1
    /// Where it was when stopped.
    case current = 2
}
