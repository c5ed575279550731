#!/usr/bin/env bash
# The editor page's browser test: starts `automata serve` on a free port with temporary
# documents and corrections folders, drives Debian's Chromium through the page with
# Playwright (Tests/Browser/test_editor.py), stops the server and fails when the test does.
# Screenshots go to out/browser/.
#
#   AUTOMATA=.build/debug/automata bash scripts/browser-test.sh
#
# AUTOMATA: the automata binary (default .build/debug/automata, built by `swift build`);
# CHROMIUM: the browser (default /usr/bin/chromium: `make deps` installs it).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
automata="${AUTOMATA:-.build/debug/automata}"
chromium="${CHROMIUM:-/usr/bin/chromium}"
model="models/automata-classifier.safetensors"

fail() { echo "browser-test: $*" >&2; exit 1; }

[ -x "$automata" ] || fail "$automata is missing: build it with 'swift build --product automata' (or set AUTOMATA)"
[ -x "$chromium" ] || fail "$chromium is missing: install Debian's chromium ('make deps' or 'apt-get install chromium'), or set CHROMIUM"
[ -f "$model" ] || fail "$model is missing"

# The server serves the page from its build's resource bundle, a copy made at build time:
# a stale copy would test an old page.
bundle="$(dirname "$automata")/Strokes_AutomataEditorServer.resources/Page"
if [ -d "$bundle" ] && ! diff -rq "$bundle" Sources/AutomataEditorServer/Page >/dev/null; then
  fail "the page in $bundle differs from Sources/AutomataEditorServer/Page: rebuild (swift build --product automata)"
fi

bash scripts/python-env.sh
python=".venv/bin/python"

work="$(mktemp -d "${TMPDIR:-/tmp}/browser-test.XXXXXX")"
server=""
stop_server() {
  if [ -n "$server" ] && kill -0 "$server" 2>/dev/null; then
    kill -TERM "$server" 2>/dev/null || true
    wait "$server" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop_server EXIT

# A free port, asked of the system (the server may not take --port 0).
port="$("$python" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1]); s.close()')"
url="http://127.0.0.1:$port/"

"$automata" serve --host 127.0.0.1 --port "$port" --documents "$work/documents" --corrections "$work/corrections" \
  --model "$model" >"$work/server.log" 2>&1 &
server=$!

# Up to 60 s for the server to load the model and answer.
for _ in $(seq 1 120); do
  if "$python" -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1] + 'api/documents', timeout=2)" "$url" 2>/dev/null; then
    break
  fi
  kill -0 "$server" 2>/dev/null || { cat "$work/server.log" >&2; fail "the server stopped before answering"; }
  sleep 0.5
done
"$python" -c "import sys, urllib.request; urllib.request.urlopen(sys.argv[1] + 'api/documents', timeout=2)" "$url" 2>/dev/null \
  || { cat "$work/server.log" >&2; fail "the server did not answer at $url within 60 s"; }

status=0
"$python" Tests/Browser/test_editor.py --url "$url" --chromium "$chromium" || status=$?
if [ "$status" -ne 0 ]; then
  echo "browser-test: the server's log:" >&2
  sed 's/^/  | /' "$work/server.log" >&2
fi
exit "$status"
