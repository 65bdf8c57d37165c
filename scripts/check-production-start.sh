#!/usr/bin/env bash
# Starts the built edge from a production install, as a deployment does: the tracked files and the build
# (dist/, public/build/) copied with their times, `npm ci --omit=dev` (no esbuild, no tsx), settings in
# a `.env` file, then `npm start`; the home page must answer with demo content. Run after `npm run build`.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
work=$(mktemp -d)
pid=
cleanup() {
  # npm start runs the edge as a grandchild: stop the whole process group.
  [ -n "$pid" ] && kill -- "-$pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

git ls-files -z | tar --null -T - -cf - | tar -xf - -C "$work"
tar -cf - dist public/build | tar -xf - -C "$work"
cd "$work"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
if [ -e node_modules/esbuild ]; then
  echo "production install: esbuild is installed, so this proves nothing" >&2
  exit 1
fi

port=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
printf 'PORT=%s\nHOST=127.0.0.1\nLOG_LEVEL=warn\n' "$port" > .env
setsid npm start > "$work/start.log" 2>&1 &
pid=$!

for _ in $(seq 1 120); do
  if home=$(curl -fsS "http://127.0.0.1:$port/" 2>/dev/null) && grep -q '云溪博物馆' <<<"$home"; then
    echo "production install: npm start answered the home page on port $port (from .env)"
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then break; fi
  sleep 1
done
echo "production install: the edge did not answer the home page; its output:" >&2
cat "$work/start.log" >&2
exit 1
