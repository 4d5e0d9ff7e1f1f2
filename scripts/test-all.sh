#!/usr/bin/env bash
# Prepares a fresh Debian machine (run as root) and runs every test: lint, types, unit and API tests on
# PGlite, the same API tests on PostgreSQL, and the end-to-end suite in Debian's Chromium (its headless shell).
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi; }

need_apt=()
# The end-to-end suite runs in Chromium's headless shell (decision 036); the full browser is for screenshots and
# the Lighthouse bench.
if [ -z "${CHROME_PATH:-}" ]; then
  [ -x /usr/bin/chromium ] || need_apt+=(chromium)
  [ -x /usr/bin/chromium-headless-shell ] || need_apt+=(chromium-headless-shell)
fi
command -v pg_ctlcluster >/dev/null 2>&1 || command -v postgres >/dev/null 2>&1 || ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1 || need_apt+=(postgresql)
if [ ${#need_apt[@]} -gt 0 ]; then
  echo "Instalando paquetes de Debian: ${need_apt[*]}"
  as_root apt-get update -qq
  DEBIAN_FRONTEND=noninteractive as_root apt-get install -y -qq "${need_apt[@]}" fonts-dejavu-core >/dev/null
fi

# PostgreSQL for the API suite's second run (skipped when TEST_DATABASE_URL points elsewhere).
if [ -z "${TEST_DATABASE_URL:-}" ]; then
  if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    echo "Iniciando PostgreSQL…"
    version=$(ls /etc/postgresql 2>/dev/null | sort -V | tail -1)
    if [ -z "$version" ]; then
      version=$(ls /usr/lib/postgresql | sort -V | tail -1)
      as_root pg_createcluster "$version" main >/dev/null
    fi
    as_root pg_ctlcluster --skip-systemctl-redirect "$version" main start
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
  # Tests connect as postgres over TCP without a password, as on the CI machine.
  if ! psql -h 127.0.0.1 -U postgres -d postgres -Atc 'select 1' >/dev/null 2>&1; then
    hba=$(as_root su postgres -c "psql -Atc 'show hba_file'")
    as_root sed -i '1i host all postgres 127.0.0.1/32 trust' "$hba"
    as_root su postgres -c "psql -Atc 'select pg_reload_conf()'" >/dev/null
  fi
fi

# The project's Node.js (.node-version) first on PATH: npm installs and every test runs on it.
source scripts/runtime.sh
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# Exactly what the lockfile says; npm install only if the lockfile no longer matches package.json.
npm ci --no-audit --no-fund || { echo "npm ci falló: se instala con npm install"; npm install --no-audit --no-fund; }
npm test
