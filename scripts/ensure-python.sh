#!/usr/bin/env bash
# Installs Debian's Python 3 with requests and Flask when they are missing. The
# Python samples run under /usr/bin/python3 (Debian's), not a pyenv shim: PyPI
# is not reachable from our machines, Debian's packages are.
set -euo pipefail

python=/usr/bin/python3
if [ -x "$python" ] && "$python" -c 'import requests, flask' 2>/dev/null; then
  exit 0
fi

sudo=""
if [ "$(id -u)" -ne 0 ]; then
  sudo="sudo"
fi
echo "Installing Debian's python3-requests and python3-flask (needed by the sample tests)..."
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq python3 python3-requests python3-flask >/dev/null
"$python" -c 'import requests, flask; print("python3-requests", requests.__version__, "and python3-flask installed")'
