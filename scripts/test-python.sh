#!/usr/bin/env bash
# The Python client's tests (python/tests) as CI runs them: `pip install ./python` into a fresh venv with no
# package index and no pip configuration (so the in-tree build backend must need nothing from outside),
# then pytest in that venv against real `tempo serve` processes of this checkout's build.
# Its type hints are checked with mypy first. The venv sees the system's packages (--system-site-packages)
# for pandas, pytest and mypy: Debian's python3-pandas, python3-pytest and python3-mypy.
# usage: scripts/test-python.sh [pytest args...]
set -euo pipefail
cd "$(dirname "$0")/.."
python=${TEMPO_PYTHON:-/usr/bin/python3}
venv=$(mktemp -d "${TMPDIR:-/tmp}/tempo-python-venv.XXXXXX")
trap 'rm -rf "$venv"' EXIT
"$python" -m venv --system-site-packages "$venv"
# with the pandas extra: pip must find Debian's pandas in the system's packages and fetch nothing
PIP_CONFIG_FILE=/dev/null "$venv/bin/python" -m pip install --isolated --no-index --disable-pip-version-check --quiet './python[pandas]'
# the tests must import the installed package, not the source tree
installed=$(cd / && "$venv/bin/python" -c 'import tempo_forecast; print(tempo_forecast.__file__)')
case "$installed" in
  "$venv"/*) echo "tempo_forecast $("$venv/bin/python" -c 'import tempo_forecast; print(tempo_forecast.__version__)') installed in a fresh venv from ./python, offline" ;;
  *) echo "tempo_forecast was imported from $installed, not from the venv" >&2; exit 1 ;;
esac
cd python
status=0
# the hints the package ships (py.typed), checked strictly as pyproject.toml's [tool.mypy] says
"$venv/bin/python" -m mypy --cache-dir /dev/null || status=$?
"$venv/bin/python" -m pytest tests -p no:cacheprovider "$@" || status=$?
exit "$status"
