import Foundation

/// A Jupyter notebook: markdown and code cells with the outputs the code showed, stored so
/// that the notebook opens with its text, tables and plots in place without being re-run.
///
/// `json()` writes it in nbformat 4.5, the format Jupyter, JupyterLab, VS Code and GitHub read.
package struct Notebook: Sendable, Equatable {
    /// Something a code cell showed when it ran.
    package enum Output: Sendable, Equatable {
        /// An SVG image (`display_data` with `image/svg+xml`, plus a `text/plain` stand-in).
        case svg(String)
        /// PNG file bytes (`display_data` with base64 `image/png`, plus a `text/plain` stand-in).
        case png(Data)
        /// Rendered Markdown such as a table (`display_data` with `text/markdown`, the same text as `text/plain`).
        case markdown(String)
        /// Printed text (a `stream` output on stdout).
        case text(String)
    }

    /// One cell of the notebook.
    package enum Cell: Sendable, Equatable {
        /// Markdown prose.
        case markdown(String)
        /// Python code and what it showed when it ran; a cell with outputs counts as run.
        case code(String, outputs: [Output])
    }

    /// The cells, in order.
    package var cells: [Cell]
    /// The notebook's title, stored in its metadata.
    package var title: String?

    /// A notebook with these cells and, optionally, a title for its metadata.
    package init(cells: [Cell], title: String? = nil) {
        self.cells = cells
        self.title = title
    }

    /// The notebook as nbformat 4.5 JSON, ending with a newline: the same notebook always
    /// gives the same text (sorted keys, cell ids and execution counts from positions), and
    /// multi-line texts are lists of lines, split as Jupyter splits them, so files diff well.
    package func json() throws -> String {
        let encoder = JSONEncoder()
        // Slashes stay as they are (`</svg>`); non-ASCII text is written as UTF-8, not escaped.
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(NotebookFile(self))
        return Self.joiningEmptyContainers(String(decoding: data, as: UTF8.self)) + "\n"
    }

    /// `{}` and `[]` for the encoder's empty containers, which it spreads over three lines.
    /// Safe on JSON text: a line break inside a string is always written as `\n`.
    private static func joiningEmptyContainers(_ json: String) -> String {
        json.replacingOccurrences(of: #"([\[{])\n[ ]*\n[ ]*([\]}])"#, with: "$1$2", options: .regularExpression)
    }
}
