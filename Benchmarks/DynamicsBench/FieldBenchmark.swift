import AcceleratedSolver
import ArgumentParser
import Dynamics
import Foundation
import ReferenceSolver
import SolverBackend

/// N items swirling under four fields at once — radial gravity, vortex, spring and noise, each with its own
/// region — measured on the C core (whole step and its field stage), against the same law on contiguous arrays
/// (the physical limit), against the reference solver over the same frames, and through `DynamicAnimator.step`.
struct Fields: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Items under radial gravity, vortex, spring and noise fields with regions: C core, limit, reference, animator.")

    @Option(help: "Comma-separated item counts.")
    var items = "10000,100000"
    @Option(help: "Steps of 1/60 s (two substeps each) for the C core and the animator.")
    var steps = 300
    @Option(help: "Steps for the reference solver (compared with the C core's first steps).")
    var referenceSteps = 20
    @Option(help: "Write the results as JSON to this path.")
    var json: String?

    func run() throws {
        let counts = try items.split(separator: ",").map { text in
            guard let n = Int(text), n > 0 else { throw ValidationError("bad item count \(text)") }
            return n
        }
        var results: [FieldBenchmarkResult] = []
        for n in counts {
            var r = try measureCore(items: n, steps: steps, referenceSteps: referenceSteps)
            (r.animatorStepMilliseconds, r.animatorCoreMilliseconds, r.animatorWriteBackMilliseconds) =
                MainActor.assumeIsolated { measureAnimator(items: n, steps: steps) }
            print(r.report)
            results.append(r)
        }
        try writeJSON(results, to: json)
    }
}

/// One item count's measurements (milliseconds per 60 Hz step unless named otherwise).
struct FieldBenchmarkResult: Codable {
    var items: Int
    var coreStepMilliseconds: Double
    var coreStepP95Milliseconds: Double
    var fieldStageMilliseconds: Double
    var nanosecondsPerItemField: Double
    var limitNanosecondsPerItemField: Double
    var limitNanosecondsByLaw: [String: Double]
    var referenceSteps: Int
    var referenceStepMilliseconds: Double
    var coreFirstStepsMilliseconds: Double
    var largestParityDifference: Double
    var animatorStepMilliseconds = 0.0
    var animatorCoreMilliseconds = 0.0
    var animatorWriteBackMilliseconds = 0.0

    var report: String {
        let laws = FieldsScene.kinds.map { "\($0) \(String(format: "%.2f", limitNanosecondsByLaw["\($0)"] ?? 0))" }
        return [
            String(
                format: "fields N=%-7d C core step median %.3f ms (p95 %.3f), field stage %.3f ms = %.2f ns per item-field evaluation",
                items, coreStepMilliseconds, coreStepP95Milliseconds, fieldStageMilliseconds, nanosecondsPerItemField),
            String(
                format: "    limit (the same laws on contiguous arrays): %.2f ns per item-field (%@ ns); field stage / limit %.2f×",
                limitNanosecondsPerItemField, laws.joined(separator: ", ") as NSString,
                nanosecondsPerItemField / limitNanosecondsPerItemField),
            String(
                format: "    reference over the first %d steps: %.2f ms vs C core %.3f ms: %.1f× faster; largest |C − reference| %.3g pt",
                referenceSteps, referenceStepMilliseconds, coreFirstStepsMilliseconds,
                referenceStepMilliseconds / coreFirstStepsMilliseconds, largestParityDifference),
            String(
                format: "    DynamicAnimator.step %.3f ms, its core step %.3f ms: %.2f× the core (writing centres to the views: %.3f ms)",
                animatorStepMilliseconds, animatorCoreMilliseconds, animatorStepMilliseconds / animatorCoreMilliseconds,
                animatorWriteBackMilliseconds),
        ].joined(separator: "\n")
    }
}

/// The scene: items on a golden-angle spiral 200…1400 pt from the centre, moving tangentially, 20 × 20 pt
/// (0.04 kg) with UIKit's resistance 0.1; every item in all four fields.
enum FieldsScene {
    static let centre = (x: 3000.0, y: 3000.0)
    static let kinds: [FieldKind] = [.radialGravity, .vortex, .spring, .noise]

    /// Position and velocity of item k of n.
    static func item(_ k: Int, of n: Int) -> (x: Double, y: Double, vx: Double, vy: Double) {
        let r = 200 + 1200 * ((Double(k) + 0.5) / Double(n)).squareRoot()
        let a = Double(k) * 2.399963229728653
        return (centre.x + r * cos(a), centre.y + r * sin(a), -60 * sin(a), 60 * cos(a))
    }

    static let regions: [FieldRegion] = [
        .circle(radius: 1600),
        .circle(radius: 1200),
        .rectangle(width: 3200, height: 3200),
        .union(.circle(radius: 1000), .rectangle(width: 2800, height: 400)),
    ]

    /// The four fields' numbers: gentle accelerations (a few to tens of pt/s²) so the scene stays bounded.
    static func parameters(_ kind: FieldKind) -> FieldParameters {
        var p = FieldParameters(kind: kind)
        p.x = centre.x
        p.y = centre.y
        switch kind {
        case .radialGravity:
            p.strength = 0.5
            p.minimumRadius = 100
        case .vortex: p.strength = 3.2e-4  // 100·S/m² = 20 pt/s²
        case .spring: p.strength = 0.002
        default:
            p.strength = 0.005
            p.smoothness = 0.5
            p.animationSpeed = 0.5
        }
        return p
    }

    /// Builds the scene in `world`; returns the bodies.
    static func build(_ world: PhysicsWorld, items n: Int) throws -> [BodyID] {
        var bodies: [BodyID] = []
        bodies.reserveCapacity(n)
        for k in 0..<n {
            let s = item(k, of: n)
            var d = BodyDefinition()
            (d.x, d.y, d.vx, d.vy) = (s.x, s.y, s.vx, s.vy)
            d.width = 20
            d.height = 20
            d.linearDamping = 0.1
            d.angularDamping = 0.1
            bodies.append(try world.createBody(d))
        }
        for (kind, region) in zip(kinds, regions) {
            var def = FieldDefinition(kind: kind)
            def.parameters = parameters(kind)
            def.region = region
            let field = try world.createField(def)
            for body in bodies { try world.addBody(body, toField: field) }
        }
        return bodies
    }
}

/// C core and reference on PhysicsWorld, and the law on contiguous arrays.
func measureCore(items n: Int, steps: Int, referenceSteps: Int) throws -> FieldBenchmarkResult {
    var settings = WorldSettings()
    settings.initialBodyCapacity = n + 1
    let core = try PhysicsWorld(AcceleratedBackend.self, settings: settings)
    let bodies = try FieldsScene.build(core, items: n)
    let backend = core.backend as! AcceleratedBackend
    var stepTimes: [Double] = [], fieldTimes: [Double] = []
    var progress = Progress(label: "fields C core N=\(n)", total: steps)
    var referenceStates: [BodyState] = []
    for step in 0..<steps {
        let t0 = now()
        try core.step(dt: 1.0 / 60, substeps: 2)
        stepTimes.append(now() - t0)
        fieldTimes.append(backend.lastFieldSeconds)
        if step + 1 == referenceSteps { referenceStates = try bodies.map { try core.state(of: $0) } }
        progress.update(step + 1)
    }
    // The reference over its first steps, the same scene.
    let reference = try PhysicsWorld(ReferenceWorld.self, settings: settings)
    let referenceBodies = try FieldsScene.build(reference, items: n)
    var referenceTimes: [Double] = []
    progress = Progress(label: "fields reference N=\(n)", total: referenceSteps)
    for step in 0..<referenceSteps {
        let t0 = now()
        try reference.step(dt: 1.0 / 60, substeps: 2)
        referenceTimes.append(now() - t0)
        progress.update(step + 1)
    }
    var largest = 0.0
    for (s, body) in zip(referenceStates, referenceBodies) {
        let t = try reference.state(of: body)
        largest = max(largest, abs(s.x - t.x), abs(s.y - t.y))
    }
    // The limit: each law over contiguous positions (relative to the field) and masses, best of 20.
    var x: [Double] = [], y: [Double] = []
    for k in 0..<n {
        let s = FieldsScene.item(k, of: n)
        x.append(s.x - FieldsScene.centre.x)
        y.append(s.y - FieldsScene.centre.y)
    }
    let mass = [Double](repeating: 0.04, count: n)
    var byLaw: [String: Double] = [:]
    for kind in FieldsScene.kinds {
        byLaw["\(kind)"] = AcceleratedBackend.timeFieldLaw(kind, x: x, y: y, mass: mass, repetitions: 20) * 1e9 / Double(n)
    }
    let evaluations = Double(n * FieldsScene.kinds.count * 2)
    let (median, p95) = percentiles(stepTimes)
    let fieldMedian = percentiles(fieldTimes).median
    return FieldBenchmarkResult(
        items: n, coreStepMilliseconds: median * 1e3, coreStepP95Milliseconds: p95 * 1e3,
        fieldStageMilliseconds: fieldMedian * 1e3, nanosecondsPerItemField: fieldMedian * 1e9 / evaluations,
        limitNanosecondsPerItemField: byLaw.values.reduce(0, +) / Double(byLaw.count), limitNanosecondsByLaw: byLaw,
        referenceSteps: referenceSteps, referenceStepMilliseconds: percentiles(referenceTimes).median * 1e3,
        coreFirstStepsMilliseconds: percentiles(Array(stepTimes.prefix(referenceSteps))).median * 1e3,
        largestParityDifference: largest)
}

/// The same scene through the façade: `View` items and four `FieldBehavior`s; the whole `DynamicAnimator.step`
/// against the C core's own step inside it, and the write-back of centres to the views (medians, milliseconds).
@MainActor
func measureAnimator(items n: Int, steps: Int) -> (step: Double, core: Double, writeBack: Double) {
    let screen = View(frame: CGRect(x: 0, y: 0, width: 6000, height: 6000))
    let animator = DynamicAnimator(referenceView: screen)
    let properties = DynamicItemBehavior()
    var views: [View] = []
    for k in 0..<n {
        let s = FieldsScene.item(k, of: n)
        let view = View(frame: CGRect(x: s.x - 10, y: s.y - 10, width: 20, height: 20))
        screen.addSubview(view)
        views.append(view)
        properties.addItem(view)
        properties.addLinearVelocity(CGPoint(x: s.vx, y: s.vy), for: view)
    }
    animator.addBehavior(properties)
    let c = FieldsScene.centre
    let fields: [FieldBehavior] = [
        .radialGravityField(position: CGPoint(x: c.x, y: c.y)), .vortexField(), .springField(),
        .noiseField(smoothness: 0.5, animationSpeed: 0.5),
    ]
    let regions = [
        Region(radius: 1600), Region(radius: 1200), Region(size: CGSize(width: 3200, height: 3200)),
        Region(radius: 1000).union(with: Region(size: CGSize(width: 2800, height: 400))),
    ]
    for (field, (kind, region)) in zip(fields, zip(FieldsScene.kinds, regions)) {
        let p = FieldsScene.parameters(kind)
        field.position = CGPoint(x: p.x, y: p.y)
        field.strength = CGFloat(p.strength)
        field.minimumRadius = CGFloat(p.minimumRadius)
        field.region = region
        for view in views { field.addItem(view) }
        animator.addBehavior(field)
    }
    var stepTimes: [Double] = [], coreTimes: [Double] = [], writeBacks: [Double] = []
    var progress = Progress(label: "fields animator N=\(n)", total: steps)
    for frame in 0..<steps {
        let t0 = now()
        animator.step(1.0 / 60)
        stepTimes.append(now() - t0)
        let s = animator.solverStatistics!
        coreTimes.append(s.forcesSeconds + s.assemblySeconds + s.solveSeconds + s.integrationSeconds)
        writeBacks.append(animator.lastStepProfile.writeBack)
        progress.update(frame + 1)
    }
    // The first step adds 4·N field members and 2·N velocities: measure the steady steps.
    func median(_ times: [Double]) -> Double { percentiles(Array(times.dropFirst())).median * 1e3 }
    return (median(stepTimes), median(coreTimes), median(writeBacks))
}
