/// What a collision shape stands for, packed into its `userData` so contact events name items and boundaries
/// without a lookup table: an item (by its body's slot) or a boundary of a collision behavior (by the behavior's
/// collision group and the boundary's number within it).
enum ContactTag: Equatable {
    case item(slot: Int)
    case boundary(group: Int, number: Int)

    private static let itemFlag: UInt64 = 1 << 62
    private static let boundaryFlag: UInt64 = 2 << 62

    var rawValue: UInt64 {
        switch self {
        case let .item(slot): return Self.itemFlag | UInt64(slot)
        case let .boundary(group, number): return Self.boundaryFlag | UInt64(group) << 32 | UInt64(number)
        }
    }

    init?(rawValue: UInt64) {
        switch rawValue & (3 << 62) {
        case Self.itemFlag: self = .item(slot: Int(rawValue & 0xFFFF_FFFF))
        case Self.boundaryFlag:
            self = .boundary(group: Int((rawValue >> 32) & 0x3FFF_FFFF), number: Int(rawValue & 0xFFFF_FFFF))
        default: return nil
        }
    }
}
