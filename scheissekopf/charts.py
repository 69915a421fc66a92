"""Charts for the tutorial: the numbers behind a picture, drawn by the notebook's own front end.

A :class:`Chart` holds its data as plain rows (what a notebook's checks read) and a
`Vega-Lite <https://vega.github.io/vega-lite/>`_ specification built from them. Shown as a cell's
result it hands the front end that specification under the mimetype
``application/vnd.vegalite.v5+json``, which JupyterLab and JupyterLite both draw with the renderer
they ship. So the same cell draws the same chart in a local JupyterLab, on Binder and on the
static site where Python runs in the page (no matplotlib or numpy there), and nothing here needs
any package beyond the standard library. Where nothing draws it (a terminal, a text-only viewer)
the chart is a short table of its rows.

A chart with nothing to draw (no rounds played, a tournament of zero games, a log that holds
only its first line) is a sentence that says so, never an error.

    standings(series, ...)      one line per player: points after each round
    intervals(rows, ...)        one dot per row with its 95 % interval, and a dashed reference
    side_by_side(*charts, ...)  several charts in a row under one title
    loss_row, points_row        a tournament bot's loss rate or average points as a row
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .chart_svg import GAP, TITLE_LETTER, title_lines

MIMETYPE = "application/vnd.vegalite.v5+json"
SCHEMA = "https://vega.github.io/schema/vega-lite/v5.json"
# Drawn as SVG (not the renderer's default canvas), so every mark is an element of the page.
# (No null in a spec: the browser's kernel drops None on the way, so "no title" is "".)
EMBED_OPTIONS = {"renderer": "svg", "actions": False}

#: The widest a chart is drawn, in pixels: what a notebook's output area leaves at 1024 px wide
#: with JupyterLab's file browser open (the default). Panels side by side wrap onto more rows
#: rather than run past it.
FIT_WIDTH = 580
#: room beside a plot for the y axis (its labels and title), and per letter of a legend
AXIS_ROOM, LETTER = 60, 7


def _legend_room(names: Iterable[str]) -> int:
    """The width of a colour legend listing ``names`` (0 without one)."""
    names = list(names)
    return 30 + LETTER * max(len(n) for n in names) if names else 0


def _title_spec(title: str) -> str | list[str]:
    """A title for Vega-Lite: its text, or its lines where one line would be too wide."""
    lines = title_lines(title, FIT_WIDTH)
    return lines[0] if len(lines) == 1 else lines


def drawn_width(spec: Mapping[str, Any]) -> float:
    """How wide (px) the front end draws ``spec``, as this module lays it out: a panel's plot,
    its y axis and its legend, or its title where that is wider; panels side by side in
    ``columns`` with a gap between them."""
    if "concat" in spec or "hconcat" in spec:
        parts = list(spec.get("concat") or spec.get("hconcat") or [])
        columns = int(spec.get("columns") or len(parts))
        widths = [drawn_width(part) for part in parts]
        rows = [widths[k : k + columns] for k in range(0, len(widths), columns)]
        inner = max(sum(row) + GAP * (len(row) - 1) for row in rows)
        return max(inner, _title_width(spec.get("title")))
    width = spec.get("width", 0)
    legend = (spec.get("usermeta") or {}).get("legend", [])
    return max(float(width) + AXIS_ROOM + _legend_room(legend), _title_width(spec.get("title")))


def _title_width(title: Any) -> float:
    if isinstance(title, Mapping):
        title = title.get("text", "")
    lines = title if isinstance(title, list) else [title or ""]
    return max(TITLE_LETTER * len(str(line)) for line in lines)


class Chart:
    """A chart: its ``rows`` (the data it draws), its ``spec`` (Vega-Lite) and, when it has
    nothing to draw, the ``empty`` sentence it shows instead."""

    def __init__(self, title: str, rows: list[dict[str, Any]], spec: dict[str, Any] | None, empty: str = ""):
        self.title = title
        self.rows = rows
        self.spec = spec
        self.empty = empty
        self.parts: list[Chart] = []

    def __bool__(self) -> bool:
        return self.spec is not None

    def _repr_mimebundle_(self, include=None, exclude=None):
        text = str(self)
        if self.spec is None:
            return {"text/plain": text}
        data = {MIMETYPE: self.spec, "text/plain": text}
        # the same chart as a picture, for a notebook viewer that draws no Vega-Lite
        try:
            from .chart_svg import chart_svg

            data["image/svg+xml"] = chart_svg(self)
        except Exception:  # no picture rather than no chart: the live chart does not need it
            pass
        return data, {MIMETYPE: {"embed_options": EMBED_OPTIONS}}

    def __str__(self) -> str:
        if self.spec is None:
            return self.empty
        if self.parts:
            return "\n\n".join([self.title, *(str(part) for part in self.parts)])
        return _text_table(self.title, self.rows)

    def __repr__(self) -> str:
        return str(self)


def _text_table(title: str, rows: list[dict[str, Any]]) -> str:
    keys = list(dict.fromkeys(k for row in rows for k in row))
    cells = [[_cell(row.get(k)) for k in keys] for row in rows]
    widths = [max(len(k), *(len(c[i]) for c in cells)) for i, k in enumerate(keys)]
    lines = [title, "  ".join(k.ljust(w) for k, w in zip(keys, widths))]
    lines += ["  ".join(c.ljust(w) for c, w in zip(row, widths)) for row in cells]
    return "\n".join(line.rstrip() for line in lines)


def _cell(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.1f}"
    return "" if value is None else str(value)


def _number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def standings(
    series: Mapping[str, Sequence[float]],
    *,
    title: str,
    x: str = "after round",
    y: str = "points",
    empty: str = "",
) -> Chart:
    """One line per player through their points after each round (``series[name][k]`` is the
    total after round ``k``, round 0 being the start). Rows: ``{"player", x, y}``."""
    rows: list[dict[str, Any]] = [
        {"player": str(name), x: k, y: value}
        for name, values in series.items()
        for k, value in enumerate(values)
        if _number(value)
    ]
    if not rows or max(int(row[x]) for row in rows) == 0:
        return Chart(title, rows, None, empty or f"No chart for “{title}” yet: no round has been played.")
    order = [str(name) for name in series]
    plot = min(420, FIT_WIDTH - AXIS_ROOM - _legend_room(order))
    spec = {
        "$schema": SCHEMA,
        "title": _title_spec(title),
        "usermeta": {"legend": order},  # what drawn_width counts beside the plot
        "width": plot,
        "height": 240,
        "data": {"values": rows},
        "mark": {"type": "line", "point": {"filled": True, "size": 60}},
        "encoding": {
            "x": {"field": x, "type": "ordinal", "title": x, "axis": {"labelAngle": 0}},
            "y": {"field": y, "type": "quantitative", "title": y},
            "color": {"field": "player", "type": "nominal", "title": "", "sort": order},
            "tooltip": [{"field": "player"}, {"field": x}, {"field": y}],
        },
    }
    return Chart(title, rows, spec)


def intervals(
    rows: Iterable[Mapping[str, Any] | None],
    *,
    title: str,
    y: str,
    x: str = "",
    reference: float | None = None,
    reference_label: str = "",
    domain: tuple[float, float] | None = None,
    color: str = "#4c78a8",
    empty: str = "",
) -> Chart:
    """One dot per row at ``row["value"]`` with a bar from ``row["low"]`` to ``row["high"]`` (its
    95 % interval), over ``row["x"]``; rows that carry a ``"series"`` are told apart by colour
    and set side by side. ``reference`` draws a dashed line labelled ``reference_label``.

    Rows without a value (a bot that played no game) are left out; with none left the chart is
    the sentence ``empty``."""
    kept = [dict(row) for row in rows if row is not None and _number(row.get("value"))]
    for row in kept:
        row.setdefault("low", row["value"])
        row.setdefault("high", row["value"])
    if not kept:
        return Chart(title, kept, None, empty or f"No chart for “{title}”: there is no finished game to draw.")
    order = list(dict.fromkeys(str(row["x"]) for row in kept))
    series = any("series" in row for row in kept)
    scale = {"domain": list(domain)} if domain else {"zero": False}
    # a label may have a second line (after "\n")
    axis = {"labelAngle": 0, "labelExpr": "split(datum.label, '\\n')"}
    xenc = {"field": "x", "type": "nominal", "title": x, "sort": order, "axis": axis}
    yenc = {"field": "value", "type": "quantitative", "title": y, "scale": scale}
    hue: dict[str, Any] = {"value": color}
    if series:
        hue = {"field": "series", "type": "nominal", "title": ""}
    shared = {"x": xenc, "color": hue}
    if series:
        shared["xOffset"] = {"field": "series", "type": "nominal"}
    tooltip = [{"field": "x", "title": x or "what"}, {"field": "value", "title": y, "format": ".1f"}]
    tooltip += [{"field": "low", "format": ".1f"}, {"field": "high", "format": ".1f"}]
    layers: list[dict[str, Any]] = [
        {
            "mark": {"type": "rule", "strokeWidth": 2},
            "encoding": {**shared, "y": {**yenc, "field": "low"}, "y2": {"field": "high"}},
        },
        {
            "mark": {"type": "point", "filled": True, "size": 90, "opacity": 1},
            "encoding": {**shared, "y": yenc, "tooltip": tooltip},
        },
    ]
    if reference is not None:
        line = {"data": {"values": [{"reference": reference, "label": reference_label}]}}
        layers.append(
            {
                **line,
                "mark": {"type": "rule", "color": "grey", "strokeDash": [5, 4]},
                "encoding": {"y": {"field": "reference", "type": "quantitative"}},
            }
        )
        if reference_label:
            layers.append(
                {
                    **line,
                    "mark": {"type": "text", "align": "right", "dx": -4, "dy": -7, "color": "grey", "x": "width"},
                    "encoding": {"y": {"field": "reference", "type": "quantitative"}, "text": {"field": "label"}},
                }
            )
    names = list(dict.fromkeys(str(row["series"]) for row in kept if "series" in row))
    plot = min(max(160, 110 * len(order)), FIT_WIDTH - AXIS_ROOM - _legend_room(names))
    spec = {
        "$schema": SCHEMA,
        "title": _title_spec(title),
        "usermeta": {"legend": names},  # what drawn_width counts beside the plot
        "width": plot,
        "height": 220,
        "data": {"values": kept},
        "layer": layers,
    }
    return Chart(title, kept, spec)


def side_by_side(*charts: Chart, title: str) -> Chart:
    """The charts side by side under one title, in as many columns as fit :data:`FIT_WIDTH`
    (the rest wrap onto more rows); its rows are theirs, each marked with its chart's title as
    ``"chart"``. Charts with nothing to draw keep their sentence below the row."""
    drawn = [c for c in charts if c.spec is not None]
    rows = [{"chart": c.title, **row} for c in drawn for row in c.rows]
    if not drawn:
        return Chart(title, [], None, " ".join(c.empty for c in charts) or f"No chart for “{title}”: nothing to draw.")
    inner = [{k: v for k, v in (c.spec or {}).items() if k != "$schema"} for c in drawn]
    widest = max(drawn_width(part) for part in inner)
    columns = max(1, min(len(inner), int((FIT_WIDTH + GAP) // (widest + GAP))))
    # one colour per name across the charts (a bot keeps its colour from panel to panel)
    spec: dict[str, Any] = {"$schema": SCHEMA, "title": _title_spec(title), "concat": inner, "columns": columns}
    missing = [c.empty for c in charts if c.spec is None]
    if missing:
        spec["title"] = {"text": _title_spec(title), "subtitle": missing}
    chart = Chart(title, rows, spec)
    chart.parts = list(charts)
    return chart


def loss_row(stats: Mapping[str, Any], x: str, series: str | None = None) -> dict[str, Any] | None:
    """One bot's line of a tournament summary (``summary["bot_stats"][name]``) as a row for
    :func:`intervals`: its loss rate in percent with the 95 % interval; None for a bot without
    a game."""
    if not stats.get("games") or not _number(stats.get("loss_rate")):
        return None
    low, high = stats["ci95"]
    return _row(x, series, 100 * stats["loss_rate"], 100 * low, 100 * high)


def points_row(stats: Mapping[str, Any], x: str, series: str | None = None) -> dict[str, Any] | None:
    """The same for the bot's average points per round (the games that score points); None
    where there are none."""
    if not stats.get("games") or not _number(stats.get("avg_points")):
        return None
    low, high = stats["points_ci95"]
    return _row(x, series, stats["avg_points"], low, high)


def _row(x: str, series: str | None, value: float, low: float, high: float) -> dict[str, Any]:
    row: dict[str, Any] = {"x": x, "value": value, "low": min(low, value), "high": max(high, value)}
    if series is not None:
        row["series"] = series
    return row
