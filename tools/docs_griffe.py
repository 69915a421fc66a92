"""How the API reference reads the package's docstrings (a griffe extension, named in mkdocs.yml).

The docstrings are written for `help()` and for reading in the source: Sphinx's roles
(``:class:`~.checks.Check` ``, ``:func:`new_game` ``) and doctest sessions. For the reference,

* every role's target is looked up in the package the way Sphinx would (from the docstring's own
  class and module outwards, a leading dot meaning "from here"); one that names nothing is an
  error with the file and line of the docstring, so the build fails on a reference to nowhere.
  A target the reference shows becomes a link to its entry, any other a piece of code;
* a doctest session (``>>>`` lines and what they print) becomes a Python console block, instead
  of what Markdown would make of it (quotes within quotes).
"""

from __future__ import annotations

import importlib
import logging
import re
from typing import Any

import griffe

log = logging.getLogger("mkdocs.plugins.scheissekopf.docstrings")

ROLE = re.compile(r":(?:py:)?(class|func|meth|mod|attr|data|exc|obj|const):`(~?)([^`<>]+?)`")

#: canonical dotted path -> the reference's entry for it (filled by tools/docs_hooks.py)
DOCUMENTED: dict[str, str] = {}


def _lookup(path: str) -> Any:
    """The Python object at a dotted path, or raise LookupError."""
    parts = path.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        try:
            for part in parts[cut:]:
                obj = getattr(obj, part)
        except AttributeError:
            break
        return obj
    raise LookupError(path)


def _canonical(path: str, obj: Any) -> str:
    module = getattr(obj, "__module__", None)
    qualname = getattr(obj, "__qualname__", None)
    if isinstance(obj, type(importlib)):
        return obj.__name__
    if module and qualname and "<" not in qualname:
        return f"{module}.{qualname}"
    return path


def resolve(target: str, where: str) -> str | None:
    """The canonical path that ``target`` names, seen from the dotted path ``where`` (the object
    whose docstring it is), or None."""
    scopes = where.split(".")
    candidates = []
    if target.startswith("."):
        rest = target.lstrip(".")
        for cut in range(len(scopes), 0, -1):
            candidates.append(".".join(scopes[:cut] + [rest]))
    else:
        for cut in range(len(scopes), 0, -1):
            candidates.append(".".join(scopes[:cut] + [target]))
        candidates.append(target)
        candidates.append(f"scheissekopf.{target}")
    for path in candidates:
        try:
            return _canonical(path, _lookup(path))
        except LookupError:
            continue
        except Exception:  # an attribute that raises when read: it exists
            return path
    return None


def _doctest_blocks(text: str) -> str:
    """Doctest sessions as fenced ``pycon`` blocks."""
    out: list[str] = []
    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.lstrip()
        if stripped.startswith(">>>") and not (out and out[-1].lstrip().startswith("```")):
            indent = line[: len(line) - len(stripped)]
            block = []
            while i < len(lines) and lines[i].strip():
                block.append(lines[i][len(indent) :] if lines[i].startswith(indent) else lines[i].strip())
                i += 1
            out += [f"{indent}```pycon", *(indent + b for b in block), f"{indent}```"]
            continue
        out.append(line)
        i += 1
    return "\n".join(out)


def _walk(obj: griffe.Object):
    yield obj
    for member in obj.members.values():
        if not member.is_alias:
            yield from _walk(member)


class ReadTheDocstrings(griffe.Extension):
    """Roles checked and turned into links or code; doctests into console blocks."""

    def on_package(self, *, pkg: griffe.Module, **kwargs: Any) -> None:
        if pkg.path != "scheissekopf":
            return
        everything = list(_walk(pkg))
        paths = [o.path for o in everything]
        for obj in everything:
            if obj.docstring is not None:
                self._read(obj, paths)

    def _read(self, obj: griffe.Object, paths: list[str]) -> None:
        docstring = obj.docstring
        assert docstring is not None
        where = obj.path

        def find(target: str) -> str | None:
            found = resolve(target, where)
            if found is None:  # an attribute set in __init__, or a name from elsewhere in the package
                tail = "." + target.lstrip(".")
                scope = where if obj.is_module or obj.is_class else where.rsplit(".", 1)[0]
                near = [p for p in paths if p.endswith(tail) and p.startswith(scope.split(".")[0])]
                inside = [p for p in near if p.startswith(scope + ".") or p.startswith(where.rsplit(".", 1)[0])]
                found = (inside or near or [None])[0]
            return found

        def role(m: re.Match) -> str:
            kind, tilde, target = m.group(1), m.group(2), m.group(3).strip()
            target = target.rstrip("()")
            found = find(target)
            if found is None:
                line = (docstring.lineno or 0) + docstring.value[: m.start()].count("\n")
                rel = obj.relative_filepath if obj.filepath else obj.path
                log.warning(f"{rel}:{line}: the docstring of {obj.path} names :{kind}:`{target}`, which does not exist")
                return f"`{target}`"
            shown = target.lstrip(".")
            if tilde:
                shown = shown.rsplit(".", 1)[-1]
            if kind in ("func", "meth"):
                shown += "()"
            entry = DOCUMENTED.get(found)
            return f"[`{shown}`][{entry}]" if entry else f"`{shown}`"

        docstring.value = _doctest_blocks(ROLE.sub(role, docstring.value))
