# Sourced by the README's two scripts (start.sh, test-all.sh): puts the project's Node.js first on PATH, whatever
# Node the machine has (docs/decisions/017). The version is .node-version's; a machine whose own Node has that
# major version uses it, any other gets that exact version from the npm registry's `node` package, installed once
# into .runtime/ (a folder of its own, so that this npm install checks no engines of the project's packages).
_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_want="$(tr -d ' \n' < "$_root/.node-version")"
_own="$(node -v 2>/dev/null || true)"
if [ "${_own%%.*}" != "v${_want%%.*}" ]; then
  _bin="$_root/.runtime/node_modules/.bin"
  if [ "$("$_bin/node" -v 2>/dev/null)" != "v$_want" ]; then
    echo "Instalando Node.js $_want para el proyecto en .runtime/ (esta máquina tiene ${_own:-ninguno})…"
    mkdir -p "$_root/.runtime"
    # The `node` package fetches its platform's binary from the registry in a preinstall script.
    printf '{ "private": true, "allowScripts": { "node": true } }\n' > "$_root/.runtime/package.json"
    npm install --prefix "$_root/.runtime" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node@$_want" >/dev/null
  fi
  export PATH="$_bin:$PATH"
fi
echo "Node.js $(node -v) ($(command -v node))"
unset _root _want _own _bin
