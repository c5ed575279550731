#!/usr/bin/env bash
# The public API of the products' modules (StrokeModel, StrokeTraining with PNGImages,
# AutomataEditorCore, InkFiles), against the listings in docs/api/: `scripts/check-api.sh` fails
# when they differ, `scripts/check-api.sh --write` writes them anew. Every other module of
# Sources/ and Benchmarks/ has no public symbol (what the package shares inside itself is
# `package`), and every public symbol of StrokeModel has a doc comment.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
graphs=$($SWIFT package dump-symbol-graph --skip-synthesized-members | sed -n 's/^Files written to //p')
status=0
products="StrokeModel StrokeTraining PNGImages AutomataEditorCore InkFiles"
for module in $products; do
  listing="docs/api/$module.txt"
  if [ "${1:-}" = "--write" ]; then
    python3 scripts/api-listing.py "$graphs" "$module" > "$listing"
    echo "wrote $listing ($(wc -l < "$listing") public symbols)"
  elif ! diff -u "$listing" <(python3 scripts/api-listing.py "$graphs" "$module"); then
    echo "error: the public API of $module differs from $listing (above); make it package, or if meant run scripts/check-api.sh --write" >&2
    status=1
  fi
done
# No other module of the package shows anything: the test support targets aside.
for graph in "$graphs"/*.symbols.json; do
  module=$(basename "$graph" .symbols.json)
  case " $products AllocationCounter PythonSupport " in *" ${module%%@*} "*) continue ;; esac
  case "$module" in StrokesPackage*) continue ;; esac
  leaked=$(python3 scripts/api-listing.py "$graphs" "$module")
  if [ -n "$leaked" ]; then
    echo "error: $module is no product, yet has public symbols (make them package):" >&2
    echo "$leaked" | head -20 >&2
    status=1
  fi
done
# Everything an editor sees of the inference module is documented.
missing=$(python3 scripts/api-listing.py "$graphs" StrokeModel --undocumented)
if [ -n "$missing" ]; then
  echo "error: public symbols of StrokeModel without a doc comment:" >&2
  echo "$missing" >&2
  status=1
fi
exit $status
