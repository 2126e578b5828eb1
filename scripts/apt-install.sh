#!/usr/bin/env bash
# Sourced by the ensure-*.sh scripts: apt_install PACKAGE... installs Debian
# packages, through sudo when not root, quietly and without questions.
apt_install() {
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}
