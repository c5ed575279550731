#!/usr/bin/env python3
"""The public API of the package's library modules, one symbol a line, from the symbol graphs
`swift package dump-symbol-graph` writes: `python3 scripts/api-listing.py SYMBOLGRAPH_DIR MODULE`
(`--undocumented`: those without a doc comment).
The listings in docs/api/ are made by it (scripts/check-api.sh --write) and checked against it
(make test, through scripts/check-api.sh)."""
import glob
import json
import os
import sys


def declaration(symbol):
    text = "".join(fragment["spelling"] for fragment in symbol.get("declarationFragments", []))
    return " ".join(text.split())


def undocumented(folder, module):
    """Public symbols without a doc comment (enum cases, and conformances' own members, aside)."""
    with open(os.path.join(folder, f"{module}.symbols.json"), encoding="utf-8") as file:
        graph = json.load(file)
    return sorted(".".join(s["pathComponents"]) for s in graph["symbols"]
                  if s.get("accessLevel") == "public" and "docComment" not in s
                  and s["kind"]["identifier"] != "swift.enum.case"
                  and s["pathComponents"][-1] not in ("description", "init(from:)", "encode(to:)"))


def listing(folder, module):
    lines = set()
    # The module's own symbols, and its extensions of other modules' types (MODULE@Other).
    for path in [os.path.join(folder, f"{module}.symbols.json")] + glob.glob(os.path.join(folder, f"{module}@*.symbols.json")):
        with open(path, encoding="utf-8") as file:
            graph = json.load(file)
        for symbol in graph["symbols"]:
            if symbol.get("accessLevel") != "public":
                continue
            name = ".".join(symbol["pathComponents"])
            lines.add(f"{symbol['kind']['displayName'].lower()} {name}: {declaration(symbol)}")
    return sorted(lines)


if __name__ == "__main__":
    folder, module = sys.argv[1], sys.argv[2]
    if sys.argv[3:] == ["--undocumented"]:
        print("\n".join(undocumented(folder, module)))
    else:
        print("\n".join(listing(folder, module)))
