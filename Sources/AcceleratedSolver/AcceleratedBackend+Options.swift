internal import CSolver
public import SolverBackend

/// Which linear-algebra path solves small constraint islands in the C core.
public enum IslandSolverKind: Sendable, CaseIterable {
    /// One batched pass of an in-house dense Cholesky over all small islands (the default: it follows the
    /// reference solver's operation order exactly).
    case batchedKernel
    /// All small islands as one block-diagonal band through LAPACK's `dpbtrf`/`dpbtrs` (measured faster on
    /// generic small islands; see the README's Performance section).
    case bandedLAPACK
    /// Every island through matrix-free conjugate gradients (huge islands take this path anyway).
    case iterative
}

extension AcceleratedBackend {
    /// How springs are integrated, for every joint of this world. Default
    /// `SpringModel.analytic`.
    public var springModel: SpringModel {
        get { storedSpringModel }
        set {
            storedSpringModel = newValue
            Self.expectOK(sdWorld_SetSpringModel(world, sdSpringModel(rawValue: newValue.rawValue)), "sdWorld_SetSpringModel")
        }
    }

    /// The path small islands take. Default ``IslandSolverKind/batchedKernel``.
    public var islandSolver: IslandSolverKind {
        get { storedIslandSolver }
        set {
            storedIslandSolver = newValue
            let raw: sdIslandSolver
            switch newValue {
            case .batchedKernel: raw = sdIslandSolver_batchedKernel
            case .bandedLAPACK: raw = sdIslandSolver_bandedLAPACK
            case .iterative: raw = sdIslandSolver_iterative
            }
            Self.expectOK(sdWorld_SetIslandSolver(world, raw), "sdWorld_SetIslandSolver")
        }
    }

    /// Whether a body held only by springs is solved in its own 3 unknowns (default true). Off, such islands
    /// take ``islandSolver``'s path like any small island (for measuring the two).
    public var usesBodySpacePath: Bool {
        get { storedBodySpacePath }
        set {
            storedBodySpacePath = newValue
            Self.expectOK(sdWorld_SetBodySpacePath(world, newValue), "sdWorld_SetBodySpacePath")
        }
    }

    /// Fronts of the sparse path (large coupled islands) with at least this many rows are factored by LAPACK
    /// `dpotrf` and BLAS-3 `dtrsm`/`dsyrk`; smaller ones by the in-house vectorised kernel. Setting 0 restores the
    /// default: 128 when the BLAS in use is an optimised one (OpenBLAS, detected at run time; Accelerate), else
    /// `Int32.max` — Debian's reference BLAS runs large fronts about three times slower than the in-house kernel.
    public var sparseBLASFrontRows: Int {
        get { Int(sdWorld_GetSparseBLASFrontRows(world)) }
        set {
            Self.expectOK(
                sdWorld_SetSparseBLASFrontRows(world, Int32(clamping: newValue)), "sdWorld_SetSparseBLASFrontRows")
        }
    }

    /// Test hook (`sdWorld_SetFailingFactorizationsForTesting`): while `fail` is true, every direct factorisation
    /// of this world reports failure without being tried. Internal: tests reach it with `@testable import`.
    func setFailingFactorizationsForTesting(_ fail: Bool) {
        Self.expectOK(sdWorld_SetFailingFactorizationsForTesting(world, fail), "sdWorld_SetFailingFactorizationsForTesting")
    }

    /// Counters and stage timings of the last step.
    public var lastStepStatistics: SolverStepStatistics? {
        let s = sdWorld_GetStepStats(world)
        var statistics = SolverStepStatistics(
            islandCount: Int(s.islandCount), rowCount: Int(s.rowCount), batchedIslands: Int(s.batchedIslands),
            bandedIslands: Int(s.bandedIslands), denseIslands: Int(s.denseIslands),
            iterativeIslands: Int(s.iterativeIslands), maxBandwidth: Int(s.maxBandwidth),
            forcesSeconds: s.forcesSeconds, assemblySeconds: s.assemblySeconds, solveSeconds: s.solveSeconds,
            integrationSeconds: s.integrationSeconds)
        statistics.sparseIslands = Int(s.sparseIslands)
        statistics.sparseFactorizations = Int(s.factorizations)
        statistics.sparseIterations = Int(s.iterations)
        statistics.factorNonzeros = Int(s.factorNonzeros)
        statistics.factorFlops = s.factorFlops
        statistics.stepFactorFlops = s.stepFactorFlops
        statistics.stepSolveFlops = s.solveFlops
        statistics.orderSeconds = s.orderSeconds
        statistics.symbolicSeconds = s.symbolicSeconds
        statistics.numericSeconds = s.numericSeconds
        statistics.sparseSolveSeconds = s.sparseSolveSeconds
        return statistics
    }
}
