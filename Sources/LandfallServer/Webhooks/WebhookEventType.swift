/// The message types endpoints subscribe to, and the patterns a subscription may use.
public enum WebhookEventType {
    public static let clickCreated = "click.created"
    /// An install matched to a click (deterministically or probabilistically).
    public static let installAttributed = "install.attributed"
    /// An install no click explains.
    public static let installOrganic = "install.organic"
    public static let eventCreated = "event.created"
    /// An SKAdNetwork conversion value changed.
    public static let conversionUpdated = "conversion.updated"
    /// A referral registered and waiting for the referee's key action.
    public static let referralPending = "referral.pending"
    /// A referral registered (or later found) with fraud reasons; it waits for a review.
    public static let referralFlagged = "referral.flagged"
    /// A referral whose key action happened and whose hold period passed: the reward is due.
    public static let referralCompleted = "referral.completed"
    /// A referral reversed by a refund or clawback.
    public static let referralReversed = "referral.reversed"
    /// Sent by `POST /api/webhooks/:id/test`, to check a receiver.
    public static let test = "webhook.test"

    /// The families a type belongs to: `referral.*` covers whatever the referral programme reports
    /// (`referral.created`, `referral.rewarded`, …).
    public static let families: Set<String> = ["click", "install", "event", "conversion", "referral", "webhook"]

    /// Whether `type` is a type the server may publish: `<family>.<name>` with a known family.
    public static func isValidType(_ type: String) -> Bool {
        let parts = type.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, families.contains(String(parts[0])), !parts[1].isEmpty, parts[1].count <= 40 else { return false }
        return parts[1].allSatisfy { ("a"..."z").contains($0) || $0 == "_" }
    }

    /// Whether `pattern` may be subscribed to: `*`, `<family>.*` or a valid type.
    public static func isValidSubscription(_ pattern: String) -> Bool {
        if pattern == "*" { return true }
        if pattern.hasSuffix(".*") { return families.contains(String(pattern.dropLast(2))) }
        return isValidType(pattern)
    }
}
