#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing: chromium-headless-shell, which
# the browser tests drive, and chromium, which the benchmarks measure pages in.
# Playwright's own browser download cannot work on our machines.
set -euo pipefail
# shellcheck source=scripts/apt-install.sh
source "$(dirname "$0")/apt-install.sh"

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then
  exit 0
fi
if [ "${#missing[@]}" -eq 0 ]; then
  exit 0
fi

echo "Installing Debian's ${missing[*]} (needed by the browser tests and benchmarks)..."
apt_install "${missing[@]}"
/usr/bin/chromium-headless-shell --version
