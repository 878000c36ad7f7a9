#!/usr/bin/env bash
# Browser tests drive Debian's Chromium through playwright-core; it never downloads a browser.
# Finds one (CHROMIUM_PATH or the usual names); as root with apt, installs Debian's `chromium`, and
# `chromium-headless-shell` for the scanner (about a quarter of the CPU per page; without it the scanner
# uses the full Chromium).
set -euo pipefail

ensure_headless_shell() {
  command -v chromium-headless-shell >/dev/null 2>&1 && return 0
  [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1 || return 0
  echo "chromium-headless-shell: not found, installing Debian's package for the scanner…"
  export DEBIAN_FRONTEND=noninteractive
  { apt-get update -qq >/dev/null && apt-get install -y -qq chromium-headless-shell >/dev/null; } ||
    echo "chromium-headless-shell: not installed, the scanner uses the full Chromium" >&2
}

find_chromium() {
  if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "${CHROMIUM_PATH}" ]; then echo "${CHROMIUM_PATH}"; return 0; fi
  for candidate in chromium chromium-browser; do
    if command -v "$candidate" >/dev/null 2>&1; then command -v "$candidate"; return 0; fi
  done
  return 1
}

if path=$(find_chromium); then
  echo "chromium: $path"
  ensure_headless_shell
  exit 0
fi

if [ "$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then
  echo "chromium: not found, installing Debian's chromium package…"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq >/dev/null
  apt-get install -y -qq chromium >/dev/null
  path=$(find_chromium) || { echo "chromium: installation finished but no chromium binary was found" >&2; exit 1; }
  echo "chromium: $path"
  ensure_headless_shell
  exit 0
fi

echo "Chromium is needed for the browser tests and was not found." >&2
echo "Install it with:  sudo apt-get install -y chromium   (or set CHROMIUM_PATH to a Chromium binary)" >&2
exit 1
