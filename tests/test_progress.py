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
