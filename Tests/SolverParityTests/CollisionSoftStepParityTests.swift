// What the C core's collision pipeline gained since the reference was first ported: the soft step of large contact
// islands, kept boxes in the broadphase, overlaps held between jointed bodies, and static bodies waking what rests
// on them. Every scene runs on both engines and is compared every frame.
import Foundation
import SolverBackend
import Testing

@Suite("Soft step, kept boxes, jointed overlaps and static wakes: the same on both engines")
struct CollisionSoftStepParityTests {
    /// Contact events and contact lists of both engines compared after every frame; the problems found.
    final class ContactLog {
        var problems: [String] = []
        func compare(_ frame: Int, _ accelerated: PhysicsWorld, _ reference: PhysicsWorld) {
            problems += eventDifferences(accelerated.contactEvents, reference.contactEvents).map { "frame \(frame): \($0)" }
            problems += contactDifferences(accelerated.contacts, reference.contacts).map { "frame \(frame): \($0)" }
        }
    }

    @Test("A pile of 72 boxes and discs (one island of far more than 96 rows: the soft step) agrees every frame")
    func softPile() throws {
        let log = ContactLog()
        let run = try ParityRun(steps: 150) { world in
            var rng = LCG(seed: 7)
            var ids = [
                try world.addFrame(
                    [ShapePoint(x: -90, y: -700), ShapePoint(x: 90, y: -700), ShapePoint(x: 90, y: 0), ShapePoint(x: -90, y: 0)],
                    friction: 0.5),
            ]
            for k in 0..<72 {
                let x = -72 + 24 * Double(k % 7) + rng.range(-1.5, 1.5), y = -15 - 24 * Double(k / 7)
                var options = BodyOptions(restitution: 0.3, friction: 0.5, gravityY: 1000)
                if k % 3 == 0 {
                    ids.append(try world.addCircle(x: x, y: y, radius: 10, options))
                } else {
                    options.angle = rng.range(-0.3, 0.3)
                    ids.append(try world.addBox(x: x, y: y, width: 20, height: 18, options))
                }
            }
            return ids
        } observe: { frame, accelerated, reference in
            log.compare(frame, accelerated, reference)
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        #expect(log.problems.isEmpty, "\(log.problems.prefix(5))")
        for world in [run.accelerated, run.reference] {
            for id in run.bodies.dropFirst() {
                let s = try world.state(of: id)
                #expect(abs(s.x) < 90 && s.y < 0, "\(id) at (\(s.x), \(s.y)) left the container")
            }
        }
    }

    @Test("Boxes creeping on a floor keep their boxes and contacts; a teleported box and a filter change re-find pairs")
    func keptBoxes() throws {
        let log = ContactLog()
        var contactCounts: [[Int]] = []
        let run = try ParityRun(steps: 90) { world in
            var ids = [try world.addFloor(width: 600, friction: 0.05)]
            for k in 0..<4 {
                // Creeping: 6 pt/s moves 0.1 pt a frame, far inside the kept box's 1 pt margin.
                ids.append(
                    try world.addBox(
                        x: -150 + 60 * Double(k), y: -20, width: 40, height: 40,
                        BodyOptions(friction: 0.05, gravityY: 1000, vx: 6)))
            }
            return ids
        } observe: { frame, accelerated, reference in
            log.compare(frame, accelerated, reference)
            contactCounts.append([accelerated.contacts.count, reference.contacts.count])
            for world in [accelerated, reference] {
                if frame == 30 {  // the first box jumps onto the last one
                    try world.setPosition(BodyID(index: 1, generation: 0), x: 30, y: -70)
                }
                if frame == 60 {  // the second box stops meeting the floor and falls through it
                    try world.setShapeFilter(ShapeID(index: 2, generation: 0), categoryBits: 2, maskBits: 2)
                    try world.setShapeFilter(ShapeID(index: 0, generation: 0), categoryBits: 1, maskBits: 1)
                }
            }
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        #expect(log.problems.isEmpty, "\(log.problems.prefix(5))")
        #expect(contactCounts.allSatisfy { $0[0] == $0[1] })
        for world in [run.accelerated, run.reference] {
            let jumped = try world.state(of: run.bodies[1]), below = try world.state(of: run.bodies[4])
            #expect(abs(jumped.y - (below.y - 40)) < 1, "the teleported box rests on the last one: \(jumped.y), \(below.y)")
            #expect(try world.state(of: run.bodies[2]).y > 50, "the box whose filter changed fell through the floor")
        }
    }

    /// A floor, and a chain of `count` links 44 pt long on 40 pt centres (neighbours overlap by 4 pt around their
    /// shared pin), pinned to the world at its left end 80 pt above the floor.
    static func overlappingChain(_ world: PhysicsWorld, count: Int) throws -> [BodyID] {
        var ids = [try world.addFloor(width: 3000, friction: 0.5)]
        var previous: BodyID? = nil
        for k in 0..<count {
            let x = -400 + 40 * Double(k)
            let link = try world.addBox(x: x, y: -80, width: 44, height: 10, BodyOptions(friction: 0.5, gravityY: 1000))
            let pin = (x - 20, -80.0)
            try CollisionIslandParityTests.join(world, .revolute, previous, link, pin, pin)
            previous = link
            ids.append(link)
        }
        return ids
    }

    /// Each link's overlap with its neighbour used to be held in the position projection beside the pin's rows;
    /// where the two nearly coincide they disagreed by impulses of 10⁶ × the error, and a projection threw the links
    /// hundreds of points and back. Falling 80 pt onto the floor, no link may move farther in a frame than the tip
    /// of a rod swinging down from its pivot through that height (√(3·g·h) = 490 pt/s: 8.2 pt a frame; free fall
    /// alone would give 400 pt/s, but the links hinge freely at their pins and the chain whips), nor turn by more
    /// than a quarter turn.
    @Test("The overlapping chain falls without a jump: no link moves more than free fall allows in any frame", arguments: [3, 24])
    func overlappingChainMovesSmoothly(count: Int) throws {
        var previous: [[BodyState]] = []
        var worstMove = 0.0, worstTurn = 0.0
        _ = try ParityRun(steps: 120, build: { world in try Self.overlappingChain(world, count: count) }) { _, accelerated, reference in
            let states = try [accelerated, reference].map { world throws(SolverError) in
                try (1...count).map { k throws(SolverError) in try world.state(of: BodyID(index: Int32(k), generation: 0)) }
            }
            if !previous.isEmpty {
                for (now, before) in zip(states.joined(), previous.joined()) {
                    worstMove = max(worstMove, hypot(now.x - before.x, now.y - before.y))
                    worstTurn = max(worstTurn, abs(now.angle - before.angle))
                }
            }
            previous = states
        }
        #expect(worstMove < (3.0 * 1000 * 80).squareRoot() / 60 && worstTurn < .pi / 2, "a link moved \(worstMove) pt and turned \(worstTurn) rad in one frame")
    }

    @Test("A chain whose links overlap at their pins falls onto the floor and holds together", arguments: [3, 24])
    func overlappingChain(count: Int) throws {
        // 3 links: one small island, solved exactly; 24 links on the floor: far more than 96 rows, the soft step with
        // the chain's pins solved exactly between its sweeps.
        let run = try ParityRun(steps: 120) { world in try Self.overlappingChain(world, count: count) }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        for world in [run.accelerated, run.reference] {
            let links = try run.bodies.dropFirst().map { id throws(SolverError) in try world.state(of: id) }
            // Each pin sits 20 pt from both links' centres, along their length.
            var worstGap = 0.0
            for (a, b) in zip(links, links.dropFirst()) {
                let ax = a.x + 20 * cos(a.angle), ay = a.y + 20 * sin(a.angle)
                let bx = b.x - 20 * cos(b.angle), by = b.y - 20 * sin(b.angle)
                worstGap = max(worstGap, hypot(bx - ax, by - ay))
            }
            // The pins hold to the projection's tolerance and the chain has come to rest on the floor.
            let fastest = try CollisionIslandParityTests.fastest(world, run.bodies)
            #expect(worstGap < 1e-6 && fastest < 1, "a pin came apart by \(worstGap) pt; fastest link \(fastest) pt/s")
        }
    }

    @Test("A static floor destroyed under a resting stack: every box wakes and falls, on both engines")
    func floorDestroyedUnderStack() throws {
        var awakeAfterDestroy: [Int] = []
        let run = try ParityRun(steps: 150) { world in
            try world.addFloor(width: 400)  // slot 0: destroyed below, so not compared
            var ids: [BodyID] = []
            for k in 0..<4 {
                ids.append(try world.addBox(x: 0, y: -20 - 40 * Double(k), width: 40, height: 40, BodyOptions(gravityY: 1000)))
            }
            ids.append(try world.addBox(x: 120, y: -20, width: 40, height: 40, BodyOptions(gravityY: 1000)))
            return ids
        } observe: { frame, accelerated, reference in
            guard frame == 99 else { return }
            #expect(accelerated.awakeBodyCount == 0 && reference.awakeBodyCount == 0, "the stack came to rest first")
            for world in [accelerated, reference] {
                try world.destroyBody(BodyID(index: 0, generation: 0))
                awakeAfterDestroy.append(world.awakeBodyCount)
            }
        }
        #expect(run.largest <= 1e-9, "engines apart by \(run.largest) (first at frame \(run.firstFailure ?? -1))")
        #expect(awakeAfterDestroy == [5, 5], "every box woke: \(awakeAfterDestroy)")
        for world in [run.accelerated, run.reference] {
            for id in run.bodies {
                #expect(try world.state(of: id).y > 200, "\(id) fell")
            }
        }
    }
}
