// Headless drag and drop: the item provider's typed representations loaded asynchronously, interactions on
// views, hit testing, and the driver calling both sides' delegates in order.
import Dynamics
import Foundation
import Testing

/// A value that travels as UTF-8 text under its own type identifier (and plain text).
struct Sticker: ItemProviderWriting, ItemProviderReading, Equatable {
    var name: String

    static var writableTypeIdentifiersForItemProvider: [String] { ["com.example.sticker", "public.utf8-plain-text"] }
    static var readableTypeIdentifiersForItemProvider: [String] { ["com.example.sticker"] }

    func loadData(withTypeIdentifier typeIdentifier: String) throws -> Data { Data(name.utf8) }

    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Sticker {
        Sticker(name: String(decoding: data, as: UTF8.self))
    }
}

/// Reads plain text only.
struct Note: ItemProviderReading {
    var text: String
    static var readableTypeIdentifiersForItemProvider: [String] { ["public.utf8-plain-text"] }
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Note {
        Note(text: String(decoding: data, as: UTF8.self))
    }
}

/// Reads a type nobody writes.
struct Photo: ItemProviderReading {
    static var readableTypeIdentifiersForItemProvider: [String] { ["public.png"] }
    static func object(withItemProviderData data: Data, typeIdentifier: String) throws -> Photo { Photo() }
}

/// Every delegate call of a scene, in order.
@MainActor
final class EventLog {
    var events: [String] = []
}

/// A drag source that offers one sticker named after it.
@MainActor
final class StickerSource: DragInteractionDelegate {
    let name: String
    let log: EventLog
    var offersItems = true

    init(_ name: String, log: EventLog) {
        self.name = name
        self.log = log
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: any DragSession) -> [DragItem] {
        log.events.append("\(name).itemsForBeginning")
        guard offersItems else { return [] }
        let item = DragItem(itemProvider: ItemProvider(object: Sticker(name: name)))
        item.localObject = interaction.view
        return [item]
    }
    func dragInteraction(_ interaction: DragInteraction, willAnimateLiftWith animator: any DragAnimating, session: any DragSession) {
        log.events.append("\(name).willAnimateLift")
        animator.addCompletion { [log, name] position in log.events.append("\(name).liftCompletion(\(position))") }
        animator.addAnimations { [log, name] in log.events.append("\(name).liftAnimation") }
    }
    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: any DragSession) {
        log.events.append("\(name).sessionWillBegin")
    }
    func dragInteraction(_ interaction: DragInteraction, sessionDidMove session: any DragSession) {
        log.events.append("\(name).sessionDidMove")
    }
    func dragInteraction(_ interaction: DragInteraction, session: any DragSession, willEndWith operation: DropOperation) {
        log.events.append("\(name).willEndWith(\(operation))")
    }
    func dragInteraction(_ interaction: DragInteraction, session: any DragSession, didEndWith operation: DropOperation) {
        log.events.append("\(name).didEndWith(\(operation))")
    }
}

/// A drop target that proposes a fixed operation and records where drops land.
@MainActor
final class RecordingTarget: DropInteractionDelegate {
    let name: String
    let log: EventLog
    var operation: DropOperation
    var handles = true
    var drops: [(location: CGPoint, isLocal: Bool, items: Int)] = []

    init(_ name: String, operation: DropOperation, log: EventLog) {
        self.name = name
        self.operation = operation
        self.log = log
    }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: any DropSession) -> Bool {
        log.events.append("\(name).canHandle")
        return handles && session.canLoadObjects(ofClass: Sticker.self)
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: any DropSession) {
        log.events.append("\(name).sessionDidEnter")
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: any DropSession) -> DropProposal {
        log.events.append("\(name).sessionDidUpdate")
        return DropProposal(operation: operation)
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: any DropSession) {
        log.events.append("\(name).sessionDidExit")
    }
    func dropInteraction(_ interaction: DropInteraction, performDrop session: any DropSession) {
        log.events.append("\(name).performDrop")
        drops.append((session.location(in: interaction.view!), session.localDragSession != nil, session.items.count))
    }
    func dropInteraction(_ interaction: DropInteraction, item: DragItem, willAnimateDropWith animator: any DragAnimating) {
        log.events.append("\(name).willAnimateDrop")
    }
    func dropInteraction(_ interaction: DropInteraction, concludeDrop session: any DropSession) {
        log.events.append("\(name).concludeDrop")
    }
    func dropInteraction(_ interaction: DropInteraction, sessionDidEnd session: any DropSession) {
        log.events.append("\(name).sessionDidEnd")
    }
}

/// Loads `aClass` from `provider` and waits for the background completion.
func load(_ aClass: any ItemProviderReading.Type, from provider: ItemProvider) async -> ((any ItemProviderReading)?, (any Error)?) {
    await withCheckedContinuation { continuation in
        provider.loadObject(ofClass: aClass) { object, error in continuation.resume(returning: (object, error)) }
    }
}

@MainActor
@Suite("Drag and drop")
struct DragAndDropTests {
    /// A 400 × 400 window: a source view at (20, 20, 60 × 60), a "shelf" drop target at (200, 0, 200 × 200), and
    /// a window-wide drop target.
    @MainActor
    private struct Scene {
        let log = EventLog()
        let window = View(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
        let sourceView = View(frame: CGRect(x: 20, y: 20, width: 60, height: 60))
        let shelf = View(frame: CGRect(x: 200, y: 0, width: 200, height: 200))
        let source: StickerSource
        let shelfTarget: RecordingTarget
        let windowTarget: RecordingTarget
        let driver: DragAndDropDriver

        init() {
            source = StickerSource("source", log: log)
            shelfTarget = RecordingTarget("shelf", operation: .copy, log: log)
            windowTarget = RecordingTarget("window", operation: .move, log: log)
            window.addSubview(sourceView)
            window.addSubview(shelf)
            sourceView.addInteraction(DragInteraction(delegate: source))
            shelf.addInteraction(DropInteraction(delegate: shelfTarget))
            window.addInteraction(DropInteraction(delegate: windowTarget))
            driver = DragAndDropDriver(window: window)
        }
    }

    @Test("The provider hands out typed representations, loaded on a background queue")
    func itemProvider() async throws {
        let provider = ItemProvider(object: Sticker(name: "fox"))
        #expect(provider.registeredTypeIdentifiers == ["com.example.sticker", "public.utf8-plain-text"])
        #expect(provider.hasItemConformingToTypeIdentifier("public.utf8-plain-text"))
        #expect(!provider.hasItemConformingToTypeIdentifier("public.png"))
        #expect(provider.canLoadObject(ofClass: Sticker.self) && provider.canLoadObject(ofClass: Note.self))
        #expect(!provider.canLoadObject(ofClass: Photo.self))

        let (sticker, noError) = await load(Sticker.self, from: provider)
        #expect(sticker as? Sticker == Sticker(name: "fox") && noError == nil)
        let (note, _) = await load(Note.self, from: provider)
        #expect((note as? Note)?.text == "fox")
        let (photo, error) = await load(Photo.self, from: provider)
        #expect(photo == nil)
        #expect(
            error as? ItemProviderError
                == .cannotLoadObject(className: "Photo", registeredTypeIdentifiers: ["com.example.sticker", "public.utf8-plain-text"]))

        let onMainThread = await withCheckedContinuation { continuation in
            provider.loadDataRepresentation(forTypeIdentifier: "public.utf8-plain-text") { data, _ in
                continuation.resume(returning: (Thread.isMainThread, data))
            }
        }
        #expect(!onMainThread.0, "completion on a background queue, as in UIKit")
        #expect(onMainThread.1 == Data("fox".utf8))

        let raw = ItemProvider()
        raw.registerDataRepresentation(forTypeIdentifier: "com.example.raw") { Data([1, 2, 3]) }
        let missing = await withCheckedContinuation { continuation in
            raw.loadDataRepresentation(forTypeIdentifier: "com.example.other") { data, error in
                continuation.resume(returning: (data, error))
            }
        }
        #expect(missing.0 == nil && missing.1 as? ItemProviderError == .noRepresentation(typeIdentifier: "com.example.other"))
    }

    @Test("A drag from the source to the shelf: both sides' delegates in order, the drop where the finger lifted")
    func dropOnShelf() {
        let scene = Scene()
        #expect(scene.driver.beginDrag(at: CGPoint(x: 50, y: 50)))
        #expect(scene.driver.isDragging && scene.driver.targetView === scene.window)
        #expect(scene.driver.proposedOperation == .move)
        scene.driver.move(to: CGPoint(x: 150, y: 50))
        scene.driver.move(to: CGPoint(x: 250, y: 60))
        #expect(scene.driver.targetView === scene.shelf && scene.driver.proposedOperation == .copy)
        scene.driver.move(to: CGPoint(x: 300, y: 80))
        #expect(scene.driver.release() == .copy)
        #expect(!scene.driver.isDragging)

        #expect(scene.log.events == [
            "source.itemsForBeginning", "source.willAnimateLift", "source.liftAnimation", "source.liftCompletion(end)",
            "source.sessionWillBegin",
            "window.canHandle", "window.sessionDidEnter", "window.sessionDidUpdate",
            "source.sessionDidMove", "window.sessionDidUpdate",
            "source.sessionDidMove", "shelf.canHandle", "window.sessionDidExit", "shelf.sessionDidEnter", "shelf.sessionDidUpdate",
            "source.sessionDidMove", "shelf.sessionDidUpdate",
            "source.willEndWith(copy)", "shelf.performDrop", "shelf.willAnimateDrop", "shelf.concludeDrop",
            "source.didEndWith(copy)", "window.sessionDidEnd", "shelf.sessionDidEnd",
        ])
        let drop = scene.shelfTarget.drops
        #expect(drop.count == 1 && drop[0].location == CGPoint(x: 100, y: 80) && drop[0].isLocal && drop[0].items == 1)
        #expect(scene.windowTarget.drops.isEmpty)
    }

    @Test("Releasing over a forbidding target drops nothing; over no target, the proposal is cancel")
    func forbiddenAndNowhere() {
        let scene = Scene()
        scene.shelfTarget.operation = .forbidden
        scene.driver.beginDrag(at: CGPoint(x: 50, y: 50))
        scene.driver.move(to: CGPoint(x: 300, y: 100))
        scene.log.events.removeAll()
        #expect(scene.driver.release() == .forbidden)
        #expect(scene.log.events == [
            "source.willEndWith(forbidden)", "shelf.sessionDidExit", "source.didEndWith(forbidden)",
            "window.sessionDidEnd", "shelf.sessionDidEnd",
        ])
        #expect(scene.shelfTarget.drops.isEmpty && scene.windowTarget.drops.isEmpty)

        scene.driver.beginDrag(at: CGPoint(x: 50, y: 50))
        scene.driver.move(to: CGPoint(x: 500, y: 50))  // outside the window
        #expect(scene.driver.targetView == nil && scene.driver.proposedOperation == .cancel)
        #expect(scene.driver.release() == .cancel)
    }

    @Test("canHandle is asked once per session; a view that cannot handle it passes it to its ancestors")
    func canHandle() {
        let scene = Scene()
        scene.shelfTarget.handles = false
        scene.driver.beginDrag(at: CGPoint(x: 50, y: 50))
        scene.driver.move(to: CGPoint(x: 300, y: 50))
        scene.driver.move(to: CGPoint(x: 310, y: 50))
        #expect(scene.driver.targetView === scene.window, "the shelf declined: the window takes the drop")
        #expect(scene.log.events.filter { $0 == "shelf.canHandle" }.count == 1)
        #expect(scene.log.events.filter { $0 == "window.sessionDidEnter" }.count == 1, "the window was never left")
        #expect(scene.driver.release() == .move)
        #expect(scene.windowTarget.drops.first?.location == CGPoint(x: 310, y: 50))
        #expect(!scene.log.events.contains("shelf.sessionDidEnd"), "only interactions that could handle it hear the end")
    }

    @Test("No drag: no items offered, a touch outside any drag interaction, a disabled or hidden source")
    func refusedDrags() {
        let scene = Scene()
        scene.source.offersItems = false
        #expect(!scene.driver.beginDrag(at: CGPoint(x: 50, y: 50)))
        #expect(scene.log.events == ["source.itemsForBeginning"])
        scene.source.offersItems = true
        #expect(!scene.driver.beginDrag(at: CGPoint(x: 150, y: 150)))
        let interaction = scene.sourceView.interactions[0] as! DragInteraction
        interaction.isEnabled = false
        #expect(!scene.driver.beginDrag(at: CGPoint(x: 50, y: 50)))
        interaction.isEnabled = true
        scene.sourceView.isHidden = true
        #expect(!scene.driver.beginDrag(at: CGPoint(x: 50, y: 50)))
        scene.sourceView.isHidden = false
        scene.sourceView.isUserInteractionEnabled = false
        #expect(!scene.driver.beginDrag(at: CGPoint(x: 50, y: 50)))
        scene.sourceView.isUserInteractionEnabled = true
        #expect(scene.driver.beginDrag(at: CGPoint(x: 50, y: 50)))
        #expect(scene.log.events.count == 1 + 5 + 3, "only the last touch began a drag")
    }

    @Test("A drag from another app: no local drag session, and a move proposal is performed as a copy")
    func externalDrag() {
        let scene = Scene()
        let item = DragItem(itemProvider: ItemProvider(object: Sticker(name: "elsewhere")))
        scene.driver.beginExternalDrag(items: [item], at: CGPoint(x: 10, y: 300))
        #expect(scene.driver.targetView === scene.window && scene.driver.proposedOperation == .move)
        #expect(scene.driver.release() == .copy)
        #expect(scene.windowTarget.drops.count == 1 && !scene.windowTarget.drops[0].isLocal)
        #expect(scene.log.events == [
            "window.canHandle", "window.sessionDidEnter", "window.sessionDidUpdate",
            "window.performDrop", "window.willAnimateDrop", "window.concludeDrop", "window.sessionDidEnd",
        ])
    }

    @Test("Interactions move between views; hit testing finds the front-most visible view")
    func interactionsAndHitTesting() {
        let log = EventLog()
        let delegate = StickerSource("s", log: log)
        let a = View(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let b = View(frame: CGRect(x: 10, y: 10, width: 50, height: 50))
        let c = View(frame: CGRect(x: 30, y: 30, width: 50, height: 50))
        a.addSubview(b)
        a.addSubview(c)
        let interaction = DragInteraction(delegate: delegate)
        b.addInteraction(interaction)
        #expect(interaction.view === b && b.interactions.count == 1)
        c.addInteraction(interaction)
        #expect(interaction.view === c && b.interactions.isEmpty && c.interactions.count == 1)
        c.removeInteraction(interaction)
        #expect(interaction.view == nil && c.interactions.isEmpty)

        #expect(a.hitTest(CGPoint(x: 40, y: 40)) === c, "c is in front of b")
        #expect(a.hitTest(CGPoint(x: 15, y: 15)) === b)
        #expect(a.hitTest(CGPoint(x: 90, y: 15)) === a)
        #expect(a.hitTest(CGPoint(x: 150, y: 15)) == nil)
        c.alpha = 0
        #expect(a.hitTest(CGPoint(x: 40, y: 40)) === b, "transparent views let touches through")
        #expect(c.point(inside: CGPoint(x: 10, y: 10)) && !c.point(inside: CGPoint(x: 60, y: 10)), "point(inside:) is the bounds alone")
    }
}
