"""A chart of :mod:`scheissekopf.charts` as a small SVG picture, drawn from the same rows.

JupyterLab and the static site draw a chart from its Vega-Lite specification; a notebook viewer
(GitHub, nbviewer) cannot, so a chart's output carries this picture as well (``image/svg+xml``,
which the front ends rank below Vega-Lite, so where both can be drawn the live chart wins).
Standard library only: lines through each player's points (:func:`~.charts.standings`), dots
with their 95 % intervals and a dashed reference (:func:`~.charts.intervals`), and several of
those side by side (:func:`~.charts.side_by_side`), in the same columns as the live chart.

The picture fits the page it is drawn in: its ``viewBox`` keeps its proportions and
``max-width: 100%`` lets a narrower output area shrink it instead of cutting it off.
"""

from __future__ import annotations

import math
from html import escape
from typing import Any

# Vega-Lite's own default colours, so the picture and the live chart agree
PALETTE = ("#4c78a8", "#f58518", "#e45756", "#72b7b2", "#54a24b", "#eeca3b", "#b279a2", "#ff9da6", "#9d755d")
FONT = "font-family=\"'DejaVu Sans',Arial,sans-serif\""
INK, GRID, MUTED = "#23302a", "#dde3df", "#6b7770"
LEFT, TOP, BOTTOM = 46, 30, 46
GAP = 20  # between two panels side by side (Vega-Lite's own spacing)
TITLE_LETTER = 8  # about how wide a letter of a bold title is, in pixels


def title_lines(title: str, width: float) -> list[str]:
    """``title`` broken between words into lines that fit ``width`` pixels.

    >>> title_lines("Loss rate, 24 games", 600)
    ['Loss rate, 24 games']
    >>> title_lines("ismcts (0.2 s per move) vs 3 greedy, 400 games each", 250)
    ['ismcts (0.2 s per move) vs 3', 'greedy, 400 games each']
    """
    most = max(8, int(width // TITLE_LETTER))
    lines: list[str] = []
    for word in str(title).split():
        if lines and len(lines[-1]) + 1 + len(word) <= most:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines or [""]


def chart_svg(chart: Any) -> str:
    """The picture of ``chart`` (a drawn :class:`~.charts.Chart`) as an ``<svg>`` string."""
    spec = chart.spec or {}
    if "concat" in spec or "hconcat" in spec:
        panels = [p for p in chart.parts if p.spec is not None]
        drawn = [_panel(p) for p in panels]
        columns = int(spec.get("columns") or len(drawn))
        rows = [drawn[k : k + columns] for k in range(0, len(drawn), columns)]
        width = max(sum(w for w, _, _ in row) + GAP * (len(row) - 1) for row in rows)
        lines = title_lines(chart.title, width)
        top = 8 + 18 * len(lines)
        body: list[str] = []
        y = float(top)
        for row in rows:
            x = 0.0
            for w, _, svg in row:
                body.append(f'<g transform="translate({x:g},{y:g})">{svg}</g>')
                x += w + GAP
            y += max(h for _, h, _ in row) + GAP
        title = "".join(
            _text(width / 2, 16 + 18 * k, line, size=14, weight="bold", anchor="middle") for k, line in enumerate(lines)
        )
        return _svg(width, y - GAP, title + "".join(body))
    width, height, svg = _panel(chart)
    return _svg(width, height, svg)


def _svg(width: float, height: float, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:g}" height="{height:g}" '
        f'viewBox="0 0 {width:g} {height:g}" preserveAspectRatio="xMinYMin meet" '
        f'style="max-width:100%;height:auto" {FONT} font-size="11">'
        f'<rect width="100%" height="100%" fill="#ffffff"/>{body}</svg>'
    )


def _title(chart: Any, width: float) -> tuple[str, float]:
    """A panel's title, broken into lines that fit ``width``: (its svg, the room it takes)."""
    lines = title_lines(chart.title, width)
    svg = "".join(_text(LEFT, 16 + 16 * k, line, size=13, weight="bold") for k, line in enumerate(lines))
    return svg, 16.0 * (len(lines) - 1)


def _text(x: float, y: float, words: str, size: int = 11, weight: str = "normal", anchor: str = "start", fill=INK):
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" font-weight="{weight}" text-anchor="{anchor}" '
        f'fill="{fill}">{escape(words)}</text>'
    )


def _ticks(low: float, high: float, count: int = 5) -> list[float]:
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    step = 10 ** math.floor(math.log10(raw))
    step *= next(m for m in (1, 2, 5, 10) if raw <= step * m)
    first = math.floor(low / step) * step
    return [round(first + k * step, 10) for k in range(int(math.ceil((high - first) / step)) + 1)]


def _label(value: float) -> str:
    return f"{value:g}" if abs(value) >= 1 or value == 0 else f"{value:.2g}"


def _axes(spec: dict, plot_w: float, plot_h: float, low: float, high: float, y_title: str):
    """The y axis (grid lines and labels) and a function from a value to its height."""
    domain = (spec.get("scale") or {}).get("domain")
    ticks = _ticks(*domain) if domain else _ticks(low, high)
    bottom, top = (domain[0], domain[1]) if domain else (ticks[0], ticks[-1])
    ticks = [t for t in ticks if bottom <= t <= top]

    def y(value: float) -> float:
        return TOP + plot_h - (value - bottom) / ((top - bottom) or 1) * plot_h

    parts = []
    for t in ticks:
        parts.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="{GRID}"/>')
        parts.append(_text(LEFT - 5, y(t) + 4, _label(t), anchor="end", fill=MUTED))
    parts.append(f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{TOP + plot_h}" y2="{TOP + plot_h}" stroke="{MUTED}"/>')
    parts.append(
        f'<text transform="translate(12,{TOP + plot_h / 2:.1f}) rotate(-90)" text-anchor="middle" '
        f'fill="{INK}">{escape(y_title)}</text>'
    )
    return "".join(parts), y


def _panel(chart: Any) -> tuple[float, float, str]:
    """(width, height, svg body) of one chart."""
    spec = chart.spec
    if "layer" in spec:
        return _intervals(chart, spec)
    return _standings(chart, spec)


def _standings(chart: Any, spec: dict) -> tuple[float, float, str]:
    enc = spec["encoding"]
    xf, yf = enc["x"]["field"], enc["y"]["field"]
    names = list(dict.fromkeys([*enc["color"].get("sort", []), *(r["player"] for r in chart.rows)]))
    rounds = sorted({int(r[xf]) for r in chart.rows})
    values = [r[yf] for r in chart.rows]
    plot_w, plot_h = float(spec.get("width", 420)), float(spec.get("height", 240))
    legend_w = 16 + 7 * max(len(n) for n in names)
    width, height = LEFT + plot_w + 16 + legend_w, TOP + plot_h + BOTTOM
    title, extra = _title(chart, width)
    axes, y = _axes(enc["y"], plot_w, plot_h, min(0, *values), max(values), enc["y"].get("title", yf))
    step = plot_w / len(rounds)

    def x(k: int) -> float:
        return LEFT + step * (rounds.index(k) + 0.5)

    parts = [axes]
    parts += [_text(x(k), TOP + plot_h + 15, str(k), anchor="middle", fill=MUTED) for k in rounds]
    parts.append(_text(LEFT + plot_w / 2, TOP + plot_h + 34, enc["x"].get("title", xf), anchor="middle"))
    for i, name in enumerate(names):
        colour = PALETTE[i % len(PALETTE)]
        points = sorted((int(r[xf]), r[yf]) for r in chart.rows if r["player"] == name)
        line = " ".join(f"{x(k):.1f},{y(v):.1f}" for k, v in points)
        parts.append(f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>')
        parts += [f'<circle cx="{x(k):.1f}" cy="{y(v):.1f}" r="4" fill="{colour}"/>' for k, v in points]
        ly = TOP + 10 + 16 * i
        parts.append(f'<circle cx="{LEFT + plot_w + 22}" cy="{ly - 4}" r="5" fill="{colour}"/>')
        parts.append(_text(LEFT + plot_w + 31, ly, name))
    return width, height + extra, title + _shifted(extra, "".join(parts))


def _shifted(dy: float, svg: str) -> str:
    """``svg`` moved ``dy`` down (under a title of more than one line)."""
    return f'<g transform="translate(0,{dy:g})">{svg}</g>' if dy else svg


def _intervals(chart: Any, spec: dict) -> tuple[float, float, str]:
    rows = chart.rows
    layers = spec["layer"]
    yenc = layers[1]["encoding"]["y"]
    order = list(dict.fromkeys(str(r["x"]) for r in rows))
    series = list(dict.fromkeys(str(r["series"]) for r in rows if "series" in r))
    reference = next(
        (layer["data"]["values"][0] for layer in layers if "data" in layer and layer["mark"]["type"] == "rule"),
        None,
    )
    plot_w, plot_h = float(spec.get("width", 160)), float(spec.get("height", 220))
    legend_w = (16 + 7 * max(len(s) for s in series)) if series else 0
    lines = max(len(str(r["x"]).split("\n")) for r in rows)
    width, height = LEFT + plot_w + 16 + legend_w, TOP + plot_h + BOTTOM + 13 * (lines - 1)
    title, extra = _title(chart, width)
    span = [v for r in rows for v in (r["low"], r["high"])] + ([reference["reference"]] if reference else [])
    axes, y = _axes(yenc, plot_w, plot_h, min(span), max(span), yenc.get("title", ""))
    step = plot_w / len(order)
    parts = [axes]
    for i, label in enumerate(order):
        for j, piece in enumerate(label.split("\n")):
            parts.append(_text(LEFT + step * (i + 0.5), TOP + plot_h + 15 + 13 * j, piece, anchor="middle"))
    for row in rows:
        slot = series.index(str(row["series"])) if "series" in row else 0
        share = step / (len(series) or 1)
        cx = LEFT + step * order.index(str(row["x"])) + share * (slot + 0.5)
        colour = PALETTE[slot % len(PALETTE)] if series else layers[1]["encoding"]["color"].get("value", PALETTE[0])
        parts.append(
            f'<line x1="{cx:.1f}" x2="{cx:.1f}" y1="{y(row["low"]):.1f}" y2="{y(row["high"]):.1f}" '
            f'stroke="{colour}" stroke-width="2"/>'
        )
        parts.append(f'<circle cx="{cx:.1f}" cy="{y(row["value"]):.1f}" r="5" fill="{colour}"/>')
    if reference:
        ry = y(reference["reference"])
        parts.append(
            f'<line x1="{LEFT}" x2="{LEFT + plot_w}" y1="{ry:.1f}" y2="{ry:.1f}" stroke="grey" stroke-dasharray="5,4"/>'
        )
        if reference.get("label"):
            parts.append(_text(LEFT + plot_w - 4, ry - 7, reference["label"], anchor="end", fill="grey"))
    for i, name in enumerate(series):
        ly = TOP + 10 + 16 * i
        parts.append(f'<circle cx="{LEFT + plot_w + 22}" cy="{ly - 4}" r="5" fill="{PALETTE[i % len(PALETTE)]}"/>')
        parts.append(_text(LEFT + plot_w + 31, ly, name))
    return width, height + extra, title + _shifted(extra, "".join(parts))
