/// The OpenAPI 3.0 document of every route the server answers, served at `GET /openapi.json`.
///
/// The document is `openapi.json` beside this file: edit it there. The OpenAPIEmbedPlugin turns it
/// into `OpenAPIDocument.text` at every build where it changed (see `Plugins/`), so the document is
/// compiled into the binary rather than shipped as a bundle resource: a resource bundle must sit
/// beside the binary, and a `landfall` copied on its own would lose it (Foundation's `Bundle.module`
/// traps when its bundle is missing). The binary serves the file byte for byte.
///
/// A new route is one more entry under `paths` in `openapi.json` (and a new field one more property
/// of its schema under `components/schemas`), then `swift build`. `OpenAPIDocumentTests` checks that
/// the document parses, that it names exactly the router's routes and that the binary serves the
/// file; `OpenAPIConformanceTests` checks the server's answers against it, so a response schema that
/// does not match what the route answers fails there. `scripts/format-openapi` keeps scripted edits
/// in the file's layout.
enum OpenAPIDocument {}
