import Foundation

/// A notebook laid out as an nbformat 4.5 file; the coding keys are the schema's names.
struct NotebookFile: Encodable {
    let cells: [CellEntry]
    let metadata: Metadata
    let nbformat = 4
    let nbformatMinor = 5

    init(_ notebook: Notebook) {
        var runs = 0
        cells = notebook.cells.enumerated().map { index, cell in
            // Cells with outputs were run, one after the other, as by "Run All".
            var executionCount: Int?
            if case .code(_, let outputs) = cell, !outputs.isEmpty {
                runs += 1
                executionCount = runs
            }
            return CellEntry(id: "cell-\(index)", cell: cell, executionCount: executionCount)
        }
        metadata = Metadata(title: notebook.title)
    }

    private enum CodingKeys: String, CodingKey {
        case cells, metadata, nbformat
        case nbformatMinor = "nbformat_minor"
    }

    /// What Jupyter needs to pick a kernel and highlight the code, and the title.
    struct Metadata: Encodable {
        let kernelspec = KernelSpec()
        let languageInfo = LanguageInfo()
        let title: String?

        private enum CodingKeys: String, CodingKey {
            case kernelspec, title
            case languageInfo = "language_info"
        }
    }

    struct KernelSpec: Encodable {
        let displayName = "Python 3 (ipykernel)"
        let language = "python"
        let name = "python3"

        private enum CodingKeys: String, CodingKey {
            case language, name
            case displayName = "display_name"
        }
    }

    struct LanguageInfo: Encodable {
        let name = "python"
        let fileExtension = ".py"
        let mimetype = "text/x-python"
        let pygmentsLexer = "ipython3"

        private enum CodingKeys: String, CodingKey {
            case name, mimetype
            case fileExtension = "file_extension"
            case pygmentsLexer = "pygments_lexer"
        }
    }
}

/// One cell as stored: an id unique in the notebook, and for code cells its outputs and
/// execution count (`null` when it has no outputs, i.e. was not run).
struct CellEntry: Encodable {
    let id: String
    let cell: Notebook.Cell
    let executionCount: Int?

    private enum CodingKeys: String, CodingKey {
        case id, metadata, source, outputs
        case cellType = "cell_type"
        case executionCount = "execution_count"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode([String: String](), forKey: .metadata)
        switch cell {
        case .markdown(let source):
            try container.encode("markdown", forKey: .cellType)
            try container.encode(source.pythonLines, forKey: .source)
        case .code(let source, let outputs):
            try container.encode("code", forKey: .cellType)
            try container.encode(source.pythonLines, forKey: .source)
            try container.encode(outputs.map(OutputEntry.init), forKey: .outputs)
            // The schema requires the key on every code cell, null when the cell was not run.
            if let executionCount {
                try container.encode(executionCount, forKey: .executionCount)
            } else {
                try container.encodeNil(forKey: .executionCount)
            }
        }
    }
}

/// One output as stored. Images and Markdown are `display_data`, which has no execution
/// count in nbformat 4; each carries a `text/plain` stand-in for viewers that show only text.
struct OutputEntry: Encodable {
    let output: Notebook.Output

    private enum CodingKeys: String, CodingKey {
        case data, metadata, name, text
        case outputType = "output_type"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let data: [String: MimeValue]
        switch output {
        case .text(let text):
            try container.encode("stream", forKey: .outputType)
            try container.encode("stdout", forKey: .name)
            try container.encode(text.pythonLines, forKey: .text)
            return
        case .svg(let svg):
            data = ["image/svg+xml": .lines(svg.pythonLines), "text/plain": .lines(["<SVG image>"])]
        case .png(let png):
            // nbformat keeps base64 images as one string; only text and SVG are split into lines.
            data = ["image/png": .string(png.base64EncodedString()), "text/plain": .lines(["<PNG image>"])]
        case .markdown(let markdown):
            data = ["text/markdown": .lines(markdown.pythonLines), "text/plain": .lines(markdown.pythonLines)]
        }
        try container.encode("display_data", forKey: .outputType)
        try container.encode(data, forKey: .data)
        try container.encode([String: String](), forKey: .metadata)
    }
}

/// A value in an output's MIME bundle: nbformat allows a list of lines or one string.
enum MimeValue: Encodable {
    case lines([String])
    case string(String)

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .lines(let lines): try container.encode(lines)
        case .string(let string): try container.encode(string)
        }
    }
}
