"""Two users of one server, or two threads of one kernel, never switch each other's language."""

from __future__ import annotations

import threading

from xochintlan_hex.i18n import _, get_language, number_text, percent_text, set_language, use_language


def test_two_threads_speak_their_own_language_at_the_same_time():
    both_inside = threading.Barrier(2)
    heard: dict[str, list[str]] = {}

    def speak(language: str) -> None:
        with use_language(language):
            both_inside.wait(timeout=10)  # both languages are chosen before either speaks
            heard[language] = [get_language(), _("Lizard"), number_text(0.5, 1)]
            both_inside.wait(timeout=10)

    threads = [threading.Thread(target=speak, args=(code,)) for code in ("en", "fr")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=20)
    assert heard["en"] == ["en", "Lizard", "0.5"]
    assert heard["fr"] == ["fr", "Lézard", "0,5"]


def test_set_language_in_one_thread_leaves_a_thread_that_chose_its_own():
    chosen = threading.Event()
    switched = threading.Event()
    heard: list[str] = []

    def student() -> None:
        set_language("en")
        chosen.set()
        switched.wait(timeout=10)
        heard.append(get_language())

    thread = threading.Thread(target=student)
    try:
        thread.start()
        chosen.wait(timeout=10)
        set_language("fr")
        switched.set()
        thread.join(timeout=20)
        assert heard == ["en"]
    finally:
        set_language(None)


def test_a_fresh_thread_speaks_the_language_the_notebook_chose():
    heard: list[str] = []
    try:
        set_language("fr")
        thread = threading.Thread(target=lambda: heard.append(get_language()))
        thread.start()
        thread.join(timeout=20)
    finally:
        set_language(None)
    assert heard == ["fr"]


def test_numbers_follow_the_language():
    with use_language("en"):
        assert (number_text(12345.678, 2), percent_text(0.05)) == ("12,345.68", "5%")
    with use_language("fr"):
        assert (number_text(12345.678, 2), percent_text(0.05)) == ("12\u202f345,68", "5\u202f%")
