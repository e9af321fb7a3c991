// `import Dynamics` brings Foundation's geometry (CGPoint, CGSize, CGRect, CGFloat, IndexPath, TimeInterval)
// with it, as `import UIKit` does, so ported code needs no extra import.
@_exported public import Foundation

// How springs are integrated (see `DynamicAnimator.springModel`): the solvers' own enum, so code importing both
// modules sees one type.
@_exported public import enum SolverBackend.SpringModel
