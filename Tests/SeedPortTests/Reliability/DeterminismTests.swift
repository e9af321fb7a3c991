// Determinism: the same scene with the same inputs gives the same bits, run after run. The soak scene holds
// every behavior kind (gravity, collisions with boundaries, rigid, spring, pin, weld and sliding attachments,
// snap, push, item properties, and fields of every kind including a custom one), items added and removed and
// behaviors toggled; two builds of it in one process must agree to the bit after every 100 steps. (Across
// processes: `make bench-smoke` runs `dynamics-bench soak --print-hash` twice and compares.)
import Dynamics
import DynamicsScenarios
import Foundation
import Testing

@MainActor
@Suite("Determinism")
struct DeterminismTests {
    @Test(
        "The mixed scene built twice gives bit-identical states",
        arguments: [(SolverKind.accelerated, 1_600, 1000), (.reference, 500, 200)])
    func sameBitsTwice(solver: SolverKind, steps: Int, cycle: Int) async {
        let first = SoakScene(solver: solver, cycleSteps: cycle)
        let second = SoakScene(solver: solver, cycleSteps: cycle)
        var distinct = Set<UInt64>()
        // More than a cycle: an active half with the fields, a quiet half, a box replaced, and part of the next.
        for step in 1...steps {
            await Task.yield()  // other main-actor tests (the real-time driver's timer) run meanwhile
            first.advance()
            second.advance()
            guard step % 100 == 0 else { continue }
            let a = first.reading(), b = second.reading()
            #expect(a.hash == b.hash, "step \(step): \(a.hash) vs \(b.hash)")
            #expect(a.energy.bitPattern == b.energy.bitPattern, "step \(step)")
            distinct.insert(a.hash)
        }
        #expect(distinct.count == steps / 100, "the state changed between samples (\(distinct.count) distinct hashes)")
    }
}
