#!/usr/bin/env bash
# Installs Debian's nginx with its brotli modules, filter and static (the production server
# the nginx tests start on loopback) and wrk (for `npm run bench:serve` only),
# when they are missing. The tests run nginx as a plain process with its own
# prefix directory; the system service is never used.
set -euo pipefail
# shellcheck source=scripts/apt-install.sh
source "$(dirname "$0")/apt-install.sh"

if command -v nginx >/dev/null && [ -f /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so ] \
  && [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] && command -v wrk >/dev/null; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
# Debian starts a freshly installed nginx on port 80 unless policy-rc.d forbids
# it (container images ship one that does); forbid it for this install only.
policy=/usr/sbin/policy-rc.d
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
  $sudo chmod +x "$policy"
  trap '$sudo rm -f "$policy"' EXIT
fi
echo "Installing Debian's nginx, its brotli modules and wrk (needed by the nginx tests and the benchmark)..."
apt_install nginx libnginx-mod-http-brotli-filter libnginx-mod-http-brotli-static wrk
nginx -v
