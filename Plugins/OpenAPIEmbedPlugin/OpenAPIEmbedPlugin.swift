import Foundation
import PackagePlugin

/// Compiles `OpenAPI/openapi.json` of the target it is applied to into the Swift source that
/// defines `OpenAPIDocument.text`, at every build where the file changed.
///
/// The document then lives in the binary itself: a `landfall` copied on its own serves it, which a
/// resource bundle (`Bundle.module`, a directory that must sit beside the binary) would not.
@main
struct OpenAPIEmbedPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let document = target.directoryURL.appending(path: "OpenAPI").appending(path: "openapi.json")
        let source = context.pluginWorkDirectoryURL.appending(path: "OpenAPIDocument+Text.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(target.name)/OpenAPI/openapi.json",
                executable: try context.tool(named: "landfall-openapi-embed").url,
                arguments: [document.path, source.path],
                inputFiles: [document],
                outputFiles: [source]
            )
        ]
    }
}
