"""docs/python.md's example, run as written (its URL swapped for the test server's) by this Python:
the columns, ids and dates it prints must be those the page shows."""
from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

DOC = Path(__file__).resolve().parents[2] / "docs" / "python.md"


def blocks():
    text = DOC.read_text(encoding="utf-8")
    section = re.search(r"<!-- python-example:begin.*?-->(.*?)<!-- python-example:end -->", text, re.S)
    assert section, "docs/python.md lost its example markers"
    code, output = re.findall(r"```(?:python)?\n(.*?)```", section.group(1), re.S)
    return code, output


def test_the_docs_example_runs_and_prints_what_the_page_shows(server, tmp_path):
    code, shown = blocks()
    assert '"http://127.0.0.1:8080"' in code
    script = tmp_path / "example.py"
    script.write_text(code.replace('"http://127.0.0.1:8080"', repr(server.url)), encoding="utf-8")
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={**os.environ, "TEMPO_API_KEY": server.key("py-docs")})
    assert done.returncode == 0, done.stderr
    printed = done.stdout.splitlines()
    expected = shown.strip("\n").splitlines()
    assert printed[0].split() == expected[0].split()
    assert len(printed) == len(expected)
    # row number, unique_id and ds; the numbers are the model's, which may change with it
    assert [line.split()[:3] for line in printed[1:]] == [line.split()[:3] for line in expected[1:]]
    for line in printed[1:]:
        low, mid, high = (float(x) for x in (line.split()[4], line.split()[3], line.split()[5]))
        assert low <= mid <= high
