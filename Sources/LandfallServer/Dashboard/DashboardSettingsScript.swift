import HTTPTypes
import Hummingbird

/// The settings page's script: redraws the apple-app-site-association and assetlinks.json previews
/// from the form as an owner types, writing what the well-known routes would serve once saved
/// (``AppleAppSiteAssociation``, ``AssetLink``, and the normalisation and refusals of
/// `Validate.teamId`, `reverseDNS` and `certificateFingerprint`), indented as ``JSONValue/indentedJSON``
/// indents it. A file rather than an inline script so that the browser caches it; the page's nonce
/// allows it. Without it the page still works: **Preview the files** asks the server.
enum DashboardSettingsScript {
    static let path = "/dashboard/assets/settings-preview.js"

    static func response() -> Response {
        let bytes = ByteBuffer(string: source)
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/javascript; charset=utf-8", .contentLength: String(bytes.readableBytes),
                // Revalidated on every load: a new server version's script replaces the old at once.
                .cacheControl: "no-cache", HTTPField.Name("X-Content-Type-Options")!: "nosniff",
            ],
            body: .init(byteBuffer: bytes))
    }

    static let source = #"""
        (function () {
          'use strict';
          var form = document.getElementById('app-settings');
          if (!form) return;
          function field(name) {
            var input = form.elements.namedItem(name);
            return input ? input.value.trim() : '';
          }
          // The dashboard's list fields: one entry a line (commas also separate), blanks dropped.
          function list(name) {
            return field(name).split(/[\n\r,]/).map(function (entry) { return entry.trim(); })
              .filter(function (entry) { return entry !== ''; });
          }
          function refused(name, message) { return { error: name + ': ' + message }; }
          function reverseDNS(value, name) {
            var parts = value.split('.');
            var valid = parts.length >= 2 && value.length <= 255 && parts.every(function (part) {
              return /^[A-Za-z][A-Za-z0-9_-]*$/.test(part);
            });
            return valid ? { value: value } : refused(name, "'" + value + "' is not a reverse-DNS identifier such as com.example.app");
          }
          function teamId(value) {
            if (value === '') return { value: null };
            if (value.length > 10) return refused('iosTeamId', 'must be at most 10 characters');
            var upper = value.toUpperCase();
            return /^[A-Z0-9]{10}$/.test(upper) ? { value: upper } : refused('iosTeamId', 'must be the 10-character Apple Team ID');
          }
          function fingerprint(value, name) {
            var hex = value.toUpperCase().replace(/[: ]/g, '');
            if (!/^[0-9A-F]{64}$/.test(hex)) return refused(name, 'must be a SHA-256 fingerprint (64 hex digits, colons optional)');
            return { value: hex.match(/../g).join(':') };
          }
          // Every entry checked in order; the first refusal wins, as on the server.
          function all(values, check, name) {
            var checked = [];
            for (var index = 0; index < values.length; index++) {
              var result = check(values[index], name + '[' + index + ']');
              if (result.error) return result;
              checked.push(result.value);
            }
            return { value: checked };
          }
          function aasa() {
            var bundles = all(list('iosBundleIds'), reverseDNS, 'iosBundleIds');
            if (bundles.error) return bundles;
            var team = teamId(field('iosTeamId'));
            if (team.error) return team;
            if (bundles.value.length > 0 && team.value === null) {
              return refused('iosTeamId', 'is required with iosBundleIds (apple-app-site-association needs TEAMID.bundle)');
            }
            if (team.value === null || bundles.value.length === 0) return { value: null };
            var ids = bundles.value.map(function (bundle) { return team.value + '.' + bundle; });
            // The server's own endpoints must open in the browser, never in the app.
            var components = [
              { '/': '/api/*', exclude: true, comment: 'Landfall API' },
              { '/': '/health*', exclude: true, comment: 'Landfall health checks' },
              { '/': '/*', comment: 'Short links' }
            ];
            var paths = ['NOT /api/*', 'NOT /health*', '*'];
            return { value: {
              applinks: { apps: [], details: ids.map(function (id) {
                return { appID: id, paths: paths, appIDs: [id], components: components };
              }) },
              webcredentials: { apps: ids }
            } };
          }
          function assetlinks() {
            var prints = all(list('androidSha256CertFingerprints'), fingerprint, 'androidSha256CertFingerprints');
            if (prints.error) return prints;
            var name = field('androidPackageName');
            var pack = name === '' ? { value: null } : reverseDNS(name, 'androidPackageName');
            if (pack.error) return pack;
            if (pack.value === null || prints.value.length === 0) return { value: null };
            return { value: [{
              relation: ['delegate_permission/common.handle_all_urls'],
              target: { namespace: 'android_app', package_name: pack.value, sha256_cert_fingerprints: prints.value }
            }] };
          }
          // JSON.stringify with two spaces, object keys sorted: the server's JSONValue.indentedJSON.
          function sorted(value) {
            if (Array.isArray(value)) return value.map(sorted);
            if (value === null || typeof value !== 'object') return value;
            var copy = {};
            Object.keys(value).sort().forEach(function (key) { copy[key] = sorted(value[key]); });
            return copy;
          }
          function show(name, result, missing) {
            var pre = document.getElementById(name + '-preview');
            var note = document.getElementById(name + '-missing');
            if (result.value) {
              pre.textContent = JSON.stringify(sorted(result.value), null, 2);
              pre.hidden = false;
              note.hidden = true;
            } else {
              note.textContent = result.error ? 'Not valid yet: ' + result.error : missing;
              note.hidden = false;
              pre.hidden = true;
            }
          }
          var missingAASA = document.getElementById('aasa-missing').textContent;
          var missingLinks = document.getElementById('assetlinks-missing').textContent;
          function redraw() {
            show('aasa', aasa(), missingAASA);
            show('assetlinks', assetlinks(), missingLinks);
            document.getElementById('preview-state').textContent = ' (preview of the form as typed, not saved)';
          }
          form.addEventListener('input', redraw);
        })();
        """#
}
