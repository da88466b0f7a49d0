"""A PEP 517 build backend (with the PEP 660 editable hooks) written with the standard library alone.

Why not setuptools: pip builds in an isolated environment and installs ``build-system.requires``
there first, which needs a package index. This backend needs nothing, so ``pip install ./python``
works offline. It builds exactly one pure-Python import package, described by ``[project]``
(PEP 621) and ``[tool.tempo-build]`` in ``pyproject.toml``:

- a wheel (PEP 427): the package's files, then ``{name}-{version}.dist-info/`` with ``METADATA``
  (core metadata 2.1), ``WHEEL``, the license files and ``RECORD`` (sha256 of every file);
- an editable wheel (PEP 660): a ``.pth`` file naming the source folder, and the same dist-info;
- an sdist (PEP 517/625): ``{name}-{version}.tar.gz`` holding ``PKG-INFO`` and the listed files.

Archives are reproducible: entries sorted, timestamps fixed (``SOURCE_DATE_EPOCH`` when set).
"""
from __future__ import annotations

import base64
import csv
import gzip
import hashlib
import io
import os
import re
import sys
import tarfile
import time
import zipfile
from pathlib import Path
from typing import IO, Any, Dict, Iterator, List, Optional, Tuple, cast

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - older interpreters get tomli from build-system.requires
    import tomli as tomllib

ROOT = Path(__file__).resolve().parent.parent
GENERATOR = "tempo_build (in-tree)"
# zip cannot store times before 1980
_ZIP_EPOCH = 315532800


def _pyproject() -> Dict[str, Any]:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return cast(Dict[str, Any], tomllib.load(f))


def _project() -> Dict[str, Any]:
    project = _pyproject().get("project")
    if not isinstance(project, dict):
        raise ValueError("pyproject.toml has no [project] table")
    for field in ("name", "version"):
        if not isinstance(project.get(field), str):
            raise ValueError(f"[project] needs a static {field!r} string")
    return project


def _settings() -> Dict[str, Any]:
    return cast(Dict[str, Any], _pyproject().get("tool", {}).get("tempo-build", {}))


def _dist_name(project: Dict[str, Any]) -> str:
    """The name as file names spell it (PEP 427/625): runs of -_. become one _, lower case."""
    return re.sub(r"[-_.]+", "_", project["name"]).lower()


def _timestamp() -> int:
    epoch = os.environ.get("SOURCE_DATE_EPOCH")
    return max(int(epoch), _ZIP_EPOCH) if epoch and epoch.isdigit() else _ZIP_EPOCH


def metadata_text(project: Dict[str, Any]) -> str:
    """Core metadata 2.1 (the METADATA / PKG-INFO file) for the [project] table."""
    lines = [
        "Metadata-Version: 2.1",
        f"Name: {project['name']}",
        f"Version: {project['version']}",
    ]
    if "description" in project:
        lines.append(f"Summary: {project['description']}")
    if project.get("keywords"):
        lines.append(f"Keywords: {','.join(project['keywords'])}")
    license_ = project.get("license")
    if isinstance(license_, dict) and "text" in license_:
        lines.append(f"License: {license_['text']}")
    for classifier in project.get("classifiers", []):
        lines.append(f"Classifier: {classifier}")
    for label, url in project.get("urls", {}).items():
        lines.append(f"Project-URL: {label}, {url}")
    if "requires-python" in project:
        lines.append(f"Requires-Python: {project['requires-python']}")
    for requirement in project.get("dependencies", []):
        lines.append(f"Requires-Dist: {requirement}")
    for extra, requirements in project.get("optional-dependencies", {}).items():
        lines.append(f"Provides-Extra: {extra}")
        for requirement in requirements:
            # an existing marker is kept and joined with the extra's
            req, _, marker = requirement.partition(";")
            condition = f'({marker.strip()}) and extra == "{extra}"' if marker.strip() else f'extra == "{extra}"'
            lines.append(f"Requires-Dist: {req.strip()}; {condition}")
    body = ""
    readme = project.get("readme")
    if isinstance(readme, str):
        body = (ROOT / readme).read_text(encoding="utf-8")
        lines.append("Description-Content-Type: text/markdown" if readme.endswith(".md") else "Description-Content-Type: text/plain")
    return "\n".join(lines) + "\n\n" + body


def _package_files() -> List[Tuple[str, Path]]:
    """(path in the wheel, file on disk) for every file of the import package, sorted."""
    package = ROOT / _settings().get("package", "")
    if not (package / "__init__.py").is_file():
        raise ValueError(f"[tool.tempo-build] package {package} is not an import package")
    out = []
    for path in sorted(package.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts and path.suffix not in (".pyc", ".pyo"):
            out.append((f"{package.name}/{path.relative_to(package).as_posix()}", path))
    return out


def _dist_info_files(project: Dict[str, Any]) -> Iterator[Tuple[str, bytes]]:
    yield "METADATA", metadata_text(project).encode("utf-8")
    yield "WHEEL", (
        "Wheel-Version: 1.0\n"
        f"Generator: {GENERATOR}\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    ).encode("utf-8")
    for name in _settings().get("license-files", []):
        yield Path(name).name, (ROOT / name).read_bytes()


def _record_hash(data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode("ascii")
    return f"sha256={digest}"


def _write_wheel(directory: str, tag: str, entries: List[Tuple[str, bytes]], project: Dict[str, Any]) -> str:
    name = f"{_dist_name(project)}-{project['version']}"
    dist_info = f"{name}.dist-info"
    files = list(entries) + [(f"{dist_info}/{n}", data) for n, data in _dist_info_files(project)]
    record = io.StringIO()
    writer = csv.writer(record, lineterminator="\n")
    for path, data in files:
        writer.writerow([path, _record_hash(data), len(data)])
    writer.writerow([f"{dist_info}/RECORD", "", ""])
    files.append((f"{dist_info}/RECORD", record.getvalue().encode("utf-8")))
    basename = f"{name}-{tag}.whl"
    stamp = time.gmtime(_timestamp())[:6]
    os.makedirs(directory, exist_ok=True)
    target = os.path.join(directory, basename)
    with zipfile.ZipFile(target + ".part", "w", compression=zipfile.ZIP_DEFLATED) as wheel:
        for path, data in files:
            info = zipfile.ZipInfo(path, date_time=stamp)
            info.external_attr = 0o644 << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            wheel.writestr(info, data)
    os.replace(target + ".part", target)
    return basename


def _prepare_metadata(metadata_directory: str) -> str:
    project = _project()
    dist_info = f"{_dist_name(project)}-{project['version']}.dist-info"
    folder = Path(metadata_directory) / dist_info
    folder.mkdir(parents=True, exist_ok=True)
    for name, data in _dist_info_files(project):
        (folder / name).write_bytes(data)
    return dist_info


# --- PEP 517 hooks -------------------------------------------------------------------------------

def get_requires_for_build_wheel(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    """Nothing beyond the standard library."""
    return []


def get_requires_for_build_sdist(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    """Nothing beyond the standard library."""
    return []


def get_requires_for_build_editable(config_settings: Optional[Dict[str, Any]] = None) -> List[str]:
    """Nothing beyond the standard library."""
    return []


def prepare_metadata_for_build_wheel(metadata_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    """Writes the dist-info folder (without RECORD) and returns its name."""
    return _prepare_metadata(metadata_directory)


def prepare_metadata_for_build_editable(metadata_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    """The same metadata as the wheel's."""
    return _prepare_metadata(metadata_directory)


def build_wheel(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None, metadata_directory: Optional[str] = None) -> str:
    """Builds the py3-none-any wheel into wheel_directory and returns its file name."""
    project = _project()
    entries = [(path, source.read_bytes()) for path, source in _package_files()]
    return _write_wheel(wheel_directory, "py3-none-any", entries, project)


def build_editable(wheel_directory: str, config_settings: Optional[Dict[str, Any]] = None, metadata_directory: Optional[str] = None) -> str:
    """Builds an editable wheel: a .pth file that puts the package's source folder on sys.path."""
    project = _project()
    source = (ROOT / _settings().get("package", "")).resolve().parent
    pth = f"__editable__.{_dist_name(project)}-{project['version']}.pth"
    return _write_wheel(wheel_directory, "py3-none-any", [(pth, f"{source}\n".encode("utf-8"))], project)


def build_sdist(sdist_directory: str, config_settings: Optional[Dict[str, Any]] = None) -> str:
    """Builds {name}-{version}.tar.gz with PKG-INFO and the files [tool.tempo-build] lists."""
    project = _project()
    top = f"{_dist_name(project)}-{project['version']}"
    members: List[Tuple[str, bytes]] = [("PKG-INFO", metadata_text(project).encode("utf-8"))]
    for listed in _settings().get("sdist-include", []):
        path = ROOT / listed
        sources = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        for source in sources:
            if "__pycache__" in source.parts or source.suffix in (".pyc", ".pyo"):
                continue
            # a symlinked file (the license) is stored as the file it points to
            members.append((source.relative_to(ROOT).as_posix(), source.read_bytes()))
    basename = f"{top}.tar.gz"
    os.makedirs(sdist_directory, exist_ok=True)
    target = os.path.join(sdist_directory, basename)
    stamp = _timestamp()
    with open(target + ".part", "wb") as raw:
        # a fixed gzip header time too, so the same tree gives the same bytes
        with gzip.GzipFile(fileobj=raw, mode="wb", mtime=stamp) as zipped:
            with tarfile.open(fileobj=cast(IO[bytes], zipped), mode="w", format=tarfile.PAX_FORMAT) as tar:
                for path, data in sorted(members):
                    info = tarfile.TarInfo(f"{top}/{path}")
                    info.size = len(data)
                    info.mtime = stamp
                    info.mode = 0o644
                    info.uname = info.gname = ""
                    tar.addfile(info, io.BytesIO(data))
    os.replace(target + ".part", target)
    return basename
