"""A chart's picture for notebook viewers (scheissekopf.chart_svg): an SVG drawn from the same
rows as the live Vega-Lite chart, one mark per row, with nothing of it left out."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scheissekopf import charts
from scheissekopf.chart_svg import PALETTE, chart_svg

SVG = "image/svg+xml"
NS = {"svg": "http://www.w3.org/2000/svg"}


def _picture(chart) -> ET.Element:
    data, _ = chart._repr_mimebundle_()
    assert data[SVG] == chart_svg(chart)
    return ET.fromstring(data[SVG])


def _words(svg: ET.Element) -> list[str]:
    return [t.text or "" for t in svg.iter("{http://www.w3.org/2000/svg}text")]


def test_a_standings_chart_draws_a_line_and_a_dot_for_every_players_total():
    chart = charts.standings({"Ada": [0, 10, 30], "Ben": [0, 20, 20]}, title="A match")
    svg = _picture(chart)
    lines = svg.findall(".//svg:polyline", NS)
    assert [line.get("stroke") for line in lines] == list(PALETTE[:2])
    assert all(len(line.get("points").split()) == 3 for line in lines)
    # one dot per row, and one in the legend per player
    assert len(svg.findall(".//svg:circle", NS)) == len(chart.rows) + 2
    words = _words(svg)
    assert "A match" in words and "Ada" in words and "Ben" in words and "after round" in words


def test_higher_totals_are_drawn_higher():
    svg = _picture(charts.standings({"Ada": [0, 10, 30]}, title="up"))
    heights = [float(xy.split(",")[1]) for xy in svg.find(".//svg:polyline", NS).get("points").split()]
    assert heights == sorted(heights, reverse=True) and heights[0] > heights[-1]


def test_an_intervals_chart_draws_each_dot_with_its_interval_and_the_dashed_reference():
    rows = [
        charts._row("bitenight", "greedy", 0.5, 0.1, 1.8),
        charts._row("bitenight", "random", 33.2, 30.6, 35.9),
        charts._row("palace", "greedy", 0.2, 0.0, 1.4),
        charts._row("palace", "random", 33.0, 30.0, 36.0),
    ]
    chart = charts.intervals(rows, title="Loss rate", y="loss rate (%)", reference=25, reference_label="1 in 4")
    svg = _picture(chart)
    dots = [c for c in svg.findall(".//svg:circle", NS)]
    assert len(dots) == 4 + 2  # the rows, and the legend's two series
    bars = [line for line in svg.findall(".//svg:line", NS) if line.get("stroke-width") == "2"]
    assert len(bars) == 4
    assert len([line for line in svg.findall(".//svg:line", NS) if line.get("stroke-dasharray")]) == 1
    assert {"1 in 4", "bitenight", "palace", "greedy", "random", "loss rate (%)"} <= set(_words(svg))


def test_charts_side_by_side_are_one_picture_with_every_part():
    a = charts.intervals([charts._row("x", None, 10, 5, 15)], title="left", y="a")
    b = charts.intervals([charts._row("two\nlines", None, 3, 2, 4)], title="right", y="b", domain=(0, 30))
    svg = _picture(charts.side_by_side(a, b, title="Both"))
    assert {"Both", "left", "right", "two", "lines"} <= set(_words(svg))
    assert len(svg.findall("svg:g", NS)) == 2


def test_a_chart_with_nothing_to_draw_has_no_picture_only_its_sentence():
    chart = charts.standings({"Ada": [0]}, title="nothing yet")
    assert chart._repr_mimebundle_() == {"text/plain": chart.empty}


@given(
    st.dictionaries(
        st.text(alphabet="ABCabc<&>\"' ", min_size=1, max_size=8),
        st.lists(st.floats(min_value=-1e6, max_value=1e6), min_size=2, max_size=12),
        min_size=1,
        max_size=6,
    )
)
def test_any_standings_draw_as_well_formed_svg(series):
    chart = charts.standings(series, title="<a & b>")
    svg = _picture(chart)
    assert "<a & b>" in _words(svg)
    assert not re.search(r"nan|inf", chart_svg(chart))


@pytest.mark.slow
def test_a_charts_picture_fits_the_output_area_it_is_drawn_in():
    # drawn in Chromium as a notebook viewer does (an <img>) and inline, in output areas 700 and
    # 450 px wide: the whole picture shows (legend included), shrunk where the area is narrower
    import base64
    import os

    import pytest
    from helpers import _notebook_08_charts

    if not os.path.exists("/usr/bin/chromium"):
        pytest.skip("Debian's chromium (/usr/bin/chromium) is not installed")
    sync_api = pytest.importorskip("playwright.sync_api")
    from helpers import CHROMIUM, CHROMIUM_ARGS

    from scheissekopf.charts import FIT_WIDTH

    pictures = [chart_svg(chart) for chart in _notebook_08_charts()]
    for svg in pictures:
        assert 'style="max-width:100%;height:auto"' in svg and 'viewBox="0 0 ' in svg
        assert float(re.search(r'width="([\d.]+)"', svg).group(1)) <= FIT_WIDTH
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 1000, "height": 800})
        for area in (700, 450):
            for k, svg in enumerate(pictures):
                data = base64.b64encode(svg.encode()).decode()
                page.set_content(
                    f'<div id="out" style="width:{area}px">{svg}'
                    f'<img id="img" src="data:image/svg+xml;base64,{data}" style="max-width:100%;height:auto"></div>'
                )
                page.wait_for_function("document.getElementById('img').naturalWidth > 0")
                sizes = page.evaluate(
                    """() => ['#out > svg', '#img'].map((s) => {
                        const e = document.querySelector(s); const r = e.getBoundingClientRect();
                        return [r.width, r.height, e.scrollWidth || r.width]; })"""
                )
                for width, height, scrolled in sizes:
                    assert 0 < width <= area and height > 0 and scrolled <= area, (area, k, sizes)
                legend_right = page.evaluate(
                    "Math.max(...[...document.querySelectorAll('#out > svg text')].map((t) => t.getBoundingClientRect().right))"
                )
                assert legend_right <= area + 1, (area, k)  # no word cut off at the right
        browser.close()
