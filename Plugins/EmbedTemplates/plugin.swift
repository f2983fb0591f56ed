import Foundation
import PackagePlugin

/// Generates `EmbeddedTheme.swift` from the package's templates/ folder, so the
/// `diarygen` binary builds a site with no source tree beside it.
@main
struct EmbedTemplates: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        let themeFolder = context.package.directoryURL.appending(path: "templates")
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedTheme.swift")
        var inputs: [URL] = []
        if let walker = FileManager.default.enumerator(at: themeFolder, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true {
                inputs.append(url)
            }
        }
        return [
            .buildCommand(
                displayName: "Embedding the default theme",
                executable: try context.tool(named: "embed-templates").url,
                arguments: [themeFolder.path, output.path],
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }
}
