// Layout animators: layout attributes as items in content space, one invalidation per step, and
// layoutAttributesForCell(at:).
import Dynamics
import Foundation
import Testing

/// A layout that answers queries from its animator, as in seed 000's flow layout subclass.
@MainActor
final class DynamicLayout: CollectionViewLayout {
    var animator: DynamicAnimator?
    override var collectionViewContentSize: CGSize { CGSize(width: 320, height: 4000) }
    override func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes]? {
        animator?.items(in: rect).compactMap { $0 as? CollectionViewLayoutAttributes } ?? []
    }
    override func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
        animator?.layoutAttributesForCell(at: indexPath)
    }
}

@Suite("Collection view layout animators") @MainActor
struct CollectionViewLayoutTests {
    private func cell(_ item: Int, center: CGPoint, size: CGSize = CGSize(width: 100, height: 50))
        -> CollectionViewLayoutAttributes
    {
        let attributes = CollectionViewLayoutAttributes(forCellWith: [0, item])
        attributes.center = center
        attributes.size = size
        return attributes
    }

    @Test("The layout is invalidated exactly once per step, and not while paused", arguments: allSolvers)
    func invalidatedEveryStep(solver: SolverKind) {
        let layout = DynamicLayout()
        let animator = DynamicAnimator(collectionViewLayout: layout, solver: solver)
        layout.animator = animator
        #expect(animator.collectionViewLayout === layout)
        #expect(animator.referenceView == nil)
        let a = cell(0, center: CGPoint(x: 60, y: 30))
        let properties = DynamicItemBehavior(items: [a])
        properties.resistance = 5
        animator.addBehavior(properties)
        properties.addLinearVelocity(CGPoint(x: 0, y: 40), for: a)
        #expect(layout.invalidationCount == 0)

        #expect(animator.run(10) == 10)
        #expect(layout.invalidationCount == 10)
        let ran = animator.run(1000)
        #expect(ran > 0 && ran < 1000)
        #expect(layout.invalidationCount == 10 + ran)
        animator.run(5)  // paused
        #expect(layout.invalidationCount == 10 + ran)
    }

    @Test("Attributes move in content space under gravity", arguments: allSolvers)
    func attributesMove(solver: SolverKind) {
        let layout = DynamicLayout()
        let animator = DynamicAnimator(collectionViewLayout: layout, solver: solver)
        let a = cell(0, center: CGPoint(x: 60, y: 30))
        let b = cell(1, center: CGPoint(x: 200, y: 30), size: CGSize(width: 40, height: 40))
        let properties = DynamicItemBehavior(items: [a, b])
        properties.resistance = 0
        animator.addBehavior(GravityBehavior(items: [a, b]))
        animator.addBehavior(properties)
        animator.run(30)
        let drop = constantAccelerationDistance(acceleration: 1000, substeps: 60, h: substepDT, model: animator.springModel)
        #expect(isClose(Double(a.center.y), 30 + drop, 1e-9))
        #expect(isClose(Double(b.center.y), 30 + drop, 1e-9))
        #expect(a.center.x == 60 && b.center.x == 200)
        #expect(a.size == CGSize(width: 100, height: 50))  // size untouched
        #expect(isClose(Double(a.frame.minY), 30 + drop - 25, 1e-9))
    }

    @Test("layoutAttributesForCell(at:) returns the registered attributes, or nil", arguments: allSolvers)
    func cellLookup(solver: SolverKind) throws {
        let layout = DynamicLayout()
        let animator = DynamicAnimator(collectionViewLayout: layout, solver: solver)
        layout.animator = animator
        let a = cell(0, center: CGPoint(x: 60, y: 30))
        let b = cell(7, center: CGPoint(x: 60, y: 300))
        let header = CollectionViewLayoutAttributes(forSupplementaryViewOfKind: "header", with: [0, 3])
        header.center = CGPoint(x: 160, y: 500)
        header.size = CGSize(width: 320, height: 20)
        let gravity = GravityBehavior(items: [a, b, header])
        #expect(animator.layoutAttributesForCell(at: [0, 0]) == nil)  // no body yet
        animator.addBehavior(gravity)

        #expect(animator.layoutAttributesForCell(at: [0, 0]) === a)
        #expect(animator.layoutAttributesForCell(at: [0, 7]) === b)
        #expect(layout.layoutAttributesForItem(at: [0, 7]) === b)
        #expect(animator.layoutAttributesForCell(at: [0, 3]) == nil)  // a header, not a cell
        #expect(animator.layoutAttributesForCell(at: [1, 0]) == nil)
        let inRect = try #require(layout.layoutAttributesForElements(in: CGRect(x: 0, y: 250, width: 320, height: 300)))
        #expect(inRect.count == 2)
        #expect(inRect.contains { $0 === b } && inRect.contains { $0 === header })

        gravity.removeItem(b)
        #expect(animator.layoutAttributesForCell(at: [0, 7]) == nil)
    }

    @Test("View animators have no layout attributes")
    func viewAnimatorHasNoCells() {
        let scene = Scene(.reference)
        scene.animator.addBehavior(GravityBehavior(items: [scene.box()]))
        #expect(scene.animator.layoutAttributesForCell(at: [0, 0]) == nil)
        #expect(scene.animator.collectionViewLayout == nil)
    }

    @Test("Layout attributes: frame, bounds and copy")
    func attributesAPI() {
        let a = CollectionViewLayoutAttributes(forCellWith: [2, 5])
        a.frame = CGRect(x: 10, y: 20, width: 30, height: 40)
        #expect(a.center == CGPoint(x: 25, y: 40))
        #expect(a.size == CGSize(width: 30, height: 40))
        #expect(a.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        #expect(a.representedElementCategory == .cell)
        a.transform = CGAffineTransform(rotationAngle: 0.3)
        a.zIndex = 4
        a.alpha = 0.5
        let copy = a.copy()
        #expect(copy !== a)
        #expect(copy.indexPath == [2, 5] && copy.center == a.center && copy.size == a.size)
        #expect(copy.transform == a.transform && copy.zIndex == 4 && copy.alpha == 0.5)
        let decoration = CollectionViewLayoutAttributes(forDecorationViewOfKind: "line", with: [0, 0])
        #expect(decoration.representedElementCategory == .decorationView(kind: "line"))
        #expect(decoration.copy().representedElementCategory == .decorationView(kind: "line"))
    }
}
