"""Shared by every test run (tests/, notebooks/, the package's doctests).

The kit speaks the language its environment asks for (LANGUAGE, LC_ALL, LANG);
the suite checks the English texts unless a test chooses French itself, so it
pins English for this process and the ones it starts (command line, kernels),
and passes on a machine set up in French as well.
"""

import os

os.environ["LANGUAGE"] = "en"
