import AutomataEditorCore
import Foundation
import StrokeModel

/// A folder of one-stroke gestures by real people, one subfolder per class, each gesture a
/// drawing file (`../shared/datasets/real-gestures`).
package struct GestureSet: Sendable {
    package struct Gesture: Sendable {
        package var gestureClass: String
        /// `class/file.json`.
        package var name: String
        package var stroke: [CanvasPoint]
    }

    package var gestures: [Gesture]
    /// Files that could not be read, and why: counted and named, never a stop.
    package var unreadable: [(name: String, reason: String)]

    /// Reads every class folder in `folder` (at most `limit` files of each, in name order).
    package static func read(folder: URL, limit: Int? = nil) throws -> GestureSet {
        let files = FileManager.default
        var set = GestureSet(gestures: [], unreadable: [])
        let classes = try files.contentsOfDirectory(atPath: folder.path).filter { name in
            var isFolder: ObjCBool = false
            return files.fileExists(atPath: folder.appendingPathComponent(name).path, isDirectory: &isFolder) && isFolder.boolValue
        }.sorted()
        for gestureClass in classes {
            let classFolder = folder.appendingPathComponent(gestureClass)
            var names = try files.contentsOfDirectory(atPath: classFolder.path).filter { $0.hasSuffix(".json") }.sorted()
            if let limit { names = Array(names.prefix(limit)) }
            for file in names {
                let name = "\(gestureClass)/\(file)"
                do {
                    let strokes = try DrawingFile.strokes(contentsOf: classFolder.appendingPathComponent(file))
                    guard strokes.count == 1, strokes[0].count >= 2 else {
                        set.unreadable.append((name, "\(strokes.count) strokes; a gesture is one stroke of two points or more"))
                        continue
                    }
                    set.gestures.append(Gesture(gestureClass: gestureClass, name: name, stroke: strokes[0]))
                } catch {
                    set.unreadable.append((name, "\(error)"))
                }
            }
        }
        return set
    }
}
