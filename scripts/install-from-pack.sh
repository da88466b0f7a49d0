#!/usr/bin/env sh
# Installs a packed tempo-forecast tarball into a fresh directory with production dependencies only,
# together with the tarballs of the two packages it depends on, @tempo-forecast/core and
# @tempo-forecast/client: until they are published, npm finds them nowhere else. Installed side by
# side, each lands once at the top of node_modules, where the server's dependency on it resolves, so
# npm asks no registry for them (it still fetches the other dependencies, or takes them from its
# cache under --offline). The Dockerfile's build stage runs exactly this, and
# test/package/pack.test.ts runs it too, so the image's install step is tested wherever Docker is not available.
# usage: install-from-pack.sh TARBALL DIR [CORE_TARBALL CLIENT_TARBALL]
#   without the last two, the packages' tarballs of the same version beside TARBALL are used
#   (`npm pack --workspaces --include-workspace-root` writes all three into one folder)
set -eu
[ $# -eq 2 ] || [ $# -eq 4 ] || { echo "usage: $0 TARBALL DIR [CORE_TARBALL CLIENT_TARBALL]" >&2; exit 2; }
abs() { printf '%s/%s\n' "$(cd "$(dirname "$1")" && pwd)" "$(basename "$1")"; }
tarball=$(abs "$1")
if [ $# -eq 4 ]; then
  core=$3
  client=$4
else
  name=$(basename "$1" .tgz)
  version=${name#tempo-forecast-}
  core=$(dirname "$1")/tempo-forecast-core-$version.tgz
  client=$(dirname "$1")/tempo-forecast-client-$version.tgz
fi
for t in "$core" "$client"; do
  [ -f "$t" ] || { echo "install-from-pack: $t not found; pack the packages too (npm pack --workspaces --include-workspace-root) or name their tarballs" >&2; exit 1; }
done
core=$(abs "$core")
client=$(abs "$client")
mkdir -p "$2"
cd "$2"
[ -f package.json ] || printf '{ "name": "tempo-app", "private": true, "allowScripts": { "better-sqlite3": true } }\n' > package.json
npm install --omit=dev --no-audit --no-fund --loglevel=error "$tarball" "$core" "$client"
