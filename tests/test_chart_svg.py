"""A chart's picture for notebook viewers (scheissekopf.chart_svg): an SVG drawn from the same
rows as the live Vega-Lite chart, one mark per row, with nothing of it left out."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

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
