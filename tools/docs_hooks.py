"""The documentation site's generated pages and checks (MkDocs hooks, named in mkdocs.yml).

Pages read from the code, so that they cannot drift from it:

* ``reference/scheissekopf.md`` and ``reference/ai.md``: one mkdocstrings entry for every public
  name of ``scheissekopf`` (its ``__all__``) and of each module of ``scheissekopf.ai``
  (:func:`public_names`);
* ``cli.md``: the command line's own ``--help``, for the program and each command, in place of
  ``<!-- help: -->``;
* ``notebooks/*.md``: each tutorial notebook with its committed outputs (the tables as their
  pictures, the charts as SVG) and links to run it on the static site and on Binder;
* ``changelog.md``: CHANGELOG.md.

Checks, each a warning and so, under ``--strict``, a failed build naming the page and line:
a Python example of a page that raises (:func:`run_examples`), a link to a page or an anchor
that does not exist, a relative link to a repository file outside ``docs/`` that does not exist
(one that does becomes a link to the file in the repository), and a docstring role naming
nothing (tools/docs_griffe.py).

    python tools/docs_hooks.py catalogue    rewrite the catalogue in docs/LESSONS.md from
                                            scheissekopf.lessons.catalogue()
"""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import json
import logging
import os
import re
import sys
import traceback
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"
NOTEBOOKS = ROOT / "notebooks"
REPO = "https://github.com/scheissekopf/scheissekopf"
SITE = "https://scheissekopf.github.io/scheissekopf/"
BINDER = "https://mybinder.org/v2/gh/scheissekopf/scheissekopf/HEAD?urlpath=lab/tree/notebooks/{notebook}"
AI_MODULES = ("encoding", "pettingzoo_env", "openspiel_game")

log = logging.getLogger("mkdocs.plugins.scheissekopf")


def _importable() -> None:
    """The package and tools/ on the import path (MkDocs puts back the path it had after loading
    this file)."""
    for path in (ROOT / "tools", ROOT):
        if str(path) not in sys.path:
            sys.path.insert(0, str(path))


_importable()


# ------------------------------------------------------------------ public names
def public_names() -> dict[str, list[tuple[str, str]]]:
    """``{page: [(public name, the dotted path its entry documents), ...]}`` for the reference:
    ``scheissekopf``'s ``__all__`` (the widget's names included), and each ``scheissekopf.ai``
    module's ``__all__``, or else the classes and functions it defines without a leading
    underscore."""
    import scheissekopf as sk

    names = list(sk.__all__)
    names += [n for n in sk._WIDGET if n not in names]
    top = []
    for name in names:
        obj = getattr(sk, name)
        if name in sk._WIDGET:  # imported when first asked for: documented where it lives
            top.append((f"scheissekopf.{name}", f"{obj.__module__}.{obj.__qualname__}"))
        else:
            top.append((f"scheissekopf.{name}", f"scheissekopf.{name}"))
    ai = []
    for module_name in AI_MODULES:
        module = importlib.import_module(f"scheissekopf.ai.{module_name}")
        listed = getattr(module, "__all__", None)
        if listed is None:
            listed = [
                n
                for n, obj in vars(module).items()
                if not n.startswith("_")
                and (inspect.isclass(obj) or inspect.isfunction(obj))
                and getattr(obj, "__module__", None) == module.__name__
            ]
        ai += [(f"{module.__name__}.{n}", f"{module.__name__}.{n}") for n in listed]
    return {"reference/scheissekopf.md": top, "reference/ai.md": ai}


def _canonical(path: str) -> str:
    from docs_griffe import _canonical as canonical
    from docs_griffe import _lookup

    return canonical(path, _lookup(path))


REFERENCE_INTRO = {
    "reference/scheissekopf.md": (
        "# `scheissekopf`\n\n"
        "Every public name of `import scheissekopf as sk` (its `__all__`), read from the docstrings. "
        "[The API in short](../API.md) shows them at work; the rules they follow are in "
        "[the rules](../RULES.md) and [the Schafkopf family](../SCHAFKOPF.md). `Table`, `Scene` and "
        "`LessonTable` need the `widget` extra.\n"
    ),
    "reference/ai.md": (
        "# `scheissekopf.ai`\n\n"
        "The environments for game-AI programs (the `ai` extra: `pip install scheissekopf[ai]`), read "
        "from the docstrings: every public name of `scheissekopf.ai.encoding`, "
        "`scheissekopf.ai.pettingzoo_env` and `scheissekopf.ai.openspiel_game`. The layouts of "
        "actions and observations are in [Game AI](../AI.md).\n"
    ),
}


def reference_page(page: str, entries: list[tuple[str, str]]) -> str:
    out = [REFERENCE_INTRO[page]]
    module = None
    for name, path in entries:
        if page == "reference/ai.md":
            here = name.rsplit(".", 1)[0]
            if here != module:
                module = here
                out.append(
                    f"\n## `{module}`\n\n::: {module}\n    options:\n      members: false\n      show_root_heading: false\n      show_root_toc_entry: false\n"
                )
            out.append(f"::: {path}\n    options:\n      heading_level: 3\n")
        else:
            out.append(f"::: {path}\n")
    return "\n".join(out)


# ------------------------------------------------------------------ the command line
def cli_help(argv: list[str]) -> str:
    from scheissekopf import cli

    out = io.StringIO()
    old = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "100"
    try:
        with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
            cli.main([*argv, "--help"])
    finally:
        if old is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = old
    return out.getvalue().rstrip()


HELP_MARK = "<!-- help: -->"


def cli_page() -> str:
    """The help of the program and of each of its commands, as Markdown (what replaces
    ``<!-- help: -->`` in docs/cli.md)."""
    top = cli_help([])
    commands = re.search(r"\{([a-z,]+)\}", top)
    assert commands, "no list of commands in the command line's help"
    out = [f"## `python -m scheissekopf`\n\n```text\n{top}\n```\n"]
    for command in commands.group(1).split(","):
        out.append(f"## `{command}`\n\n```text\n{cli_help([command])}\n```\n")
    return "\n".join(out)


# ------------------------------------------------------------------ the lessons' catalogue
CATALOGUE_START = "<!-- catalogue: written by `python tools/docs_hooks.py catalogue` -->"
CATALOGUE_END = "<!-- end of the catalogue -->"


def catalogue_markdown() -> str:
    """The catalogue of docs/LESSONS.md, from ``scheissekopf.lessons.catalogue()``."""
    from collections import Counter

    import scheissekopf as sk
    from scheissekopf import lessons

    everything = lessons.catalogue()
    exercises = [ex for lesson in everything for ex in lesson]
    count = Counter(ex.variant for ex in exercises)
    order = sk.VARIANTS + sk.TRICK_VARIANTS[1:] + sk.TRICK_VARIANTS[:1]
    out = [
        f"{len(exercises)} exercises in {len(everything)} lessons: "
        + ", ".join(f"{v} {count[v]}" for v in order)
        + '. "Own view" marks an exercise in which the learner sees only their seat.',
    ]
    for lesson in everything:
        out.append(f"\n### {lesson.title} — `{lesson.id}` ({lesson.variant})\n")
        out.append("| exercise | learner | goal | checked by |\n|---|---|---|---|")
        for ex in lesson:
            learner = f"P{ex.seat}" + (", own view" if ex.view else "")
            goal = " ".join(ex.goal.split()).replace("|", "\\|")
            check = " ".join(ex.accept.name.split()).replace("|", "\\|")
            out.append(f"| `{ex.id}` | {learner} | {goal} | {check} |")
    return "\n".join(out)


def catalogue_in(text: str) -> str:
    """The part of docs/LESSONS.md between the catalogue's markers."""
    start, end = text.index(CATALOGUE_START) + len(CATALOGUE_START), text.index(CATALOGUE_END)
    return text[start:end].strip()


def write_catalogue() -> None:
    path = DOCS / "LESSONS.md"
    text = path.read_text(encoding="utf-8")
    start, end = text.index(CATALOGUE_START) + len(CATALOGUE_START), text.index(CATALOGUE_END)
    path.write_text(text[:start] + "\n\n" + catalogue_markdown() + "\n\n" + text[end:], encoding="utf-8")


# ------------------------------------------------------------------ the notebooks
def _not_in_the_browser() -> set[str]:
    """The notebooks the static site does not run (site/build.py's NOT_IN_THE_BROWSER)."""
    source = (ROOT / "site" / "build.py").read_text(encoding="utf-8")
    m = re.search(r"^NOT_IN_THE_BROWSER = \{(.*?)\}$", source, re.M)
    return set(re.findall(r'"([\w.-]+\.ipynb)"\s*:', m.group(1))) if m else set()


def _title(nb: dict, fallback: str) -> str:
    for cell in nb["cells"]:
        if cell["cell_type"] == "markdown":
            for line in "".join(cell["source"]).splitlines():
                if line.startswith("# "):
                    return line[2:].strip()
    return fallback


def _fix_notebook_links(text: str) -> str:
    """A notebook's links as they read from its page: to another notebook's page, into the docs."""
    text = re.sub(r"\]\((?:\./)?(\d\d-[\w-]+)\.ipynb(#[^)]*)?\)", r"](\1.md\2)", text)
    text = re.sub(r"\]\(\.\./docs/([^)]+)\)", r"](../\1)", text)
    return text


class RenderedNotebook:
    """A notebook as a Markdown page; the HTML and SVG of its outputs are kept aside and put in
    place once Markdown is done (:meth:`fill`), so that Markdown never reads them."""

    def __init__(self, path: Path, on_site: bool):
        self.path = path
        self.nb = json.loads(path.read_text(encoding="utf-8"))
        self.title = _title(self.nb, path.stem)
        self.on_site = on_site
        self.raw: list[str] = []

    def _keep(self, fragment: str) -> str:
        self.raw.append(fragment)
        return f'\n<div class="nb-output" data-raw="{len(self.raw) - 1}"></div>\n'

    def _output(self, output: dict) -> str:
        kind = output["output_type"]
        if kind == "stream":
            text = "".join(output["text"])
            return f"\n```text\n{text.rstrip()}\n```\n" if text.strip() else ""
        if kind == "error":
            return f"\n```text\n{output['ename']}: {output['evalue']}\n```\n"
        data = output.get("data", {})
        if "image/svg+xml" in data:
            return self._keep(f'<div class="nb-figure">{"".join(data["image/svg+xml"])}</div>')
        if "text/html" in data:
            return self._keep(f'<div class="nb-html">{"".join(data["text/html"])}</div>')
        if "image/png" in data:
            return self._keep(f'<img alt="output" src="data:image/png;base64,{data["image/png"]}">')
        if "text/plain" in data:
            return f"\n```text\n{''.join(data['text/plain']).rstrip()}\n```\n"
        return ""

    def markdown(self) -> str:
        name = self.path.name
        runs = [f"[on Binder]({BINDER.format(notebook=name)})"]
        if self.on_site:
            runs.insert(0, f"[in your browser]({SITE}lab/index.html?path=notebooks/{name})")
        where = (
            "Run it "
            + " or ".join(runs)
            + f", or in JupyterLab on your own computer (`make lab`). [The notebook]({REPO}/blob/main/notebooks/{name})"
            + " is shown here as committed, with the output of every cell: the tables are their pictures,"
            + " to play on them run the notebook."
        )
        if not self.on_site:
            where += " It needs the `ai` extra, which has no build for Python in the browser."
        box = f'!!! info "Run this notebook"\n    {where}\n'
        out = []
        first = True
        for cell in self.nb["cells"]:
            source = "".join(cell["source"])
            if cell["cell_type"] == "markdown":
                if first and source.lstrip().startswith("# "):  # the box right under the title
                    title, _, rest = source.lstrip().partition("\n")
                    source = f"{title}\n\n{box}\n{rest}"
                    first = False
                out.append(_fix_notebook_links(source))
            elif cell["cell_type"] == "code":
                if first:
                    out.insert(0, f"# {self.title}\n\n{box}")
                    first = False
                code = source.rstrip()
                if code and cell.get("metadata", {}).get("jupyter", {}).get("source_hidden"):
                    # folded away in the notebook: folded here too
                    first_line = code.split("\n", 1)[0].lstrip("# ").strip()
                    summary = first_line if code.startswith("#") else "Code folded away"
                    body = "\n".join("    " + line for line in f"```python\n{code}\n```".split("\n"))
                    out.append(f'??? note "{summary}"\n{body}')
                elif code:
                    out.append(f"```python\n{code}\n```")
                out += [self._output(o) for o in cell.get("outputs", [])]
        return "\n\n".join(part for part in out if part)

    def fill(self, page_html: str) -> str:
        def put(m: re.Match) -> str:
            return self.raw[int(m.group(1))]

        return re.sub(r'<div class="nb-output" data-raw="(\d+)"></div>', put, page_html)


def notebooks() -> list[Path]:
    return sorted(NOTEBOOKS.glob("[0-9][0-9]-*.ipynb"))


def notebooks_index(rendered: list[RenderedNotebook]) -> str:
    out = [
        "# The tutorial notebooks\n",
        "Nine short notebooks teach bitenight, its cousins and the Schafkopf family on live card tables, "
        "and a tenth shows the engine to people who build game AI. Each page below shows a notebook as "
        "committed, with the output of every cell; run it on the static site (Python in your browser, "
        "nothing to install), on Binder, or with `make lab`. Each notebook ends in checks of what it "
        "showed, and `make test` runs them all.\n",
        "| notebook | run it |\n|---|---|",
    ]
    for nb in rendered:
        name = nb.path.name
        runs = [f"[Binder]({BINDER.format(notebook=name)})"]
        if nb.on_site:
            runs.insert(0, f"[in the browser]({SITE}lab/index.html?path=notebooks/{name})")
        out.append(f"| [{nb.title}]({nb.path.stem}.md) | {' · '.join(runs)} |")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------ the pages' examples
def python_blocks(text: str) -> list[tuple[int, str]]:
    """``(line of the block's first code line, code)`` for each ```python block of a Markdown text."""
    return [
        (text[: m.start(1)].count("\n") + 1, m.group(1))
        for m in re.finditer(r"^```python\n(.*?)^```", text, re.M | re.S)
    ]


def run_examples(where: str, text: str) -> None:
    """Run a page's ```python blocks in order, in one namespace; raise AssertionError naming the
    page and the line for the first that raises. (A ```py block is shown and not run.)"""
    namespace: dict = {"__name__": "__docs__"}
    for line, code in python_blocks(text):
        compiled = compile("\n" * (line - 1) + code, where, "exec")  # a traceback's lines are the page's
        try:
            with contextlib.redirect_stdout(io.StringIO()):
                exec(compiled, namespace)
        except Exception as exc:
            frames = [f for f in traceback.extract_tb(exc.__traceback__) if f.filename == where]
            at = frames[-1].lineno if frames else line
            raise AssertionError(f"{where}:{at}: the example raises {type(exc).__name__}: {exc}") from exc


# ------------------------------------------------------------------ links out of docs/
LINK = re.compile(r"(?<!!)\[([^\]]*)\]\(([^)\s]+)\)")


def check_repository_links(markdown: str, src: Path, where: str, docs: Path = DOCS) -> str:
    """Relative links that leave docs/: to the file in the repository if it exists, else a warning
    naming the page and line."""

    def fix(m: re.Match) -> str:
        target = m.group(2)
        if re.match(r"[a-z]+:|/", target):
            return m.group(0)
        path, _, anchor = target.partition("#")
        resolved = (src.parent / path).resolve() if path else src.resolve()
        try:
            inside = resolved.relative_to(docs.resolve())
        except ValueError:
            inside = None
        before = re.sub(r"\x00(\d+)\x00", lambda k: kept[int(k.group(1))], m.string[: m.start()])
        line = before.count("\n") + 1
        if inside is not None:  # a page of the site: checked once every page is built
            if path.endswith(".md"):
                _INTERNAL.append((where, line, target, inside.as_posix(), anchor))
            return m.group(0)
        repository = docs.resolve().parent
        try:
            rel = resolved.relative_to(repository)
        except ValueError:
            log.warning(f"{where}:{line}: the link {target!r} leaves the repository")
            return m.group(0)
        if not resolved.exists():
            log.warning(f"{where}:{line}: the link {target!r} points to {rel}, which does not exist")
            return m.group(0)
        kind = "tree" if resolved.is_dir() else "blob"
        return f"[{m.group(1)}]({REPO}/{kind}/main/{rel.as_posix()}{'#' + anchor if anchor else ''})"

    # links inside code blocks and code spans are code, not links: set them aside while links are read
    kept: list[str] = []

    def keep(m: re.Match) -> str:
        kept.append(m.group(0))
        return f"\x00{len(kept) - 1}\x00"

    text = re.sub(r"^```.*?^```|`[^`\n]+`", keep, markdown, flags=re.M | re.S)
    text = LINK.sub(fix, text)
    return re.sub(r"\x00(\d+)\x00", lambda m: kept[int(m.group(1))], text)


# ------------------------------------------------------------------ MkDocs hooks
_RENDERED: dict[str, RenderedNotebook] = {}
#: (page, line, link, the page linked to, its anchor) for every link between pages
_INTERNAL: list[tuple[str, int, str, str, str]] = []


def on_config(config: Any, **kwargs: Any) -> Any:
    _importable()
    import docs_griffe

    # the notebooks' pages under their section of the navigation
    pages = [{_title(json.loads(p.read_text(encoding="utf-8")), p.stem): f"notebooks/{p.stem}.md"} for p in notebooks()]
    for item in config["nav"]:
        if isinstance(item, dict) and "Tutorial notebooks" in item:
            item["Tutorial notebooks"] = ["notebooks/index.md", *pages]
    # what the reference documents, for the docstrings' links
    docs_griffe.DOCUMENTED.clear()
    for entries in public_names().values():
        for name, path in entries:
            docs_griffe.DOCUMENTED[_canonical(path)] = path
            docs_griffe.DOCUMENTED[path] = path
    return config


def on_files(files: Any, config: Any, **kwargs: Any) -> Any:
    from mkdocs.structure.files import File

    def add(uri: str, content: str) -> None:
        files.append(File.generated(config, uri, content=content))

    for page, entries in public_names().items():
        add(page, reference_page(page, entries))
    changelog = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    add("changelog.md", check_repository_links(changelog, ROOT / "CHANGELOG.md", "CHANGELOG.md"))
    skip = _not_in_the_browser()
    _INTERNAL.clear()
    _RENDERED.clear()
    rendered = []
    for path in notebooks():
        nb = RenderedNotebook(path, on_site=path.name not in skip)
        _RENDERED[f"notebooks/{path.stem}.md"] = nb
        rendered.append(nb)
        add(f"notebooks/{path.stem}.md", nb.markdown())
    add("notebooks/index.md", notebooks_index(rendered))
    return files


def on_page_markdown(markdown: str, page: Any, config: Any, files: Any, **kwargs: Any) -> str:
    docs = Path(config["docs_dir"])
    src = page.file.abs_src_path
    if src is None:  # a generated page: its links are read as if it were in docs/
        src = str(docs / page.file.src_uri)
    if page.file.abs_src_path is not None and "```python" in markdown:  # a page's examples run
        try:
            run_examples(f"docs/{page.file.src_uri}", markdown)
        except AssertionError as exc:
            log.warning(str(exc))
    if page.file.src_uri == "cli.md":
        if HELP_MARK not in markdown:
            log.warning(f"docs/cli.md: no {HELP_MARK} where the command line's help goes")
        markdown = markdown.replace(HELP_MARK, cli_page())
    return check_repository_links(markdown, Path(src), f"docs/{page.file.src_uri}", docs)


def on_page_content(html_text: str, page: Any, **kwargs: Any) -> str:
    nb = _RENDERED.get(page.file.src_uri)
    return nb.fill(html_text) if nb else html_text


def _anchors(page: Any) -> set[str]:
    return set(re.findall(r'\sid="([^"]+)"', page.content or ""))


def on_post_build(config: Any, **kwargs: Any) -> None:
    """Every link between pages leads to a page of the site and, with an anchor, to a heading or
    an entry on it (MkDocs says so too, without the line)."""
    pages = {}
    for item in _PAGES:
        pages[item.file.src_uri] = item
    for where, line, target, uri, anchor in _INTERNAL:
        page = pages.get(uri)
        if page is None:
            log.warning(f"{where}:{line}: the link {target!r} leads to no page of the site")
        elif anchor and anchor not in _anchors(page):
            log.warning(f"{where}:{line}: the link {target!r}: {uri} has no heading or entry #{anchor}")


_PAGES: list[Any] = []


def on_post_page(output: str, page: Any, **kwargs: Any) -> str:
    _PAGES.append(page)
    return output


def on_pre_build(config: Any, **kwargs: Any) -> None:
    _PAGES.clear()


if __name__ == "__main__":
    if sys.argv[1:] == ["catalogue"]:
        write_catalogue()
    else:
        print(__doc__)
        sys.exit(2)
