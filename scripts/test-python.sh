#!/usr/bin/env bash
# The Python client's tests (python/tests) as CI runs them: `pip install ./python` into a fresh venv with no
# package index and no pip configuration (so the in-tree build backend must need nothing from outside),
# then pytest in that venv against real `tempo serve` processes of this checkout's build.
# The venv sees the system's packages (--system-site-packages) for pandas and pytest: Debian's
# python3-pandas and python3-pytest. usage: scripts/test-python.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
python=${TEMPO_PYTHON:-/usr/bin/python3}
venv=$(mktemp -d "${TMPDIR:-/tmp}/tempo-python-venv.XXXXXX")
trap 'rm -rf "$venv"' EXIT
"$python" -m venv --system-site-packages "$venv"
PIP_CONFIG_FILE=/dev/null "$venv/bin/python" -m pip install --isolated --no-index --disable-pip-version-check --quiet ./python
# the tests must import the installed package, not the source tree
installed=$(cd / && "$venv/bin/python" -c 'import tempo_forecast; print(tempo_forecast.__file__)')
case "$installed" in
  "$venv"/*) echo "tempo_forecast $("$venv/bin/python" -c 'import tempo_forecast; print(tempo_forecast.__version__)') installed in a fresh venv from ./python, offline" ;;
  *) echo "tempo_forecast was imported from $installed, not from the venv" >&2; exit 1 ;;
esac
cd python
"$venv/bin/python" -m pytest tests -p no:cacheprovider "$@"
