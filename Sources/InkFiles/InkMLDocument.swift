import Foundation
import StrokeModel

/// An InkML file (W3C Ink Markup Language, the format of online-handwriting databases such as
/// FC_A, CROHME and IAM-OnDB): its traces, the pen strokes in the order drawn, and the
/// annotations that say what they mean. See docs/inkml.md for what is read and what is ignored.
public struct InkMLDocument: Sendable {
    /// One `<trace>`: a pen stroke, its X and Y channels as points (y grows as the file's does:
    /// downwards in digitizer and screen coordinates).
    public struct Trace: Sendable, Hashable {
        /// Its `xml:id` (or `id`, as some databases write it).
        public var id: String?
        /// At least one point, every coordinate a finite number.
        public var points: [StrokePoint]

        public init(id: String?, points: [StrokePoint]) {
            self.id = id
            self.points = points
        }
    }

    /// One `<traceGroup>`: traces that belong together (a symbol, a word), with what they are.
    public struct TraceGroup: Sendable, Hashable {
        /// Its `xml:id` (or `id`).
        public var id: String?
        /// Its own `<annotation type="truth">arrow</annotation>` as `["truth": "arrow"]` (trimmed;
        /// the first of a type wins; an annotation without a type under "").
        public var annotations: [String: String]
        /// The `href` of its own `<annotationXML href="_1"/>`: the symbol it draws.
        public var href: String?
        /// The traces it holds, in order: each `<traceView traceDataRef="n8"/>` (a leading '#'
        /// dropped), and the id of each `<trace>` written inside it.
        public var traceIDs: [String]
        /// The `<traceGroup>`s inside it.
        public var groups: [TraceGroup]

        public init(id: String?, annotations: [String: String] = [:], href: String? = nil, traceIDs: [String] = [],
                    groups: [TraceGroup] = []) {
            self.id = id
            self.annotations = annotations
            self.href = href
            self.traceIDs = traceIDs
            self.groups = groups
        }
    }

    /// An XML element as written (for `<annotationXML>` content, which is in any vocabulary).
    public struct Element: Sendable, Hashable {
        /// The local name, without a prefix.
        public var name: String
        /// Attributes with their names as written (`xml:id`, `xmlns`).
        public var attributes: [String: String]
        public var children: [Element]
        /// Its own character data, trimmed of surrounding white space.
        public var text: String

        public init(name: String, attributes: [String: String] = [:], children: [Element] = [], text: String = "") {
            self.name = name
            self.attributes = attributes
            self.children = children
            self.text = text
        }

        /// The direct children with this local name.
        public func children(named name: String) -> [Element] { children.filter { $0.name == name } }
    }

    /// Every trace, in document order, which is drawing order (those inside traceGroups too;
    /// not those inside `<definitions>`, which are templates, not ink).
    public var traces: [Trace]
    /// The top-level `<traceGroup>`s, each with the groups inside it.
    public var traceGroups: [TraceGroup]
    /// The top-level `<annotation type=…>`s (trimmed; the first of a type wins).
    public var annotations: [String: String]
    /// The top-level `<annotationXML>` elements with their content.
    public var annotationXML: [Element]

    public init(traces: [Trace], traceGroups: [TraceGroup] = [], annotations: [String: String] = [:],
                annotationXML: [Element] = []) {
        self.traces = traces
        self.traceGroups = traceGroups
        self.annotations = annotations
        self.annotationXML = annotationXML
    }

    /// Each trace as a pen stroke, in order: what `automata draw` performs.
    public var events: [DrawingEvent] { traces.map { .stroke($0.points) } }

    /// The extension that marks an InkML file where a drawing file is read.
    public static let fileExtension = "inkml"

    /// Whether `url` names an InkML file (by its extension, in any case).
    public static func isInkMLFile(_ url: URL) -> Bool {
        url.pathExtension.lowercased() == fileExtension
    }

    /// Reads the InkML file at `url`; errors name it by its path as given (`relativePath`).
    public static func read(contentsOf url: URL) throws(InkMLError) -> InkMLDocument {
        let source = url.relativePath
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
            throw InkMLError(source: source, problem: "is a folder, not an InkML file")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw InkMLError(source: source, problem: "cannot be read (\(FileReadFailure.reason(url.path)))")
        }
        return try read(from: data, source: source)
    }

    /// Reads InkML from bytes; `source` names them in errors.
    public static func read(from data: Data, source: String) throws(InkMLError) -> InkMLDocument {
        do throws(InkMLProblem) {
            return try InkMLReader.document(from: data)
        } catch {
            throw InkMLError(source: source, problem: error.words)
        }
    }
}
