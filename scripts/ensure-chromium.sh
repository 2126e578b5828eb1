#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing. The browser tests drive it;
# Playwright's own browser download cannot work on our machines.
set -euo pipefail
# shellcheck source=scripts/apt-install.sh
source "$(dirname "$0")/apt-install.sh"

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
  exit 0
fi

echo "Installing Debian's chromium (needed by the browser tests)..."
apt_install chromium
"$chromium" --version
