#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing. The browser tests drive it;
# Playwright's own browser download cannot work on our machines.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "Installing Debian's chromium (needed by the browser tests)..."
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium >/dev/null
"$chromium" --version
