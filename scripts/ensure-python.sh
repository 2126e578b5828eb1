#!/usr/bin/env bash
# Installs Debian's Python 3 with requests and Flask when they are missing. The
# Python samples run under /usr/bin/python3 (Debian's), not a pyenv shim: PyPI
# is not reachable from our machines, Debian's packages are.
set -euo pipefail
# shellcheck source=scripts/apt-install.sh
source "$(dirname "$0")/apt-install.sh"

python=/usr/bin/python3
if [ -x "$python" ] && "$python" -c 'import requests, flask' 2>/dev/null; then
  exit 0
fi

echo "Installing Debian's python3-requests and python3-flask (needed by the sample tests)..."
apt_install python3 python3-requests python3-flask
"$python" -c 'import requests, flask; print("python3-requests", requests.__version__, "and python3-flask installed")'
