"""The progress bar of long runs: tqdm's widget inside a notebook's kernel (tested by running
notebooks 03 and 08 in tests/test_notebooks_learner.py), and nothing at all where nobody watches."""

from scheissekopf import tournament
from scheissekopf.progress import in_notebook, progress_bar


def test_no_bar_outside_a_notebook_and_a_terminal(capsys):
    assert not in_notebook()  # pytest is neither a notebook's kernel nor a terminal (output captured)
    for enabled in (True, False):
        bar = progress_bar(5, enabled)
        for _ in range(5):
            bar.update()
        bar.close()
    tournament.run("bitenight", ["greedy", "random", "random"], 3, seed=1, jobs=1)
    out, err = capsys.readouterr()
    assert out == "" and err == ""


def test_the_bar_says_its_pace_in_words_not_in_units_glued_to_the_number():
    import io
    import re

    from tqdm import tqdm

    from scheissekopf.progress import BAR_FORMAT, plural, rate_words, with_pace_in_words

    assert rate_words(4.613, "match") == "4.6 matches a second"
    assert rate_words(0.4, "game") == "2.5 s per game"
    assert rate_words(None, "game") == rate_words(0, "game") == ""
    assert [plural(u) for u in ("game", "match", "puzzle")] == ["games", "matches", "puzzles"]

    bar = with_pace_in_words(tqdm, "match")(total=20, unit="match", file=io.StringIO(), bar_format=BAR_FORMAT)
    assert str(bar).endswith("0/20 [00:00<?]")  # no pace before the first match
    bar.update(4)
    shown = str(bar)
    bar.close()
    assert re.search(r"4/20 \[.*, \d+\.\d (matches a second|s per match)\]$", shown), shown
    assert "match/s" not in shown and "s/match" not in shown
