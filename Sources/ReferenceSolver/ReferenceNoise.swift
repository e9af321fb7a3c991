/// The fields' 3-D simplex noise with its gradient, written plainly: the same operations, in the same order, as
/// the C core's `noise.c` (so the two agree to the bit), one point at a time.
///
/// Simplex lattice and radial kernel (0.5 − r²)⁴ after Stefan Gustavson's sdnoise3; lattice points are hashed
/// with integer arithmetic (no table), gradients are Perlin's 16 cube-edge directions, coordinates are clamped
/// to ±10⁹, and nothing but +, −, ×, /, comparisons and integer operations is used.
enum ReferenceNoise {
    /// Brings the value to about [−1, 1].
    static let scale = 76.0
    static let limit = 1e9
    static let f3 = 1.0 / 3.0
    static let g3 = 1.0 / 6.0
    static let hashA: UInt32 = 0x8da6_b343
    static let hashB: UInt32 = 0xd816_3841
    static let hashC: UInt32 = 0xcb1a_b31f

    /// The noise at (x, y, z) and its x and y derivatives.
    static func sample(_ x: Double, _ y: Double, _ z: Double) -> (n: Double, dx: Double, dy: Double) {
        let x = clamp(x), y = clamp(y), z = clamp(z)
        // The simplex cell: skew to the cubic lattice, floor, unskew the cell origin back.
        let s = (x + y + z) * f3
        let i = floorInt(x + s), j = floorInt(y + s), k = floorInt(z + s)
        let t = (Double(i) + Double(j) + Double(k)) * g3
        let x0 = x - (Double(i) - t)
        let y0 = y - (Double(j) - t)
        let z0 = z - (Double(k) - t)
        // Which of the six simplices: the order of x0, y0, z0 gives the second and third corners' offsets.
        let xy = x0 >= y0, yz = y0 >= z0, zx = z0 >= x0
        let i1 = xy && !zx, j1 = yz && !xy, k1 = zx && !yz
        let i2 = xy || !zx, j2 = yz || !xy, k2 = zx || !yz
        let key = UInt32(bitPattern: i) &* hashA &+ UInt32(bitPattern: j) &* hashB &+ UInt32(bitPattern: k) &* hashC
        let key1 = key &+ (i1 ? hashA : 0) &+ (j1 ? hashB : 0) &+ (k1 ? hashC : 0)
        let key2 = key &+ (i2 ? hashA : 0) &+ (j2 ? hashB : 0) &+ (k2 ? hashC : 0)
        let key3 = key &+ hashA &+ hashB &+ hashC
        var sum = (n: 0.0, dx: 0.0, dy: 0.0)
        corner(mix(key), x0, y0, z0, &sum)
        corner(mix(key1), (i1 ? x0 - 1.0 : x0) + g3, (j1 ? y0 - 1.0 : y0) + g3, (k1 ? z0 - 1.0 : z0) + g3, &sum)
        corner(
            mix(key2), (i2 ? x0 - 1.0 : x0) + 2.0 * g3, (j2 ? y0 - 1.0 : y0) + 2.0 * g3, (k2 ? z0 - 1.0 : z0) + 2.0 * g3,
            &sum)
        corner(mix(key3), x0 - 1.0 + 3.0 * g3, y0 - 1.0 + 3.0 * g3, z0 - 1.0 + 3.0 * g3, &sum)
        return (sum.n * scale, sum.dx * scale, sum.dy * scale)
    }

    /// n·∂n/∂x and n·∂n/∂y: the direction of the noise force.
    static func force(_ x: Double, _ y: Double, _ z: Double) -> (x: Double, y: Double) {
        let s = sample(x, y, z)
        return (s.n * s.dx, s.n * s.dy)
    }

    private static func clamp(_ v: Double) -> Double { !(v >= -limit) ? -limit : (v > limit ? limit : v) }

    /// floor for |v| < 2³¹.
    private static func floorInt(_ v: Double) -> Int32 {
        let t = Int32(v)
        return v < Double(t) ? t - 1 : t
    }

    private static func mix(_ key: UInt32) -> UInt32 {
        let h = (key ^ (key >> 15)) &* 0x2c1b_3c6d
        return h ^ (h >> 12)
    }

    /// Adds one corner's kernel (0.5 − |p|²)⁴·(g·p) and its x and y gradient.
    private static func corner(
        _ hash: UInt32, _ x: Double, _ y: Double, _ z: Double, _ sum: inout (n: Double, dx: Double, dy: Double)
    ) {
        let h = hash >> 28
        let uIsX = h < 8, vIsY = h < 4, vIsX = h == 12 || h == 14
        let uNegative = h & 1 != 0, vNegative = h & 2 != 0
        let u = uIsX ? x : y
        let v = vIsY ? y : (vIsX ? x : z)
        let dot = (uNegative ? -u : u) + (vNegative ? -v : v)
        var t = 0.5 - x * x - y * y - z * z
        t = t < 0.0 ? 0.0 : t
        let t2 = t * t
        let t4 = t2 * t2
        let w = 8.0 * (t2 * t * dot)
        let tu = uNegative ? -t4 : t4
        let tv = vNegative ? -t4 : t4
        sum.n += t4 * dot
        sum.dx += ((uIsX ? tu : 0.0) + (vIsX ? tv : 0.0)) - w * x
        sum.dy += ((uIsX ? 0.0 : tu) + (vIsY ? tv : 0.0)) - w * y
    }
}
