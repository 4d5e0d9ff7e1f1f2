#!/usr/bin/env bash
# The README's first command: installs what the app needs (the project's Node.js, then the npm packages as the
# lockfile says) and starts it with the demo business on the embedded database at http://localhost:3000.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/runtime.sh
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
if [ ! -d node_modules ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund || npm install --no-audit --no-fund
fi
exec npm start
