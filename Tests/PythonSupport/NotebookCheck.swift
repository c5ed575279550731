import Foundation

extension PythonEnvironment {
    /// Validates the notebook with nbformat (a duplicate cell id counts as an error, not a
    /// warning), then runs every code cell in order from the notebook's folder, as Jupyter
    /// would, with matplotlib drawing off-screen. On success the last line of stdout is
    /// `ran N code cells`.
    public static func validateAndRunNotebook(_ notebook: URL) async throws -> ProcessResult {
        try await run("""
            import os, sys, warnings, nbformat
            warnings.simplefilter("error", nbformat.validator.DuplicateCellId) if hasattr(nbformat.validator, "DuplicateCellId") else None
            notebook = nbformat.read(sys.argv[1], as_version=4)
            nbformat.validate(notebook)
            os.chdir(os.path.dirname(sys.argv[1]))
            scope = {}
            for cell in notebook.cells:
                if cell.cell_type == "code":
                    exec(compile(cell.source, "cell", "exec"), scope)
            print("ran", sum(c.cell_type == "code" for c in notebook.cells), "code cells")
            """, arguments: [notebook.path], environment: ["MPLBACKEND": "Agg"])
    }
}
