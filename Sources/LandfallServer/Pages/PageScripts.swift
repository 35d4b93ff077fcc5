/// The scripts Landfall's own pages carry, each under its response's nonce.
///
/// Public so that a scanner outside the server (the lab's XSS probe) can tell the server's own
/// scripts from one an attacker got onto a page, without the server linking the scanner.
public enum PageScripts {
    public static let trusted: Set<String> = [InterstitialPage.script, DashboardLinkPages.copyScript, DashboardImportPages.pickerScript]
    /// The script files they load, under the same nonce, by their `src`.
    public static let trustedSources: Set<String> = [DashboardSettingsScript.path]
}
