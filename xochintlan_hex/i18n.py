"""The kit's languages: every text a person reads goes through gettext.

The kit speaks English and French. Its texts are written in English in the
code, marked with ``_("...")`` where they are shown, and translated by the
standard :mod:`gettext` catalogs kept in ``xochintlan_hex/locale/`` (``.po``
sources, compiled to ``.mo`` when the kit is built or installed; a missing or older ``.mo`` is
compiled from its ``.po`` in memory).

The language in use is chosen once for the whole kit:

* by default from the environment, as gettext does (``LANGUAGE``, ``LC_ALL``,
  ``LC_MESSAGES``, then ``LANG``), English when none names a known language;
* by :func:`set_language` (``xochintlan_hex.set_language("fr")``);
* for one call by :func:`use_language`, which the ``language=`` arguments of
  the apps and the pictures use.

Switching the language changes what is shown, never a game or a study result.

>>> with use_language("fr"):
...     get_language()
'fr'
>>> set_language("de")
Traceback (most recent call last):
...
ValueError: language must be one of 'en', 'fr', not 'de'
"""

from __future__ import annotations

import contextlib
import contextvars
import functools
import gettext
import io
import os
from collections.abc import Iterator, Mapping
from pathlib import Path

#: The gettext domain: the catalogs are ``locale/<lang>/LC_MESSAGES/xochintlan_hex.mo``.
DOMAIN = "xochintlan_hex"
#: The languages the kit speaks, by code, with their own names (for a language menu).
LANGUAGES = {"en": "English", "fr": "Français"}
#: The language of the texts in the code: it needs no catalog.
SOURCE_LANGUAGE = "en"
#: Where the catalogs live, inside the package so that a wheel ships them.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

# gettext reads these variables in this order; the first one set decides.
_ENVIRONMENT_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

# The language chosen for this thread or task (a context variable, so that two users of
# one server, or two threads, never switch each other's language), and the kernel-wide
# default the last set_language left: a notebook's next cell, or a button's callback, may
# run in a fresh context and must still speak the language the notebook chose.
_chosen: contextvars.ContextVar[str | None] = contextvars.ContextVar("xochintlan_hex_language", default=None)
_default: str | None = None


def _choices() -> str:
    return ", ".join(repr(code) for code in LANGUAGES)


def check_language(language: object) -> str:
    """``language`` as a known code ('en', 'fr'); a clear error otherwise."""
    if isinstance(language, str) and language.strip().lower() in LANGUAGES:
        return language.strip().lower()
    raise ValueError(f"language must be one of {_choices()}, not {language!r}")


def language_from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the environment asks for, as gettext reads it; English if none is known.

    >>> language_from_environment({"LANG": "fr_CA.UTF-8"})
    'fr'
    >>> language_from_environment({"LANGUAGE": "de:fr", "LANG": "en_US.UTF-8"})
    'fr'
    >>> language_from_environment({"LC_ALL": "C"})
    'en'
    """
    environ = os.environ if environ is None else environ
    for variable in _ENVIRONMENT_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for wanted in value.split(":"):  # LANGUAGE may list several, best first
            code = wanted.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        return SOURCE_LANGUAGE  # the deciding variable names no language the kit speaks
    return SOURCE_LANGUAGE


def get_language() -> str:
    """The language in use: this context's choice, else the last one set, else the environment's."""
    for chosen in (_chosen.get(), _default):
        if chosen is not None:
            return chosen
    return language_from_environment()


def set_language(language: str | None) -> None:
    """Speak ``language`` ('en' or 'fr') from now on: in this thread or task first, and as
    the default of every context that has chosen none. None follows the environment again."""
    global _default
    _default = None if language is None else check_language(language)
    _chosen.set(_default)


@contextlib.contextmanager
def use_language(language: str | None) -> Iterator[str]:
    """Speak ``language`` inside a ``with`` block (None: keep the language in use)."""
    token = _chosen.set(check_language(language)) if language is not None else None
    try:
        yield get_language()
    finally:
        if token is not None:
            _chosen.reset(token)


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalog of ``language`` (English needs none): the compiled ``.mo`` when it is up to
    date, else its ``.po`` source compiled in memory (an editable install, or a checkout whose
    catalog was edited or merged since ``make`` compiled it, speaks every language at once)."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    folder = LOCALE_DIR / language / "LC_MESSAGES"
    compiled, source = folder / (DOMAIN + ".mo"), folder / (DOMAIN + ".po")
    if compiled.is_file() and (not source.is_file() or compiled.stat().st_mtime >= source.stat().st_mtime):
        with compiled.open("rb") as catalog:
            return gettext.GNUTranslations(catalog)
    if source.is_file() and (not compiled.is_file() or _babel_installed()):
        return gettext.GNUTranslations(_compiled_in_memory(source))
    if compiled.is_file():  # an older .mo, and nothing here to compile the newer .po with
        with compiled.open("rb") as catalog:
            return gettext.GNUTranslations(catalog)
    raise RuntimeError(
        f"the {LANGUAGES[language]} catalog is missing: expected {source} or {compiled}; "
        f"reinstall the kit (pip install xochintlan_hex), which ships it"
    )


def _babel_installed() -> bool:
    import importlib.util

    return importlib.util.find_spec("babel") is not None


def _compiled_in_memory(source: Path) -> io.BytesIO:
    """``source`` (a ``.po``) compiled as ``pybabel compile`` would, fuzzy entries left out."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with source.open("rb") as text:
        catalog = read_po(text)
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    return compiled


def _(message: str) -> str:
    """``message`` in the language in use."""
    return translations(get_language()).gettext(message)


def ngettext(singular: str, plural: str, count: int) -> str:
    """The singular or plural form for ``count``, in the language in use."""
    return translations(get_language()).ngettext(singular, plural, count)


def pgettext(context: str, message: str) -> str:
    """``message`` in the language in use, told apart by ``context`` (e.g. a letter's meaning)."""
    return translations(get_language()).pgettext(context, message)


def duration_text(seconds: float) -> str:
    """A rough duration a person reads: seconds, minutes, hours, days or years.

    >>> duration_text(42), duration_text(5400), duration_text(3e9), duration_text(1e16)
    ('42 s', '1.5 hours', '95 years', '3.2e+08 years')
    """
    for unit, size in ((_("years"), 365.25 * 86400), (_("days"), 86400), (_("hours"), 3600), (_("min"), 60)):
        if seconds >= size:
            value = seconds / size
            shown = f"{value:.2g}" if value < 10 else f"{value:.0f}" if value < 1e6 else f"{value:.1e}"
            return f"{shown.replace('.', decimal_mark())} {unit}"
    return f"{seconds:.0f} s"


def _babel_locale() -> str:
    """The Babel locale of the language in use (numbers are written the way it writes them)."""
    return {"en": "en_GB", "fr": "fr_FR"}[get_language()]


def decimal_mark() -> str:
    """The decimal mark of the language in use ("." in English, "," in French)."""
    from babel.numbers import get_decimal_symbol

    return str(get_decimal_symbol(_babel_locale()))


def number_text(value: float, digits: int | None = None) -> str:
    """``value`` written as the language in use writes numbers: decimal comma and a thin
    non-breaking space between thousands in French, a point and a comma in English.
    ``digits`` fixes the decimals; None keeps up to three significant decimals.

    >>> number_text(5000), number_text(0.3624, 3)
    ('5,000', '0.362')
    >>> with use_language("fr"):
    ...     number_text(5000), number_text(0.3624, 3)
    ('5\u202f000', '0,362')
    """
    from babel.numbers import format_decimal

    pattern = None if digits is None else ("#,##0." + "0" * digits if digits > 0 else "#,##0")
    return format_decimal(value, format=pattern, locale=_babel_locale())


def percent_text(share: float, digits: int = 0) -> str:
    """``share`` (0.8 for 80%) as a percentage in the language in use ('80%', '80 %' with
    a non-breaking space in French).

    >>> percent_text(0.8), percent_text(0.025, 1)
    ('80%', '2.5%')
    >>> with use_language("fr"):
    ...     percent_text(0.8)
    '80\u202f%'
    """
    # French puts a narrow non-breaking space before the sign; Babel's own French pattern
    # does too, but a custom pattern (to fix the decimals) would lose it.
    sign = {"en": "%", "fr": "\u202f%"}[get_language()]
    return number_text(share * 100, digits) + sign


def N_(message: str) -> str:
    """Mark ``message`` for translation where it is defined; translate it where shown with ``_``."""
    return message
