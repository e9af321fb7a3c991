// The dynamics tutorial's slide-in menu, ported from its Objective-C with `UI` dropped. Left out: the menu's
// table view and colours (not dynamics) and the swipe recognizers (the test swipes).
import Dynamics
import Foundation

final class SlideInMenuViewController: ViewController {
    /// The tab bar's height, which the menu leaves free.
    let tabBarHeight: CGFloat = 49

    /// Half the screen.
    var menuWidth: CGFloat { view.frame.size.width / 2 }

    // 1. Behind the menu: fades in while it is open.
    lazy var backgroundView: View = {
        let backgroundView = View(frame: view.frame)
        backgroundView.alpha = 0.0
        return backgroundView
    }()

    // 2. The menu, off screen to the left.
    lazy var menuView: View = View(
        frame: CGRect(x: -menuWidth, y: 20, width: menuWidth, height: view.frame.size.height - tabBarHeight))

    // 4. The animator.
    lazy var animator = DynamicAnimator(referenceView: view)

    override func viewDidLoad() {
        super.viewDidLoad()
        view.addSubview(backgroundView)
        view.addSubview(menuView)
    }

    func toggleMenu(_ shouldOpenMenu: Bool) {
        // Start from no behaviors.
        animator.removeAllBehaviors()

        // Gravity and push directions, and the boundary's position, from whether the menu opens.
        let gravityDirectionX: CGFloat = shouldOpenMenu ? 1.0 : -1.0
        let pushMagnitude: CGFloat = shouldOpenMenu ? 20.0 : -20.0
        let boundaryPointX: CGFloat = shouldOpenMenu ? menuWidth : -menuWidth

        // Gravity towards the side the menu goes.
        let gravityBehavior = GravityBehavior(items: [menuView])
        gravityBehavior.gravityDirection = CGVector(dx: gravityDirectionX, dy: 0)
        animator.addBehavior(gravityBehavior)

        // Collision with a boundary where the menu stops.
        let collisionBehavior = CollisionBehavior(items: [menuView])
        collisionBehavior.addBoundary(
            withIdentifier: "menuBoundary" as NSCopying, from: CGPoint(x: boundaryPointX, y: 20),
            to: CGPoint(x: boundaryPointX, y: tabBarController.tabBar.frame.origin.y))
        animator.addBehavior(collisionBehavior)

        // A push to get it going.
        let pushBehavior = PushBehavior(items: [menuView], mode: .instantaneous)
        pushBehavior.magnitude = pushMagnitude
        animator.addBehavior(pushBehavior)

        // A little bounce.
        let menuViewBehavior = DynamicItemBehavior(items: [menuView])
        menuViewBehavior.elasticity = 0.4
        animator.addBehavior(menuViewBehavior)

        // The background follows.
        backgroundView.alpha = shouldOpenMenu ? 0.5 : 0
    }

    /// The swipe recognizers' action: right opens, left closes.
    func handleGesture(swipedRight: Bool) {
        toggleMenu(swipedRight)
    }
}
