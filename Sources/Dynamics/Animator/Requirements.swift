internal import Foundation

/// Precondition helpers: bad input stops with a message naming the parameter and the value, so a NaN never
/// reaches the world.
@inline(__always)
func requireFinite(_ value: CGFloat, _ parameter: @autoclosure () -> String) {
    precondition(value.isFinite, "\(parameter()) must be finite (got \(value))")
}

@inline(__always)
func requireFinite(_ point: CGPoint, _ parameter: @autoclosure () -> String) {
    precondition(point.x.isFinite && point.y.isFinite, "\(parameter()) must be finite (got \(point))")
}

@inline(__always)
func requireFinite(_ vector: CGVector, _ parameter: @autoclosure () -> String) {
    precondition(vector.dx.isFinite && vector.dy.isFinite, "\(parameter()) must be finite (got \(vector))")
}

@inline(__always)
func requireNonNegative(_ value: CGFloat, _ parameter: @autoclosure () -> String) {
    precondition(value.isFinite && value >= 0, "\(parameter()) must be finite and ≥ 0 (got \(value))")
}

@inline(__always)
func requirePositive(_ value: CGFloat, _ parameter: @autoclosure () -> String) {
    precondition(value.isFinite && value > 0, "\(parameter()) must be finite and > 0 (got \(value))")
}

/// Stops unless `value` is finite and inside `range` (the solvers' bounds, `SolverBackend.Validate`).
@inline(__always)
func requireInside(_ value: CGFloat, _ range: ClosedRange<Double>, _ parameter: @autoclosure () -> String) {
    precondition(
        value.isFinite && range.contains(Double(value)),
        "\(parameter()) must be finite and in \(range.lowerBound)...\(range.upperBound) (got \(value))")
}
