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
set -euo pipefail
cd "$(dirname "$0")/.."

wanted=$(node -p "require('./package.json').devDependencies.node")
current=$(node -p 'process.versions.node')

if [ "${current%%.*}" -lt "${wanted%%.*}" ]; then
  cache="${XDG_CACHE_HOME:-$HOME/.cache}/coinwharf-docs/node-$wanted"
  if [ ! -x "$cache/node_modules/node/bin/node" ]; then
    echo "Node $current is older than the project's Node $wanted: fetching node@$wanted from the npm registry into $cache"
    mkdir -p "$cache"
    npm install --prefix "$cache" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$wanted"
  fi
  export PATH="$cache/node_modules/node/bin:$PATH"
fi

echo "Installing dependencies with Node $(node --version) and npm $(npm --version)"
npm ci --no-audit --no-fund
