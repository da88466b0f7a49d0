#!/usr/bin/env sh
# Installs a packed tempo-forecast tarball into a fresh directory with production dependencies only.
# The Dockerfile's build stage runs exactly this, and test/package/pack.test.ts runs it too, so the
# image's install step is tested wherever Docker is not available.
# usage: install-from-pack.sh TARBALL DIR
set -eu
tarball=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
mkdir -p "$2"
cd "$2"
[ -f package.json ] || printf '{ "name": "tempo-app", "private": true, "allowScripts": { "better-sqlite3": true } }\n' > package.json
npm install --omit=dev --no-audit --no-fund --loglevel=error "$tarball"
