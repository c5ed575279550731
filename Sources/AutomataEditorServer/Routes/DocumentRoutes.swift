import Foundation
import AutomataEditorCore
import Hummingbird

/// The documents themselves: list, read, write, delete, rename, open and download.
extension EditorServices {
    func addDocumentRoutes(to router: Router<some RequestContext>) {
        router.get("api/documents") { _, _ in
            JSONResponse.make(["documents": await store.listing()])
        }
        router.get("api/documents/:name") { _, context in
            let name = try Self.name(context)
            return JSONResponse.make(AutomatonFileJSON(document: try await store.existingEditor(name).document))
        }
        router.put("api/documents/:name") { request, context in
            let name = try Self.name(context)
            let data = try await RequestBody.bytes(of: request)
            let document: AutomatonDocument
            do {
                document = try AutomatonFile.decoded(data, from: URL(fileURLWithPath: "body"))
            } catch let error as AutomatonFileError {
                throw APIError.badRequest("the body: \(error.explanation)")
            }
            try InputLimits.check(document)
            let created = try await store.replace(name, with: document)
            return JSONResponse.make(DocumentView(name: name, editor: Editor(document: document)), status: created ? .created : .ok)
        }
        router.delete("api/documents/:name") { _, context in
            let name = try Self.name(context)
            try await store.delete(name)
            return JSONResponse.make(["deleted": name.text])
        }
        router.get("api/documents/:name/view") { _, context in
            let name = try Self.name(context)
            return JSONResponse.make(DocumentView(name: name, editor: try await store.existingEditor(name)))
        }
        router.post("api/documents/:name/open") { _, context in
            let name = try Self.name(context)
            let (editor, _, created) = try await store.update(name, creating: true) { _ throws(APIError) in () }
            return JSONResponse.make(DocumentView(name: name, editor: editor), status: created ? .created : .ok)
        }
        router.post("api/documents/:name/rename") { request, context in
            let name = try Self.name(context)
            let newName = try DocumentName(try await RequestBody.object(of: request, allowed: ["to"]).string("to"), as: "\"to\"")
            let editor = try await store.rename(name, to: newName)
            return JSONResponse.make(DocumentView(name: newName, editor: editor))
        }
        router.get("api/documents/:name/export") { request, context in
            let name = try Self.name(context)
            let document = try await store.existingEditor(name).document
            let format = request.uri.queryParameters["format"].map(String.init) ?? "automaton"
            switch format {
            case "automaton":
                guard let bytes = try? AutomatonFile.contents(of: document) else {
                    throw APIError.unprocessable("\"\(name)\" cannot be written as a file")
                }
                return FileDownload.response(String(decoding: bytes, as: UTF8.self), fileName: "\(name).automaton", type: "application/json")
            case "dot":
                return FileDownload.response(DOTExport.render(document, positions: true), fileName: "\(name).dot", type: "text/vnd.graphviz")
            case "svg":
                return FileDownload.response(SVGExport.render(document), fileName: "\(name).svg", type: "image/svg+xml")
            case "tikz":
                return FileDownload.response(TikZExport.render(document), fileName: "\(name).tex", type: "application/x-tex")
            case "jff":
                do throws(JFLAPFileError) {
                    let text = try JFLAPFile.contents(of: document, for: URL(fileURLWithPath: "\(name).jff")).text
                    return FileDownload.response(text, fileName: "\(name).jff", type: "application/xml")
                } catch {
                    throw APIError.unprocessable("\(name).jff: \(error.explanation)")
                }
            default:
                throw APIError.badRequest("format \"\(format.prefix(40))\" is none of automaton, dot, svg, tikz, jff")
            }
        }
    }
}
