"""What a wheel must deliver: version metadata, typing marker, the compiled core
with the intended ABI, and (in CI) that the installed package is the one tested."""

from __future__ import annotations

import importlib.metadata
import importlib.resources
import os
import sys
import sysconfig
from pathlib import Path

import pytest

import omaha8_fast
from omaha8_fast import _core

FREE_THREADED = bool(sysconfig.get_config_var("Py_GIL_DISABLED"))


def test_tested_package_is_the_installed_one() -> None:
    # .ci/run sets this to the test venv's site-packages; it runs in every
    # xdist worker, so a checkout shadowing the wheel anywhere is caught.
    expected = os.environ.get("OMAHA8_FAST_EXPECT_INSTALLED_IN")
    if not expected:
        pytest.skip("OMAHA8_FAST_EXPECT_INSTALLED_IN not set (only .ci/run sets it)")
    package_dir = Path(omaha8_fast.__file__).resolve().parent
    assert package_dir == Path(expected).resolve() / "omaha8_fast"
    assert Path(_core.__file__).resolve().parent == package_dir


def test_version_matches_distribution_metadata() -> None:
    assert omaha8_fast.__version__ == importlib.metadata.version("omaha8_fast")


def test_ships_py_typed() -> None:
    assert importlib.resources.files("omaha8_fast").joinpath("py.typed").is_file()


def test_core_exports_only_ffi_and_lib() -> None:
    public = {name for name in vars(_core) if not name.startswith("__")}
    assert public == {"ffi", "lib"}


@pytest.mark.skipif(FREE_THREADED or sys.platform == "win32", reason="abi3 suffix: CPython with a GIL, POSIX")
def test_core_is_built_for_the_stable_abi() -> None:
    # cp310-abi3 wheels rely on this: one extension for every CPython >= 3.10.
    assert Path(_core.__file__).name.endswith(".abi3.so")


@pytest.mark.skipif(not FREE_THREADED, reason="free-threaded CPython only")
def test_core_keeps_the_gil_disabled() -> None:
    # An extension that does not declare free-threading support turns the GIL
    # back on when imported.
    assert not sys._is_gil_enabled()  # type: ignore[attr-defined]


def test_the_wheel_carries_its_sbom() -> None:
    # PEP 770: .dist-info/sboms/ (sbom.py, written by setup.py's bdist_wheel); an editable install has none.
    import json
    from importlib import metadata

    dist = metadata.distribution("omaha8_fast")
    direct = dist.read_text("direct_url.json")
    if dist.read_text("WHEEL") is None or (direct and json.loads(direct).get("dir_info", {}).get("editable")):
        pytest.skip("not installed from a wheel (a source tree's egg-info, an editable install): no SBOM")
    sboms = [f for f in dist.files or () if "/sboms/" in str(f).replace("\\", "/")]
    assert [str(f).rsplit("/", 1)[-1] for f in sboms] == ["omaha8_fast.cdx.json"]
    doc = json.loads(sboms[0].read_text(encoding="utf-8"))
    assert doc["bomFormat"] == "CycloneDX" and doc["metadata"]["component"]["version"] == dist.version
    assert {c["name"] for c in doc["components"]} == {"csrc/eval/tables.c", "omaha8_fast/ranges/data/preflop_hilo.npz"}
