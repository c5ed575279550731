#!/usr/bin/env bash
# The public API of the modules an editor imports (StrokeModel, AutomataEditorCore), against the
# listings in docs/api/: `scripts/check-api.sh` fails when they differ, `scripts/check-api.sh
# --write` writes them anew. Everything the package shares inside itself is `package`, not public,
# and every public symbol of StrokeModel has a doc comment.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
graphs=$($SWIFT package dump-symbol-graph --skip-synthesized-members | sed -n 's/^Files written to //p')
status=0
for module in StrokeModel AutomataEditorCore; do
  listing="docs/api/$module.txt"
  if [ "${1:-}" = "--write" ]; then
    python3 scripts/api-listing.py "$graphs" "$module" > "$listing"
    echo "wrote $listing ($(wc -l < "$listing") public symbols)"
  elif ! diff -u "$listing" <(python3 scripts/api-listing.py "$graphs" "$module"); then
    echo "error: the public API of $module differs from $listing (above); make it package, or if meant run scripts/check-api.sh --write" >&2
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
