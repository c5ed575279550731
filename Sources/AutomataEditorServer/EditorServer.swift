import Foundation
import AutomataEditorCore
import Hummingbird
import Logging
import StrokeModel

/// The editor in a browser: the page (static files shipped with this module) and the JSON API
/// over the editor core and the classifier (see docs/server.md).
package struct EditorServer: Sendable {
    package struct Settings: Sendable {
        package var documents: URL
        package var corrections: URL
        package var host: String
        package var port: Int

        package init(documents: URL, corrections: URL, host: String = "127.0.0.1", port: Int = 8080) {
            self.documents = documents
            self.corrections = corrections
            self.host = host
            self.port = port
        }
    }

    let settings: Settings
    let services: EditorServices

    /// A server for the documents and corrections folders of `settings`, reading strokes with
    /// `classifier` and handwriting with `symbols` (none: writing stays ink). Creates the
    /// documents folder.
    package init(settings: Settings, classifier: StrokeClassifier, symbols: StrokeClassifier? = nil) throws {
        self.settings = settings
        services = EditorServices(
            store: try DocumentStore(folder: settings.documents),
            interpreter: StrokeInterpreter(classifier: classifier, symbols: symbols),
            corrections: CorrectionFolder(folder: settings.corrections,
                                          rasterizer: StrokeRasterizer(parameters: classifier.model.rasterizer),
                                          symbols: symbols.map { (StrokeRasterizer(parameters: $0.model.rasterizer), $0.labels) }))
    }

    /// The page's folder among the module's resources.
    static var pageFolder: URL? { Bundle.module.url(forResource: "Page", withExtension: nil) }

    /// The application: errors as one-line JSON, the page's files at the root, then the API.
    /// `onRunning` gets the address the server listens on (the port when 0 asked for any).
    package func application(onRunning: @escaping @Sendable (_ url: String) async -> Void = { _ in }) -> some ApplicationProtocol {
        application(onRunning: onRunning, logLevel: .warning)
    }

    /// `logLevel` .critical for a server stopped by cancelling it (the benchmark's), which
    /// the framework would otherwise report as errors.
    package func application(onRunning: @escaping @Sendable (_ url: String) async -> Void, logLevel: Logger.Level) -> some ApplicationProtocol {
        var logger = Logger(label: "automata-serve")
        logger.logLevel = logLevel
        let router = Router()
        router.middlewares.add(JSONErrorMiddleware())
        if let page = Self.pageFolder {
            // no-cache: a browser asks again (cheaply, by ETag), so a new build's page is seen at once.
            router.middlewares.add(FileMiddleware(page.path, cacheControl: CacheControl([(MediaType(type: .any), [.noCache])]),
                                                  searchForIndexHtml: true, logger: logger))
        }
        services.addDocumentRoutes(to: router)
        services.addEditingRoutes(to: router)
        services.addWordRoutes(to: router)
        services.addAutomatonRoutes(to: router)
        services.addExpressionRoutes(to: router)
        services.addImportRoutes(to: router)
        services.addInkRoutes(to: router)
        services.addVocabularyRoutes(to: router)
        let host = settings.host
        return Application(
            router: router,
            configuration: ApplicationConfiguration(address: .hostname(host, port: settings.port), serverName: "strokes-editor"),
            onServerRunning: { channel in
                let port = channel.localAddress?.port ?? 0
                let shown = host.contains(":") ? "[\(host)]" : host
                await onRunning("http://\(shown):\(port)/")
            },
            logger: logger)
    }

    /// Serves until SIGTERM or SIGINT, then finishes the requests under way and returns.
    package func run(onRunning: @escaping @Sendable (_ url: String) async -> Void = { _ in }) async throws {
        try await application(onRunning: onRunning).runService()
    }
}
