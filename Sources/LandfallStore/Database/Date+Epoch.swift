import Foundation

extension Date {
    /// Milliseconds since 1970, the representation every timestamp column uses.
    public var epochMilliseconds: Int64 {
        Int64((timeIntervalSince1970 * 1000).rounded(.down))
    }

    public init(epochMilliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(epochMilliseconds) / 1000)
    }
}
