"""``kurzkopf``: schafkopf under another name with one rule changed, for the tests: nobody may
run away from a called ace (in schafkopf, a partner holding four cards of the called suit may lead
another card of it)."""

from scheissekopf.trick.schafkopf import SchafkopfRules
from scheissekopf.trick.variant import TrickVariant


class KurzkopfRules(SchafkopfRules):
    run_away = None  # the one rule changed: the called ace's holder never runs away


def variant() -> TrickVariant:
    """The variant object to register (made when asked: making it adds the rules to the family)."""
    return TrickVariant(KurzkopfRules("kurzkopf", 4, 4))
