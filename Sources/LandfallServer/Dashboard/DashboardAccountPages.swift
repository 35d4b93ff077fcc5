import Foundation
import LandfallStore

/// An app's members page (owners) and an account's sessions page.
enum DashboardAccountPages {
    struct Member {
        var user: DashboardUserRecord
        var role: DashboardRole
    }

    static let membersTemplate = """
        {{<layout}}{{$content}}
        <p><a href="/dashboard/apps/{{appId}}/links">← {{appName}}</a></p>
        <h1>{{appName}}: members</h1>{{#notice}}<p class="notice" role="status">{{notice}}</p>{{/notice}}\
        {{#error}}<p class="error" role="alert">{{error}}</p>{{/error}}\
        {{#newPassword}}<section class="card notice" id="new-password" role="status"><p>An account was made for \
        <strong>{{email}}</strong>. Its password is shown only now; hand it over privately:</p>
        <p><code>{{password}}</code></p></section>{{/newPassword}}
        <div class="table-scroll" role="region" aria-label="Members" tabindex="0"><table id="members"><thead><tr><th>Email</th><th>Role</th><th></th></tr></thead><tbody>
        {{#members}}<tr><td>{{email}}</td><td class="role">{{role}}</td>\
        <td><form method="post" action="/dashboard/apps/{{appId}}/members/{{id}}" class="inline">{{>csrf}}\
        <label for="role-{{id}}" class="visually-hidden">Role</label><select id="role-{{id}}" name="role">\
        {{#roles}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/roles}}</select>\
        <button type="submit">Change role</button></form> \
        <form method="post" action="/dashboard/apps/{{appId}}/members/{{id}}/remove" class="inline">{{>csrf}}<button type="submit">Remove</button></form></td></tr>{{/members}}
        {{^members}}<tr><td colspan="3" class="muted">No members yet.</td></tr>{{/members}}
        </tbody></table></div>
        <h2>Add a member</h2>
        <form class="card" method="post" action="/dashboard/apps/{{appId}}/members" id="add-member">{{>csrf}}
        <label for="member-email">Email</label><input type="text" id="member-email" name="email" required>
        <label for="member-role">Role</label><select id="member-role" name="role">\
        {{#newRoles}}<option value="{{value}}"{{#selected}} selected{{/selected}}>{{value}}</option>{{/newRoles}}</select>
        <p class="muted">Someone without an account gets one, with a password shown once here.</p>
        <button type="submit">Add member</button></form>
        <h2>Roles</h2>
        <p class="muted">Viewers read everything of the app. Editors also change links, templates, referral review and webhooks. \
        Owners also manage keys, members and the app's settings.</p>
        {{/content}}{{/layout}}
        """

    static func members(
        app: AppRecord, members: [Member], chrome: DashboardLayout.Chrome, notice: String?, error: String?,
        newPassword: (email: String, password: String)?
    ) -> String {
        let rows = members.map {
            DashboardTemplates.view(["id": $0.user.id, "email": $0.user.email, "role": $0.role.rawValue, "roles": roleOptions($0.role)])
        }
        // Shown once: only its hash is stored, and the page is sent with Cache-Control: no-store.
        let shown = newPassword.map { ["email": $0.email, "password": $0.password] }
        return DashboardTemplates.render(
            "members", chrome: chrome,
            [
                "appId": app.id, "appName": app.name, "notice": notice, "error": error, "newPassword": shown, "members": rows,
                "newRoles": roleOptions(.viewer),
            ])
    }

    /// The roles, most powerful first, with `selected` marked.
    static func roleOptions(_ selected: DashboardRole) -> [[String: Any]] {
        DashboardRole.allCases.reversed().map { ["value": $0.rawValue, "selected": $0 == selected] }
    }

    static let accountTemplate = """
        {{<layout}}{{$content}}
        <h1>Your account</h1><p>{{email}}</p>
        <h2>Sessions</h2>
        <div class="table-scroll" role="region" aria-label="Sessions" tabindex="0"><table id="sessions"><thead><tr><th>Signed in</th><th>Expires</th><th></th></tr></thead><tbody>
        {{#sessions}}<tr><td>{{created}}{{#current}} <strong>(this browser)</strong>{{/current}}</td><td>{{expires}}</td>\
        <td><form method="post" action="/dashboard/account/sessions/{{id}}/revoke" class="inline">{{>csrf}}\
        <button type="submit">Sign out</button></form></td></tr>{{/sessions}}
        </tbody></table></div>
        <form class="card" method="post" action="/dashboard/account/sign-out-everywhere" id="sign-out-everywhere">{{>csrf}}
        <p>Ends every session of this account, this one too.</p><button type="submit">Sign out everywhere</button></form>
        {{/content}}{{/layout}}
        """

    static func account(email: String, sessions: [DashboardSessionRecord], current: String, chrome: DashboardLayout.Chrome) -> String {
        let rows = sessions.map {
            [
                "id": $0.id, "created": DashboardPages.date($0.createdAt), "expires": DashboardPages.date($0.expiresAt),
                "current": $0.id == current,
            ] as [String: Any]
        }
        return DashboardTemplates.render("account", chrome: chrome, ["email": email, "sessions": rows])
    }
}
