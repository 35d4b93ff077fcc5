import Foundation
import LandfallStore

/// An app's members page (owners) and an account's sessions page.
enum DashboardAccountPages {
    struct Member {
        var user: DashboardUserRecord
        var role: DashboardRole
    }

    static func members(
        app: AppRecord, members: [Member], chrome: DashboardLayout.Chrome, notice: String?, error: String?,
        newPassword: (email: String, password: String)?
    ) -> String {
        let base = "/dashboard/apps/\(HTML.escape(app.id))/members"
        let csrf = DashboardLayout.csrfField(chrome.csrf ?? "")
        var rows = ""
        for member in members {
            let path = "\(base)/\(HTML.escape(member.user.id))"
            rows += """
                <tr><td>\(HTML.escape(member.user.email))</td><td class="role">\(member.role.rawValue)</td>\
                <td><form method="post" action="\(path)" class="inline">\(csrf)\(roleSelect(member.role, id: "role-\(HTML.escape(member.user.id))"))\
                <button type="submit">Change role</button></form> \
                <form method="post" action="\(path)/remove" class="inline">\(csrf)<button type="submit">Remove</button></form></td></tr>
                """
        }
        if members.isEmpty { rows = #"<tr><td colspan="3" class="muted">No members yet.</td></tr>"# }
        var shown = ""
        if let newPassword {
            // Shown once: only its hash is stored, and the page is sent with Cache-Control: no-store.
            shown = """
                <section class="card notice" id="new-password" role="status"><p>An account was made for \
                <strong>\(HTML.escape(newPassword.email))</strong>. Its password is shown only now; hand it over privately:</p>
                <p><code>\(HTML.escape(newPassword.password))</code></p></section>
                """
        }
        let notice = notice.map { #"<p class="notice" role="status">\#(HTML.escape($0))</p>"# } ?? ""
        return DashboardLayout.page(
            chrome,
            body: """
                <p><a href="/dashboard/apps/\(HTML.escape(app.id))/links">← \(HTML.escape(app.name))</a></p>
                <h1>\(HTML.escape(app.name)): members</h1>\(notice)\(DashboardLayout.errorBox(error))\(shown)
                <table id="members"><thead><tr><th>Email</th><th>Role</th><th></th></tr></thead><tbody>\(rows)</tbody></table>
                <h2>Add a member</h2>
                <form class="card" method="post" action="\(base)" id="add-member">\(csrf)
                <label for="member-email">Email</label><input type="text" id="member-email" name="email" required>
                <label for="member-role">Role</label>\(roleSelect(.viewer, id: "member-role"))
                <p class="muted">Someone without an account gets one, with a password shown once here.</p>
                <button type="submit">Add member</button></form>
                <h2>Roles</h2>
                <p class="muted">Viewers read everything of the app. Editors also change links, templates, referral review and webhooks. \
                Owners also manage keys and members.</p>
                """)
    }

    private static func roleSelect(_ selected: DashboardRole, id: String) -> String {
        let options = DashboardRole.allCases.reversed().map {
            #"<option value="\#($0.rawValue)"\#($0 == selected ? " selected" : "")>\#($0.rawValue)</option>"#
        }.joined()
        return #"<label for="\#(id)" class="visually-hidden">Role</label><select id="\#(id)" name="role">\#(options)</select>"#
    }

    static func account(email: String, sessions: [DashboardSessionRecord], current: String, chrome: DashboardLayout.Chrome) -> String {
        let csrf = DashboardLayout.csrfField(chrome.csrf ?? "")
        var rows = ""
        for session in sessions {
            let this = session.id == current ? #" <strong>(this browser)</strong>"# : ""
            rows += """
                <tr><td>\(DashboardPages.date(session.createdAt))\(this)</td><td>\(DashboardPages.date(session.expiresAt))</td>\
                <td><form method="post" action="/dashboard/account/sessions/\(HTML.escape(session.id))/revoke" class="inline">\(csrf)\
                <button type="submit">Sign out</button></form></td></tr>
                """
        }
        return DashboardLayout.page(
            chrome,
            body: """
                <h1>Your account</h1><p>\(HTML.escape(email))</p>
                <h2>Sessions</h2>
                <table id="sessions"><thead><tr><th>Signed in</th><th>Expires</th><th></th></tr></thead><tbody>\(rows)</tbody></table>
                <form class="card" method="post" action="/dashboard/account/sign-out-everywhere" id="sign-out-everywhere">\(csrf)
                <p>Ends every session of this account, this one too.</p><button type="submit">Sign out everywhere</button></form>
                """)
    }
}
