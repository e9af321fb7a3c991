// What the articles' gesture recognizers report; the scenarios play the gestures themselves.

/// The states a gesture recognizer reports (UIKit's `UIGestureRecognizer.State`).
enum GestureState {
    case began, changed, ended, cancelled, failed
}
