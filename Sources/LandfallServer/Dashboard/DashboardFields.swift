import LandfallStore

/// One labelled input of a dashboard form, with the API's message beside it when it was refused.
///
/// Every property is stored and none is optional: Mustache looks an absent name up in the
/// enclosing contexts, so a field without an error could otherwise show the page's.
struct DashboardField: Sendable {
    enum Kind: Sendable {
        case text, url, number, password, textarea, checkbox
    }

    var id: String
    var name: String
    var label: String
    var value: String
    var type: String
    var isInput: Bool
    var isTextarea: Bool
    var isCheckbox: Bool
    var checked: Bool
    var required: Bool
    var disabled: Bool
    var hint: String
    var hasHint: Bool
    var error = ""
    var hasError = false

    init(
        _ name: String, _ label: String, value: String = "", kind: Kind = .text, checked: Bool = false, required: Bool = false,
        hint: String = "", id: String? = nil
    ) {
        self.id = id ?? "field-\(name)"
        self.name = name
        self.label = label
        self.value = value
        switch kind {
        case .text: type = "text"
        case .url: type = "url"
        case .number: type = "text"
        case .password: type = "password"
        case .textarea, .checkbox: type = ""
        }
        isInput = kind != .textarea && kind != .checkbox
        isTextarea = kind == .textarea
        isCheckbox = kind == .checkbox
        self.checked = checked
        self.required = required
        disabled = false
        self.hint = hint
        hasHint = !hint.isEmpty
    }

    /// The partial every form renders its fields with. An error sits right under its input and the
    /// input points at it with `aria-describedby`.
    static let template = """
        {{#fields}}<div class="field">\
        {{#isCheckbox}}<label for="{{id}}" class="check"><input type="checkbox" id="{{id}}" name="{{name}}" value="true"\
        {{#checked}} checked{{/checked}}{{#disabled}} disabled{{/disabled}}\
        {{#hasError}} aria-invalid="true" aria-describedby="{{id}}-error"{{/hasError}}> {{label}}</label>{{/isCheckbox}}\
        {{#isTextarea}}<label for="{{id}}">{{label}}</label><textarea id="{{id}}" name="{{name}}" rows="3"\
        {{#disabled}} disabled{{/disabled}}{{#required}} required{{/required}}\
        {{#hasError}} aria-invalid="true" aria-describedby="{{id}}-error"{{/hasError}}>{{value}}</textarea>{{/isTextarea}}\
        {{#isInput}}<label for="{{id}}">{{label}}</label><input type="{{type}}" id="{{id}}" name="{{name}}" value="{{value}}"\
        {{#disabled}} disabled{{/disabled}}{{#required}} required{{/required}}\
        {{#hasError}} aria-invalid="true" aria-describedby="{{id}}-error"{{/hasError}}>{{/isInput}}\
        {{#hasHint}}<p class="hint">{{hint}}</p>{{/hasHint}}\
        {{#hasError}}<p class="field-error" id="{{id}}-error" role="alert">{{error}}</p>{{/hasError}}</div>{{/fields}}
        """

    /// Puts the API's message beside the field it names; answers the message when no field of the
    /// form is named, for the box above the form.
    /// `aliases` maps a name the API's message uses to the form's input for it.
    static func attach(_ error: APIError, to fields: inout [DashboardField], aliases: [String: String] = [:]) -> String? {
        let name = fieldName(of: error).map { aliases[$0] ?? $0 }
        guard let name, let index = fields.firstIndex(where: { $0.name == name }) else { return error.message }
        fields[index].error = error.message
        fields[index].hasError = true
        return nil
    }

    /// The input an API error is about: `invalid_field` messages start with the field's JSON name,
    /// and an element of a list ("domains[2]: …") belongs to the list's input.
    static func fieldName(of error: APIError) -> String? {
        // A taken unique value reads "slug is already taken".
        if error.code == "conflict" { return String(error.message.prefix { $0 != " " }) }
        if let field = codeFields[error.code] { return field }
        guard error.code == "invalid_field", let colon = error.message.firstIndex(of: ":") else { return nil }
        return String(error.message[..<colon].prefix { $0 != "[" && $0 != "." })
    }

    /// Refusals whose code, not their message, names the field.
    static let codeFields = ["short_code_taken": "customCode"]

    /// The API's answer to a refused write, for the page to show; nil for a failure that is no
    /// refusal (the error middleware answers those as for the API).
    static func refusal(_ error: any Error) -> APIError? {
        if let error = error as? APIError { return error }
        if let error = error as? StoreError, error.conflictingField != nil {
            return ErrorMiddleware<LandfallRequestContext>.conflict(error)
        }
        return nil
    }

    /// Disables every field: a role that may not post the form still reads it.
    static func readOnly(_ fields: [DashboardField]) -> [DashboardField] {
        fields.map {
            var field = $0
            field.disabled = true
            return field
        }
    }
}
