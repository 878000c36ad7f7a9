#!/bin/sh
# SCAN-3: the scanner's Chromium, and every process it starts, at a lower CPU priority than the
# API beside it (chromium.ts, launchScannerChromium): a crawl takes the CPU the API leaves.
# As root, Chromium would set its threads back to 0 and its display threads to -8; without
# CAP_SYS_NICE it cannot go below the priority it inherits, so root drops that one capability.
nice="${SCANNER_CHROMIUM_NICE:-10}"
# Playwright starts the browser in a session of its own, and where the kernel groups sessions
# (autogroup) it shares the CPU between groups before it looks at a process's nice: the group's
# own nice is what puts the whole browser below the API. Only when this is that new session's
# leader: the group of a session shared with the API would put the API down as well.
if [ -w /proc/self/autogroup ] && [ "$(awk '{ print $6 }' /proc/$$/stat)" = "$$" ]; then
  echo "$nice" > /proc/self/autogroup 2>/dev/null
fi
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  exec setpriv --bounding-set -sys_nice -- nice -n "$nice" "$SCANNER_CHROMIUM_BINARY" "$@"
fi
exec nice -n "$nice" "$SCANNER_CHROMIUM_BINARY" "$@"
