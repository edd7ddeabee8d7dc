"""Plots and the CLI of the street analysis: files written at the requested
size, and the bars and lines read back from the figures match the data."""

from __future__ import annotations

import importlib
import json
import struct
import sys
from pathlib import Path

import numpy as np
import pytest

from omaha8_fast.analysis import equity_by_street, next_street, outs, range_distribution
from omaha8_fast.cli import main

pytest.importorskip("matplotlib")
from omaha8_fast.analysis import plots as plot  # noqa: E402  (plot.plot_outs, ...)

HU = ["As 2s 5d Kc", "Qh Qd Jc Tc"]


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


def test_by_street_lines_and_size(tmp_path: Path) -> None:
    streets = equity_by_street(HU + ["8c 8d 6h 3h"], "Qs 7h 4d 9s 3c")
    fig = plot.plot_by_street(streets, width=640, height=400)
    ax = fig.axes[0]
    lines = ax.get_lines()
    assert len(lines) == 3 + 1  # a line per player and the no-low line
    for p, line in enumerate(lines[:3]):
        assert list(line.get_ydata()) == [streets[s][p].equity for s in streets]
    assert list(lines[3].get_ydata()) == [streets[s][0].no_low for s in streets]
    assert lines[3].get_color() == plot.LOW_COLOR
    assert ax.get_title() and ax.get_xlabel() and ax.get_ylabel()
    assert len(ax.get_legend().get_texts()) == 4
    path = tmp_path / "streets.png"
    plot.save(fig, path)
    assert png_size(path) == (640, 400)


@pytest.mark.parametrize("bins", [10, 20])
def test_distribution_bars_match_the_histogram(tmp_path: Path, bins: int) -> None:
    d = range_distribution("As 2s 5d Kc", "QQ, 87**", "Qs 7h 4d")
    fig = plot.plot_distribution(d, bins=bins)
    ax = fig.axes[0]
    heights = [patch.get_height() for patch in ax.patches]
    counts, edges = d.histogram(bins)
    assert len(heights) == bins
    assert np.allclose(heights, counts)
    assert [patch.get_x() for patch in ax.patches] == pytest.approx(list(edges[:-1]))
    assert ax.get_lines()[0].get_xdata()[0] == d.mean  # the mean line
    path = tmp_path / "dist.png"
    plot.save(fig, path)
    assert png_size(path) == (800, 500)


def test_next_street_histogram_plot() -> None:
    ns = next_street(HU, "Qs 7h 4d")
    fig = plot.plot_distribution(ns, 1, bins=25)
    heights = [patch.get_height() for patch in fig.axes[0].patches]
    assert len(heights) == 25
    assert sum(heights) == pytest.approx(1.0)
    assert np.allclose(heights, ns.histogram(1, 25)[0])
    assert "QhQdJcTc" in fig.axes[0].get_title()


def test_outs_bars_are_each_players_halves(tmp_path: Path) -> None:
    o = outs(HU, "Qs 7h 4d 9s")
    fig = plot.plot_outs(o, 0)
    ax = fig.axes[0]
    bars = ax.patches
    assert len(bars) == 2 * len(o)  # a high and a low part per card
    high, low = bars[:len(o)], bars[len(o):]
    for bar, card in zip(high, o):
        assert bar.get_height() == o[card].high_units[0] / 5040
        assert bar.get_facecolor()[:3] == pytest.approx(_rgb(plot.HIGH_COLOR))
    for bar, card in zip(low, o):
        assert bar.get_height() == o[card].low_units[0] / 5040
        assert bar.get_facecolor()[:3] == pytest.approx(_rgb(plot.LOW_COLOR))
    assert [t.get_text() for t in ax.get_xticklabels()] == [str(c) for c in o]
    path = tmp_path / "outs.svg"
    plot.save(fig, path)
    assert path.read_text().lstrip().startswith("<?xml") and "<svg" in path.read_text()[:2000]


def _rgb(color: str) -> tuple[float, ...]:
    return tuple(int(color[i:i + 2], 16) / 255 for i in (1, 3, 5))


def test_results_render_in_notebooks() -> None:
    ns = next_street(HU, "Qs 7h 4d 9s")
    png = ns._repr_png_()
    assert png is not None and png[:4] == b"\x89PNG"
    page = ns._repr_html_()
    assert "<table>" in page and "data:image/png;base64," in page  # notebooks show the HTML: plot included
    d = range_distribution("As 2s 5d Kc", "QQ", "Qs 7h 4d")
    assert d._repr_png_()[:4] == b"\x89PNG"  # type: ignore[index]
    assert "<table>" in d._repr_html_() and "<table>" in outs(HU, "Qs 7h 4d")._repr_html_()


def test_missing_matplotlib_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "matplotlib", None)
    monkeypatch.delitem(sys.modules, "omaha8_fast.analysis.plots")
    monkeypatch.delattr(sys.modules["omaha8_fast.analysis"], "plots")
    with pytest.raises(ImportError, match=r"omaha8_fast\[plot\]"):
        importlib.import_module("omaha8_fast.analysis.plots")
    ns = next_street(HU, "Qs 7h 4d 9s")
    assert ns._repr_png_() is None and "<img" not in ns._repr_html_()  # the table alone


def test_bad_plot_arguments() -> None:
    o = outs(HU, "Qs 7h 4d 9s")
    with pytest.raises(ValueError, match="player"):
        plot.plot_outs(o, 2)
    with pytest.raises(ValueError, match="width"):
        plot.plot_outs(o, 0, width=0)
    with pytest.raises(TypeError, match="Outs"):
        plot.plot_outs(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="Distribution or NextStreet"):
        plot.plot_distribution(o)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="StreetEquities"):
        plot.plot_by_street(5)  # type: ignore[arg-type]


# ---------------------------------------------------------------------------- CLI


def test_cli_unroll_table_json_and_png(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    png = tmp_path / "u.png"
    assert main(["unroll", *HU, "--board", "Qs 7h 4d 3c 9s", "--png", str(png)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("Street") and len(out.splitlines()) == 5
    assert png_size(png) == (800, 500)
    assert main(["unroll", *HU, "--board", "Qs 7h 4d", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [r["street"] for r in data["rows"]] == ["preflop", "preflop", "flop", "flop"]


def test_cli_unroll_low_odds(capsys: pytest.CaptureFixture[str]) -> None:
    from omaha8_fast.analysis import low_odds

    assert main(["unroll", *HU, "--board", "Qs 7h 4d", "--low", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert list(data["low_odds"]) == ["preflop", "flop"]
    assert data["low_odds"]["flop"]["nut_low"] == list(low_odds(HU, "Qs 7h 4d").nut_low)
    assert main(["unroll", "As 2s 5d Kc", "QQ", "--board", "Qs 7h 4d", "--low"]) == 2
    assert "known" in capsys.readouterr().err


def test_cli_graph_next_street_and_range(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    svg = tmp_path / "g.svg"
    assert main(["graph", *HU, "--board", "Qs 7h 4d 9s", "--svg", str(svg)]) == 0
    out = capsys.readouterr().out
    assert "Cards that make a low" in out and svg.exists()
    assert main(["graph", "As 2s 5d Kc", "--range", "QQ", "--board", "Qs 7h 4d", "--json", "--bins", "5"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert len(data["counts"]) == 5 and data["exact"] is True


def test_cli_outs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["outs", *HU, "--board", "Qs 7h 4d 9s"]) == 0
    out = capsys.readouterr().out
    assert "Scoop" in out and "40 unseen cards" in out


@pytest.mark.parametrize("argv, message", [
    (["outs", "As 2s 5d Kc", "QQ", "--board", "Qs 7h 4d"], "known"),
    (["graph", *HU, "--board", "Qs 7h 4d 9s 2c"], "flop or a turn"),
    (["graph", *HU, "--range", "QQ", "--board", "Qs 7h 4d"], "exactly one hand"),
    (["unroll", "As 2s 5d Kc", "Qs Qd Jc Tc", "--board", "Qs 7h 4d"], "duplicate card Qs"),
    (["outs", *HU, "--board", "Qs 7h 4d", "--png", "/nonexistent/dir/x.png"], "cannot write"),
])
def test_cli_bad_input_exits_2(argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
