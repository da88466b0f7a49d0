"""The in-tree build backend makes a correct wheel and sdist (PEP 427, 517, 660), byte for byte the same
on every build, and `pip install ./python` works in a fresh venv with no package index at all."""
from __future__ import annotations

import ast
import base64
import csv
import hashlib
import io
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
MODULES = sorted(p.name for p in (PROJECT / "src" / "tempo_forecast").glob("*.py"))


def backend(hook: str, out: Path, cwd: Path = PROJECT) -> str:
    """Calls one backend hook as a build frontend would: in a fresh interpreter, from the project folder."""
    code = f"import sys; sys.path.insert(0, 'build_backend'); import tempo_build; print(tempo_build.{hook}({str(out)!r}))"
    done = subprocess.run([sys.executable, "-I", "-c", code], cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def offline_env() -> dict:
    """pip with no index, no configuration and no local wheel folder: only what the command names."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PIP_") and k != "PYTHONPATH"}
    return {**env, "PIP_CONFIG_FILE": os.devnull, "PIP_NO_INDEX": "1", "PIP_DISABLE_PIP_VERSION_CHECK": "1"}


def test_the_wheel_holds_the_package_its_metadata_and_a_true_record(tmp_path):
    name = backend("build_wheel", tmp_path)
    assert name == "tempo_forecast-0.1.0-py3-none-any.whl"
    with zipfile.ZipFile(tmp_path / name) as wheel:
        names = wheel.namelist()
        assert sorted(n.split("/")[1] for n in names if n.startswith("tempo_forecast/")) == sorted(MODULES + ["py.typed"])
        info = "tempo_forecast-0.1.0.dist-info"
        assert {f"{info}/METADATA", f"{info}/WHEEL", f"{info}/RECORD", f"{info}/LICENSE"} <= set(names)
        metadata = wheel.read(f"{info}/METADATA").decode()
        for line in ("Metadata-Version: 2.1", "Name: tempo-forecast", "Version: 0.1.0", "Requires-Python: >=3.9",
                     "License: MIT", "Provides-Extra: pandas", 'Requires-Dist: pandas>=1.3; extra == "pandas"',
                     "Description-Content-Type: text/markdown"):
            assert line in metadata.splitlines()
        assert "# tempo-forecast" in metadata
        assert "Tag: py3-none-any" in wheel.read(f"{info}/WHEEL").decode()
        assert wheel.read(f"{info}/LICENSE").startswith(b"MIT License")
        rows = list(csv.reader(io.StringIO(wheel.read(f"{info}/RECORD").decode())))
        assert sorted(r[0] for r in rows) == sorted(names)
        for path, digest, size in rows:
            if path.endswith("RECORD"):
                assert digest == size == ""
                continue
            data = wheel.read(path)
            assert digest == "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert int(size) == len(data)


def test_builds_are_reproducible_and_the_sdist_builds_the_same_wheel(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    wheel = backend("build_wheel", a)
    backend("build_wheel", b)
    assert (a / wheel).read_bytes() == (b / wheel).read_bytes()
    sdist = backend("build_sdist", a)
    backend("build_sdist", b)
    assert sdist == "tempo_forecast-0.1.0.tar.gz"
    assert (a / sdist).read_bytes() == (b / sdist).read_bytes()
    with tarfile.open(a / sdist) as tar:
        members = tar.getnames()
        top = "tempo_forecast-0.1.0"
        assert {f"{top}/PKG-INFO", f"{top}/pyproject.toml", f"{top}/README.md", f"{top}/LICENSE",
                f"{top}/build_backend/tempo_build.py", f"{top}/src/tempo_forecast/py.typed"} <= set(members)
        assert not any("__pycache__" in m or "/tests/" in m for m in members)
        tar.extractall(tmp_path / "unpacked")
    again = backend("build_wheel", tmp_path / "from-sdist", cwd=tmp_path / "unpacked" / top)
    assert (tmp_path / "from-sdist" / again).read_bytes() == (a / wheel).read_bytes()


def venv(path: Path) -> Path:
    subprocess.run([sys.executable, "-m", "venv", str(path)], check=True, timeout=300)
    return path / "bin" / "python"


def test_pip_installs_the_folder_offline_and_editable(tmp_path):
    python = venv(tmp_path / "v")
    done = subprocess.run([str(python), "-m", "pip", "install", str(PROJECT)], env=offline_env(),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    probe = ("import tempo_forecast, pathlib; p = pathlib.Path(tempo_forecast.__file__).parent; "
             "print(tempo_forecast.__version__, p, (p / 'py.typed').is_file())")
    out = subprocess.run([str(python), "-c", probe], capture_output=True, text=True, cwd=tmp_path, check=True).stdout.split()
    assert out[0] == "0.1.0" and out[1].startswith(str(tmp_path / "v")) and out[2] == "True"

    editable = venv(tmp_path / "e")
    done = subprocess.run([str(editable), "-m", "pip", "install", "-e", str(PROJECT)], env=offline_env(),
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    out = subprocess.run([str(editable), "-c", probe], capture_output=True, text=True, cwd=tmp_path, check=True).stdout.split()
    assert out[0] == "0.1.0" and out[1] == str(PROJECT / "src" / "tempo_forecast")


@pytest.mark.parametrize("path", sorted((PROJECT / "src" / "tempo_forecast").glob("*.py")) + [PROJECT / "build_backend" / "tempo_build.py"],
                         ids=lambda p: p.name)
def test_every_module_parses_as_python_3_9(path):
    # requires-python says 3.9: no syntax of a later Python (match, except*, parenthesised with-items)
    ast.parse(path.read_text(encoding="utf-8"), filename=str(path), feature_version=(3, 9))
