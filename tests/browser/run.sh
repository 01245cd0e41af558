#!/usr/bin/env bash
# The browser test of `vdl serve`: installs what it needs (Debian's Chromium,
# playwright-core from npm), builds vdl unless VDL_BIN names a binary, and plays
# the page in headless Chromium. Screenshots go to target/browser/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"

# Chromium, and fonts for the pieces' glyphs (chess figurines in DejaVu, the
# Chinese and Japanese characters in Noto CJK).
if [ ! -x /usr/bin/chromium ] || ! dpkg -s fonts-noto-cjk >/dev/null 2>&1; then
  echo "installing chromium and fonts (Debian packages)"
  sudo=""
  if [ "$(id -u)" != 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=900 install -y -qq chromium fonts-dejavu-core fonts-noto-cjk >/dev/null
fi

if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  echo "error: the browser test needs node and npm" >&2
  exit 1
fi

cd "$here"
# playwright-core drives the system's Chromium; it downloads no browser.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ ! -d node_modules/playwright-core ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi

if [ -z "${VDL_BIN:-}" ]; then
  (cd "$root" && cargo build --release --bin vdl)
  export VDL_BIN="$root/target/release/vdl"
fi

node "$here/test.mjs"
