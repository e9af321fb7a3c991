// The bounds-mapping article's view controller, ported from its Swift with `UI` dropped. The button is a plain
// view (its colour, corner radius, title and target-action are UIKit beyond dynamics: the test presses it).
import Dynamics
import Foundation

final class BoundsMappingViewController: ViewController
{
    lazy var button: View =
    {
        let button = View(frame: CGRect(x: 0.0, y: 0.0, width: 300.0, height: 200.0))
        self.view.addSubview(button)
        return button
    }()

    var buttonBounds = CGRect.zero
    var animator: DynamicAnimator?

    override func viewDidLoad()
    {
        super.viewDidLoad()
        buttonBounds = button.bounds
    }

    override func viewDidLayoutSubviews()
    {
        super.viewDidLayoutSubviews()
        button.center = view.center
    }

    func didPressButton(sender: View)
    {
        // Start from the original size, so a second press does not build on the first.
        button.bounds = buttonBounds
        let animator = DynamicAnimator(referenceView: view)

        // The mapping.
        let buttonBoundsDynamicItem = PositionToBoundsMapping(target: button)

        // A spring holding the size where it is.
        let attachmentBehavior = AttachmentBehavior(item: buttonBoundsDynamicItem, attachedToAnchor: buttonBoundsDynamicItem.center)

        // Higher frequency: faster breathing.
        attachmentBehavior.frequency = 2.0

        // Lower damping: it breathes longer.
        attachmentBehavior.damping = 0.1
        animator.addBehavior(attachmentBehavior)

        let pushBehavior = PushBehavior(items: [buttonBoundsDynamicItem], mode: .instantaneous)

        // The angle splits the growth between width and height: 45° grows both alike.
        pushBehavior.angle = .pi / 4.0

        // A bigger push, a bigger change.
        pushBehavior.magnitude = 30.0
        animator.addBehavior(pushBehavior)
        pushBehavior.active = true

        // Keep the animator alive.
        self.animator = animator
    }
}
