// The dynamics tutorial's drag-and-throw image, ported from its Objective-C with `UI` dropped. The pan
// recognizer is played by the test (state, locations, velocity); the image view is a plain view. Three changes
// beyond renames: the article stores the original frame as `orangeBounds`/`orangeCenter` but reads
// `originalBounds`/`originalCenter` (one name kept); `arc4random_uniform(20) - 10` is `Int.random(in: 0..<20) - 10`
// (the Objective-C wraps around below 10: unsigned arithmetic); and `resetDemo`'s 0.5 s `UIView` animation and
// the 0.3 s `performSelector` delay are the test's to play: the reset sets the end values.
import Dynamics
import Foundation

final class ThrowViewController: ViewController {
    static let throwingThreshold: CGFloat = 1000
    static let throwingVelocityPadding: CGFloat = 15

    lazy var imageView: View = {
        let center = view.center
        let imageView = View(frame: CGRect(x: 0, y: 0, width: 240, height: 240))
        imageView.center = CGPoint(x: center.x, y: center.y * 2 / 3)
        return imageView
    }()

    // The anchor (red) and where the touch began (blue).
    lazy var redView: View = {
        let redView = View(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        redView.center = CGPoint(x: view.center.x, y: view.center.y * 2 / 3)
        return redView
    }()

    lazy var blueView = View(frame: CGRect(x: 80, y: 400, width: 10, height: 10))

    var originalBounds = CGRect.zero
    var originalCenter = CGPoint.zero
    var animator: DynamicAnimator?
    var attachmentBehavior: AttachmentBehavior!
    var pushBehavior: PushBehavior?
    var itemBehavior: DynamicItemBehavior?

    override func viewDidLoad() {
        super.viewDidLoad()
        originalBounds = imageView.bounds
        originalCenter = imageView.center
        view.addSubview(imageView)
        view.addSubview(redView)
        view.addSubview(blueView)
    }

    /// The pan recognizer's action: `location` in the view, `boxLocation` in the image, `velocity` in pt/s.
    func handleAttachmentGesture(_ state: GestureState, location: CGPoint, boxLocation: CGPoint, velocity: CGPoint) {
        switch state {
        case .began:
            // 1. Drop whatever was running.
            animator?.removeAllBehaviors()

            // 2. Hold the image at the touched point.
            let centerOffset = UIOffset(horizontal: boxLocation.x - imageView.bounds.midX, vertical: boxLocation.y - imageView.bounds.midY)
            attachmentBehavior = AttachmentBehavior(item: imageView, offsetFromCenter: centerOffset, attachedToAnchor: location)

            // 3. Mark the anchor and the touch.
            redView.center = attachmentBehavior.anchorPoint
            blueView.center = location

            // 4. A new animator with the attachment.
            animator = DynamicAnimator(referenceView: view)
            animator?.addBehavior(attachmentBehavior)

        case .changed:
            attachmentBehavior.anchorPoint = location
            redView.center = attachmentBehavior.anchorPoint

        case .ended:
            // 1. Let go.
            animator?.removeBehavior(attachmentBehavior)

            // 2. How fast the finger went.
            let magnitude = sqrt(velocity.x * velocity.x + velocity.y * velocity.y)

            if magnitude > Self.throwingThreshold {
                // 3. Throw it that way.
                let pushBehavior = PushBehavior(items: [imageView], mode: .instantaneous)
                pushBehavior.pushDirection = CGVector(dx: velocity.x / 10, dy: velocity.y / 10)
                pushBehavior.magnitude = magnitude / Self.throwingVelocityPadding

                self.pushBehavior = pushBehavior
                animator?.addBehavior(pushBehavior)

                // 4. Some spin while it flies.
                let angle = Int.random(in: 0..<20) - 10

                let itemBehavior = DynamicItemBehavior(items: [imageView])
                itemBehavior.friction = 0.2
                itemBehavior.allowsRotation = true
                itemBehavior.addAngularVelocity(CGFloat(angle), for: imageView)
                self.itemBehavior = itemBehavior
                animator?.addBehavior(itemBehavior)

                // 5. The article resets after 0.3 s (performSelector:afterDelay:); the test calls resetDemo().
            } else {
                resetDemo()
            }

        default:
            break
        }
    }

    func resetDemo() {
        animator?.removeAllBehaviors()

        // The end of the article's 0.5 s animation.
        imageView.bounds = originalBounds
        imageView.center = originalCenter
        imageView.transform = .identity
    }
}
