"""Two variants that exist only for the tests, each written the way ``docs/extending.md`` says a
new variant is written: one module, and one line that registers it
(``scheissekopf.variants.register(...)``, done by the ``new_variants`` fixture in
``tests/test_a_new_variant.py``)."""
