// The dynamics tutorial's first screen (a ball falling under gravity onto the tab bar), ported from its
// Objective-C with `UI` dropped. Left out: the ball's colour and corner radius (drawing). `NSLog` in the action
// is recorded instead of printed.
import Dynamics
import Foundation

final class FallingBallViewController: ViewController {
    var animator: DynamicAnimator!
    var orangeBall: View!
    /// What the article's action logs: the ball's centre y, once per step.
    var loggedCenterY: [CGFloat] = []

    override func viewDidLoad() {
        super.viewDidLoad()

        // 1. The ball.
        orangeBall = View(frame: CGRect(x: view.bounds.size.width / 2 - 25, y: 100, width: 50, height: 50))
        view.addSubview(orangeBall)

        // 2. The animator, in the view's coordinates.
        animator = DynamicAnimator(referenceView: view)

        testGravity()
    }

    func testGravity() {
        // 1. Gravity on the ball.
        let gravity = GravityBehavior(items: [orangeBall])
        // Weak: the controller owns the animator, which owns the behavior and its action (a strong self here
        // would be a cycle that keeps the whole screen alive, as it would in UIKit).
        gravity.action = { [weak self] in
            guard let self else { return }
            self.loggedCenterY.append(self.orangeBall.center.y)
        }

        // 2. Into the animator.
        animator.addBehavior(gravity)

        // 3. Collision: the tab bar's top edge is a boundary.
        let collision = CollisionBehavior(items: [orangeBall])
        collision.addBoundary(
            withIdentifier: "tabbar" as NSCopying, from: tabBarController.tabBar.frame.origin,
            to: CGPoint(
                x: tabBarController.tabBar.frame.origin.x + tabBarController.tabBar.frame.size.width,
                y: tabBarController.tabBar.frame.origin.y))
        animator.addBehavior(collision)

        // 4. A bouncier ball.
        let ballBehavior = DynamicItemBehavior(items: [orangeBall])
        ballBehavior.elasticity = 0.7
        animator.addBehavior(ballBehavior)
    }
}
