// The dynamics tutorial's tap-to-snap screen, ported from its Objective-C with `UI` dropped; the tap recognizer
// is played by the test, and the view's colour left out.
import Dynamics
import Foundation

final class TapToSnapViewController: ViewController {
    lazy var purpleView: View = {
        let purpleView = View(frame: CGRect(x: 0, y: 0, width: 50, height: 50))
        purpleView.center = view.center
        return purpleView
    }()

    lazy var animator = DynamicAnimator(referenceView: view)
    var snapBehavior: SnapBehavior?

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(purpleView)
    }

    /// The tap recognizer's action, with the tap's location in the view.
    func handleTapGesture(at touchPoint: CGPoint) {
        // 2. Only one snap at a time.
        if let snapBehavior {
            animator.removeBehavior(snapBehavior)
        }

        // 3. Snap to the tap, loosely.
        let snapBehavior = SnapBehavior(item: purpleView, snapTo: touchPoint)
        snapBehavior.damping = 0.3
        animator.addBehavior(snapBehavior)
        self.snapBehavior = snapBehavior
    }
}
