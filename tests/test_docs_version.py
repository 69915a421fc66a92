"""One version number: pyproject.toml, `scheissekopf.__version__` and the CHANGELOG's newest release."""

import re
from pathlib import Path

import scheissekopf as sk

ROOT = Path(__file__).resolve().parents[1]


def test_pyproject_and_package_agree_on_the_version():
    pyproject = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    (version,) = re.findall(r'^version = "(.+)"$', pyproject, re.M)
    assert version == sk.__version__


def test_the_changelog_has_unreleased_above_the_current_version():
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    headings = re.findall(r"^## (.+)$", text, re.M)
    assert headings[0] == "Unreleased"
    release = re.fullmatch(r"(\d+\.\d+\.\d+) \((\d{4}-\d\d-\d\d)\)", headings[1])
    assert release, f"the heading after Unreleased is a version with its date, not {headings[1]!r}"
    assert release.group(1) == sk.__version__
    assert "**Versioning.**" in text.split("## Unreleased")[0]
