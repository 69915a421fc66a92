"""The tutorial's charts: Vega-Lite specifications built from plain rows, one code path for
JupyterLab and the static site (both front ends draw the mimetype), and a sentence instead of an
error when there is nothing to draw."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from helpers import ARTIFACTS, _notebook_08_charts

from scheissekopf import charts, tournament

LINEUP = ["greedy", "random", "random", "random"]


def _bundle(chart):
    out = chart._repr_mimebundle_()
    return out if isinstance(out, tuple) else (out, {})


def _marks(spec):
    """Every mark type in a spec, through its layers and concatenations."""
    found = []
    if "mark" in spec:
        found.append(spec["mark"]["type"] if isinstance(spec["mark"], dict) else spec["mark"])
    for key in ("layer", "concat"):
        for part in spec.get(key, []):
            found += _marks(part)
    return found


def test_a_chart_hands_the_front_end_a_vega_lite_spec_drawn_as_svg_with_a_text_fallback():
    chart = charts.standings({"Ada": [0, 10, 30], "Ben": [0, 20, 20]}, title="A match")
    data, meta = _bundle(chart)
    spec = data[charts.MIMETYPE]
    assert charts.MIMETYPE == "application/vnd.vegalite.v5+json"
    assert spec["$schema"].endswith("/vega-lite/v5.json")
    assert meta[charts.MIMETYPE]["embed_options"]["renderer"] == "svg"
    json.dumps(spec)  # plain JSON: what the kernel sends to the page
    assert spec["data"]["values"] == chart.rows
    assert "A match" in data["text/plain"] and "Ben" in data["text/plain"]


def test_standings_rows_are_each_players_totals_after_each_round():
    chart = charts.standings({"Ada": [0, 10, 30], "Ben": [0, 20, 20]}, title="A match")
    assert [(r["player"], r["after round"], r["points"]) for r in chart.rows] == [
        ("Ada", 0, 0),
        ("Ada", 1, 10),
        ("Ada", 2, 30),
        ("Ben", 0, 0),
        ("Ben", 1, 20),
        ("Ben", 2, 20),
    ]
    assert _marks(chart.spec) == ["line"]


def test_a_tournaments_loss_rates_chart_as_dots_with_their_95_percent_intervals():
    summary = tournament.run("bitenight", LINEUP, 8, seed=2, jobs=1, progress=False)
    stats = summary["bot_stats"]
    chart = charts.intervals(
        [charts.loss_row(s, name) for name, s in stats.items()],
        title="Loss rate",
        y="%",
        reference=25,
        reference_label="no skill: 25 %",
        domain=(0, 100),
    )
    assert [r["x"] for r in chart.rows] == list(stats)
    for row, s in zip(chart.rows, stats.values()):
        assert row["value"] == 100 * s["loss_rate"]
        assert row["low"] <= row["value"] <= row["high"]
        assert (row["low"], row["high"]) == (100 * s["ci95"][0], 100 * s["ci95"][1])
    # the interval (a rule from low to high), the dot, the dashed reference and its label
    assert _marks(chart.spec) == ["rule", "point", "rule", "text"]
    points = charts.intervals([charts.points_row(s, name) for name, s in stats.items()], title="Points", y="points")
    assert [r["value"] for r in points.rows] == [s["avg_points"] for s in stats.values()]


def test_rows_with_a_series_are_told_apart_by_colour_and_set_side_by_side():
    rows = [{"x": "bitenight", "series": s, "value": v, "low": v - 1, "high": v + 1} for s, v in (("a", 5), ("b", 9))]
    layer = charts.intervals(rows, title="t", y="%").spec["layer"][1]
    assert layer["encoding"]["color"]["field"] == "series"
    assert layer["encoding"]["xOffset"]["field"] == "series"


def test_charts_side_by_side_keep_every_part_and_its_rows():
    a = charts.intervals([{"x": "a", "value": 1.0}], title="left", y="y")
    b = charts.intervals([{"x": "b", "value": 2.0}], title="right", y="y")
    both = charts.side_by_side(a, b, title="both")
    assert [part["title"] for part in both.spec["concat"]] == ["left", "right"]
    assert both.rows == [{"chart": "left", **a.rows[0]}, {"chart": "right", **b.rows[0]}]
    assert "left" in str(both) and "right" in str(both)


def test_a_chart_of_a_log_with_only_its_first_line_says_so_in_a_sentence(tmp_path):
    path = tmp_path / "started.jsonl"
    with open(path, "w") as fh:
        tournament.write_log_line(fh, {"tournament": {"variant": "bitenight", "bots": LINEUP, "games": 400, "seed": 1}})
    # load_log refuses such a log with a sentence; the chart is drawn from its summary as read
    header, games = tournament.read_log(path)
    summary = tournament.summarize(header["variant"], header["bots"], games, seed=header["seed"])
    assert summary["games"] == 0 and all(s["loss_rate"] is None for s in summary["bot_stats"].values())
    assert "no game finished yet" in tournament.report(summary)
    rows = [charts.loss_row(s, name) for name, s in summary["bot_stats"].items()]
    assert rows == [None, None]
    chart = charts.intervals(rows, title="Loss rate, 0 games", y="%")
    assert not chart and chart.rows == []
    data, _ = _bundle(chart)
    assert list(data) == ["text/plain"]  # nothing for the renderer: only the sentence
    assert data["text/plain"] == "No chart for “Loss rate, 0 games”: there is no finished game to draw."


def test_a_chart_with_nothing_to_draw_is_a_sentence_not_an_error():
    assert str(charts.standings({}, title="A match")) == "No chart for “A match” yet: no round has been played."
    assert not charts.standings({"Ada": [0], "Ben": [0]}, title="A match")
    assert not charts.intervals([], title="t", y="y")
    assert charts.points_row({"games": 4, "loss_rate": 0.25, "ci95": [0, 1], "avg_points": None}, "palace") is None
    empty = charts.intervals([], title="left", y="y", empty="Nothing on the left.")
    drawn = charts.intervals([{"x": "b", "value": 2.0}], title="right", y="y")
    assert charts.side_by_side(empty, drawn, title="both").spec["title"]["subtitle"] == ["Nothing on the left."]
    assert str(charts.side_by_side(empty, title="both")) == "Nothing on the left."


def test_every_chart_fits_the_output_area_of_a_narrow_notebook_window():
    # 1024 px wide with the file browser open leaves about 600 px: no chart is drawn wider
    for chart in _notebook_08_charts():
        assert charts.drawn_width(chart.spec) <= charts.FIT_WIDTH, chart.title


def test_side_by_side_panels_wrap_onto_rows_rather_than_run_past_the_width():
    live = _notebook_08_charts()[2]
    assert "hconcat" not in live.spec and len(live.spec["concat"]) == 2
    assert live.spec["columns"] == 1  # two panels of three bots do not fit beside each other
    small = [charts.intervals([{"x": "a", "value": 1.0}], title=t, y="y") for t in ("one", "two", "three")]
    row = charts.side_by_side(*small, title="three small panels")
    assert row.spec["columns"] == 2  # two of them fit beside each other, the third wraps
    assert charts.drawn_width(row.spec) <= charts.FIT_WIDTH


def test_a_long_title_is_broken_into_lines_that_fit():
    title = "The logged tournaments of every preset: loss rates with their 95 % intervals, 400 games each"
    chart = charts.intervals([{"x": "a", "value": 1.0}], title=title, y="y")
    assert isinstance(chart.spec["title"], list) and " ".join(chart.spec["title"]) == title
    assert charts.drawn_width(chart.spec) <= charts.FIT_WIDTH


@pytest.mark.skipif(not os.path.exists("/usr/bin/chromium"), reason="Debian's chromium is not installed")
def test_the_charts_drawn_in_jupyterlab_fit_the_output_area_at_1024_px_with_the_file_browser_open(lab, chromium):
    from playwright.sync_api import expect

    expect.set_options(timeout=120_000)
    base, token, root = lab
    source = (
        f"import sys\nsys.path.insert(0, {str(Path(__file__).parent)!r})\n"
        "from test_charts import _notebook_08_charts\nloss, points, live, logged = _notebook_08_charts()\nlive"
    )
    notebook = {
        "cells": [
            {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": code}
            for code in (source, "logged")
        ],
        "metadata": {"kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    (root / "charts-narrow.ipynb").write_text(json.dumps(notebook))
    page = chromium.new_page(viewport={"width": 1024, "height": 800})
    page.set_default_timeout(120_000)
    page.goto(f"{base}/lab/workspaces/charts/tree/charts-narrow.ipynb?token={token}")
    expect(page.locator(".jp-StatusBar-TextItem", has_text=re.compile(r"ipykernel\) \| Idle"))).to_be_visible()
    assert page.locator(".jp-FileBrowser").first.is_visible()
    page.get_by_role("menuitem", name="Run", exact=True).click()
    page.get_by_role("menuitem", name=re.compile(r"^Run All Cells")).click()
    drawn = page.locator(".jp-RenderedVegaCommon5")
    expect(drawn).to_have_count(2)
    for i in range(2):
        drawn.nth(i).locator("svg .mark-symbol path").first.wait_for()
        sizes = drawn.nth(i).evaluate(
            """(e) => ({area: e.closest('.jp-OutputArea-output').clientWidth, scroll: e.scrollWidth,
                       chart: e.querySelector('svg').getBoundingClientRect().right - e.getBoundingClientRect().left})"""
        )
        assert sizes["chart"] <= sizes["area"] and sizes["scroll"] <= sizes["area"], sizes
        assert sizes["area"] <= 700  # a narrow window indeed
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=ARTIFACTS / "lab-charts-1024.png")
    page.close()
