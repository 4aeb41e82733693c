#!/usr/bin/env bash
# One-time (idempotent) setup: npm dependencies, plus Debian's Chromium and CJK fonts used by
# web capture, PDF rendering and the browser tests, poppler (pdftotext in tests) and ffmpeg (process recordings). Browsers are never downloaded by npm.
set -euo pipefail
cd "$(dirname "$0")/.."

if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -d /usr/share/fonts/opentype/noto ] && ls /usr/share/fonts/opentype/noto 2>/dev/null | grep -qi cjk || need+=(fonts-noto-cjk)
command -v pdftotext >/dev/null 2>&1 || need+=(poppler-utils)
# Encodes the screen recording of process evidence into WebM.
command -v ffmpeg >/dev/null 2>&1 || need+=(ffmpeg)
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing Debian packages: ${need[*]}"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}"
fi
echo "setup: done"
