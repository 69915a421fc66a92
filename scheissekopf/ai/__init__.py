"""Standard environments for people who build game AI (the ``ai`` extra: ``pip install scheissekopf[ai]``).

* :mod:`scheissekopf.ai.encoding`: the action numbers, the observation arrays and who acts when;
* :mod:`scheissekopf.ai.pettingzoo_env`: a PettingZoo AEC environment for every variant and table size;
* :mod:`scheissekopf.ai.openspiel_game`: the variants as OpenSpiel games (``pyspiel.load_game``).

The layouts are in ``docs/AI.md``. The engine itself needs none of these packages; importing this
package imports none of them either (each module imports its own).
"""
