#!/bin/sh
# SCAN-3: the scanner's Chromium, and every process it starts, at a lower CPU priority than the
# API beside it (chromium.ts, launchScannerChromium): a crawl takes the CPU the API leaves.
# As root, Chromium would set its threads back to 0 and its display threads to -8; without
# CAP_SYS_NICE it cannot go below the priority it inherits, so root drops that one capability.
nice="${SCANNER_CHROMIUM_NICE:-10}"
if [ "$(id -u)" = 0 ] && command -v setpriv >/dev/null 2>&1; then
  exec setpriv --bounding-set -sys_nice -- nice -n "$nice" "$SCANNER_CHROMIUM_BINARY" "$@"
fi
exec nice -n "$nice" "$SCANNER_CHROMIUM_BINARY" "$@"
