public import Foundation

#if !canImport(UIKit)
extension IndexPath {
    /// An index path for `item` in `section`, as UIKit's collection views build them.
    public init(item: Int, section: Int) {
        self.init(indexes: [section, item])
    }

    /// An index path for `row` in `section`, as UIKit's table views build them (the same two indexes as
    /// ``init(item:section:)``).
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The item (second index).
    public var item: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The row (second index, the same as ``item``).
    public var row: Int {
        get { self[1] }
        set { self[1] = newValue }
    }

    /// The section (first index).
    public var section: Int {
        get { self[0] }
        set { self[0] = newValue }
    }
}
#endif
