# Run by IPython as each kernel of the tutorial's browser site starts (see scheissekopf_lite).
import scheissekopf_lite

scheissekopf_lite.setup()
del scheissekopf_lite
