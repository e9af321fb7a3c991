// Drag to move or copy: the image moved within the window, copied into a tray through its item provider,
// refused by a locked area, and copied in from another app, with both sides' delegates heard in order.
import Dynamics
@testable import DynamicsScenarios
import Foundation
import Testing

@MainActor
@Suite("Drag to move or copy")
struct DragToMoveCopyTests {
    /// The article's screen (image at (50, 80), 100 × 100, the window a drop target), a tray along the bottom
    /// (y ≥ 500) and a locked area in the top right corner (x ≥ 275, y < 60), and a driver for the finger.
    @MainActor
    private struct Scene {
        let controller = DragAndDropViewController()
        let trayView = View(frame: CGRect(x: 0, y: 500, width: 375, height: 167))
        let lockedView = View(frame: CGRect(x: 275, y: 0, width: 100, height: 60))
        let tray: CopyTray
        let locked: LockedArea
        let driver: DragAndDropDriver

        init() {
            controller.viewDidLoad()
            controller.view.addSubview(trayView)
            controller.view.addSubview(lockedView)
            let controller = controller
            tray = CopyTray(view: trayView) { controller.log.append($0) }
            locked = LockedArea(view: lockedView) { controller.log.append($0) }
            driver = DragAndDropDriver(window: controller.view)
        }

        var image: ImageView { controller.dragImageView }
    }

    /// Waits (letting the main queue run) until `condition` holds, up to 5 s; returns whether it did.
    private func eventually(_ condition: () -> Bool) async throws -> Bool {
        let deadline = ContinuousClock.now + .seconds(5)
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            try await Task.sleep(for: .milliseconds(2))
        }
        return true
    }

    @Test("Move: the image goes where the finger lifts, animated by the drop delegate")
    func moveWithinTheWindow() {
        let scene = Scene()
        #expect(scene.image.center == CGPoint(x: 100, y: 130))
        #expect(scene.driver.beginDrag(at: CGPoint(x: 90, y: 120)))
        scene.driver.move(to: CGPoint(x: 150, y: 250))
        scene.driver.move(to: CGPoint(x: 200, y: 400))
        #expect(scene.controller.dropPoint == CGPoint(x: 200, y: 400))
        #expect(scene.driver.release() == .move)

        #expect(scene.image.center == CGPoint(x: 200, y: 400), "moved, not copied")
        #expect(scene.controller.view.subviews.compactMap { $0 as? ImageView }.count == 1)
        #expect(scene.controller.log == [
            "drag.itemsForBeginning", "drag.sessionWillBegin",
            "window.sessionDidEnter", "window.sessionDidUpdate",
            "window.sessionDidUpdate", "window.sessionDidUpdate",
            "window.performDrop", "window.willAnimateDrop", "window.concludeDrop",
            "drag.didEndWith(move)", "window.sessionDidEnd",
        ])
    }

    @Test("Copy: the tray loads the image from the provider into a new view; the original stays")
    func copyIntoTheTray() async throws {
        let scene = Scene()
        #expect(scene.driver.beginDrag(at: CGPoint(x: 100, y: 130)))
        scene.driver.move(to: CGPoint(x: 100, y: 400))
        scene.driver.move(to: CGPoint(x: 160, y: 560))
        #expect(scene.driver.targetView === scene.trayView)
        #expect(scene.driver.release() == .copy)

        #expect(try await eventually { !scene.trayView.subviews.isEmpty }, "the copy arrives from the provider")
        let copy = try #require(scene.trayView.subviews.first as? ImageView)
        #expect(copy.center == CGPoint(x: 160, y: 60) && copy.image == Image(named: "madao"))
        #expect(copy !== scene.image && scene.image.center == CGPoint(x: 100, y: 130), "the original did not move")
        #expect(scene.controller.log == [
            "drag.itemsForBeginning", "drag.sessionWillBegin",
            "window.sessionDidEnter", "window.sessionDidUpdate",
            "window.sessionDidUpdate",
            "tray.canHandle", "window.sessionDidExit", "tray.sessionDidEnter", "tray.sessionDidUpdate",
            "tray.performDrop", "tray.concludeDrop",
            "drag.didEndWith(copy)", "window.sessionDidEnd", "tray.sessionDidEnd",
        ])
    }

    @Test("Forbidden: the locked area refuses the drop; nothing moves or appears")
    func refusedByTheLockedArea() async throws {
        let scene = Scene()
        #expect(scene.driver.beginDrag(at: CGPoint(x: 100, y: 130)))
        scene.driver.move(to: CGPoint(x: 320, y: 30))
        #expect(scene.driver.proposedOperation == .forbidden)
        #expect(scene.driver.release() == .forbidden)

        #expect(scene.image.center == CGPoint(x: 100, y: 130))
        #expect(scene.controller.view.subviews.count == 3 && scene.lockedView.subviews.isEmpty)
        #expect(scene.controller.log == [
            "drag.itemsForBeginning", "drag.sessionWillBegin",
            "window.sessionDidEnter", "window.sessionDidUpdate",
            "window.sessionDidExit", "locked.sessionDidEnter", "locked.sessionDidUpdate",
            "locked.sessionDidExit", "drag.didEndWith(forbidden)", "window.sessionDidEnd", "locked.sessionDidEnd",
        ])
        try await Task.sleep(for: .milliseconds(20))
        #expect(scene.controller.view.subviews.count == 3, "and nothing arrives later")
    }

    @Test("From another app: no local drag session, so the window copies the picture in through the provider")
    func copyInFromAnotherApp() async throws {
        let scene = Scene()
        // The article has the proposal say copy for this (and its move animation needs a dragged view here).
        scene.controller.segmentControl.selectedSegmentIndex = 1
        let photo = DragItem(itemProvider: ItemProvider(object: Image(named: "sunset")!))
        scene.driver.beginExternalDrag(items: [photo], at: CGPoint(x: 300, y: 200))
        scene.driver.move(to: CGPoint(x: 250, y: 300))
        #expect(scene.driver.proposedOperation == .copy)
        #expect(scene.driver.release() == .copy)

        let arrived = try await eventually { scene.controller.view.subviews.count == 4 }
        #expect(arrived)
        let copy = try #require(scene.controller.view.subviews.last as? ImageView)
        #expect(copy.image == Image(named: "sunset") && copy.center == CGPoint(x: 250, y: 300))
        #expect(copy.interactions.contains { $0 is DragInteraction } && copy.isUserInteractionEnabled, "the copy can be dragged on")
        #expect(scene.image.center == CGPoint(x: 100, y: 130))
        #expect(!scene.controller.log.contains { $0.hasPrefix("drag.") }, "no drag delegate here hears an outside drag")
    }
}
