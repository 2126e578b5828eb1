#!/usr/bin/env bash
# Installs the project's exact dependencies (`npm ci`) under the Node.js the
# project runs on: the version of the `node` package in package.json's
# devDependencies (Node 24 LTS). Machines here ship an older Node, so when the
# one on PATH is older, this fetches that version from the npm registry once,
# into a cache outside the clone, and runs `npm ci` under it: no engine
# warnings, and install scripts run on the Node the site runs on.
#
# After `npm ci`, node_modules/.bin/node is that same Node, and `npm run`/`npx`
# put node_modules/.bin first on PATH, so every npm script runs under it.
#
# `--tests` (the README's test command) also installs, side by side with `npm ci`, the Debian
# packages the tests need when they are missing: Chromium, Python 3 with requests and Flask,
# nginx with brotli and wrk (scripts/ensure-*.sh, which `npm test` runs again as a check). On a
# fresh machine apt-get took about 97 s and npm ci about 53 s one after the other; side by side they
# share the disk and the network, and npm ci itself took one to two minutes.
set -euo pipefail
cd "$(dirname "$0")/.."

packages_pid=""
if [ "${1:-}" = --tests ]; then
  packages_log=$(mktemp)
  trap 'rm -f "$packages_log"' EXIT
  (bash scripts/ensure-chromium.sh && bash scripts/ensure-python.sh && bash scripts/ensure-nginx.sh) \
    >"$packages_log" 2>&1 &
  packages_pid=$!
elif [ -n "${1:-}" ]; then
  echo "Unknown option $1: bash scripts/setup.sh [--tests]" >&2
  exit 2
fi

wanted=$(node -p "require('./package.json').devDependencies.node")
current=$(node -p 'process.versions.node')

if [ "${current%%.*}" -lt "${wanted%%.*}" ]; then
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/coinwharf-docs/node-$wanted"
  if [ ! -x "$cache/node_modules/node/bin/node" ]; then
    echo "Node $current is older than the project's Node $wanted: fetching node@$wanted from the npm registry into $cache"
    mkdir -p "$cache"
    # --prefix makes the cache its own project, so the repository's .npmrc limits are given here too.
    npm install --prefix "$cache" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      --fetch-timeout=60000 --fetch-retries=4 --fetch-retry-maxtimeout=30000 "node@$wanted"
  fi
  export PATH="$cache/node_modules/node/bin:$PATH"
fi

echo "Installing dependencies with Node $(node --version) and npm $(npm --version): about 2,300 packages,"
echo "one to two minutes with no output until npm prints \"added … packages\" (.npmrc: a stalled download fails after 60 s)."
if ! npm ci --no-audit --no-fund; then
  echo "npm ci failed (above); running it once more, in case a download stalled or the connection dropped."
  npm ci --no-audit --no-fund
fi

if [ -n "$packages_pid" ]; then
  status=0
  wait "$packages_pid" || status=$?
  cat "$packages_log"
  if [ "$status" != 0 ]; then
    echo "Installing the Debian packages the tests need failed (above)." >&2
    exit "$status"
  fi
fi
