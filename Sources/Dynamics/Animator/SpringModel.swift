import SolverBackend

/// How springs are integrated; see ``DynamicAnimator/springModel``.
public typealias SpringModel = SolverBackend.SpringModel
