extension ScreenSize {
    /// A screen from optional fingerprint fields in device pixels; nil when either is missing,
    /// zero or implausible.
    ///
    /// The LinkForty SDKs send native pixels; a click page sends `screen.width` and
    /// `screen.height` already multiplied by `devicePixelRatio`.
    public static func fromFingerprint(width: Int?, height: Int?) -> ScreenSize? {
        guard let width, let height else { return nil }
        return ScreenSize(width: width, height: height)
    }
}
