/// How UIKit's units map onto the solvers' (points, seconds, kilograms).
enum PhysicsUnits {
    /// UIKit's length scale: 100 points per metre.
    static let pointsPerMeter = 100.0
    /// Gravity magnitude 1.0 is 1000 pt/s² (10 m/s²).
    static let gravityAcceleration = 1000.0
    /// One "UIKit Newton" (push magnitude 1) in kg·pt/s²; an impulse of 1 is 100 kg·pt/s.
    static let newton = 100.0
}
