// How springs are integrated (see `DynamicAnimator.springModel`): the solvers' own enum, re-exported so
// `import Dynamics` is enough and code importing both modules sees one type.
@_exported import enum SolverBackend.SpringModel
