"""Class material printed by the kit: worksheets without answers, answer keys, assessments
and the animal tiles, A4 at real size, in English and in French."""

from __future__ import annotations

import json
import re
from pathlib import Path

import matplotlib
import pytest

from xochintlan_hex import cli
from xochintlan_hex.viz import lesson_pages
from xochintlan_hex.viz.puzzles import card_pages

matplotlib.use("Agg")

ROOT = Path(__file__).resolve().parents[1]
FIXTURE = ROOT / "tests" / "data" / "lessons"  # lesson 07 in the shape of the rewritten lessons
LESSONS = ROOT / "notebooks"
A4_POINTS = (595.276, 841.89)


def run(argv, capsys):
    status = cli.main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return status, out, err


def page_texts(pages, monospace: bool | None = None) -> str:
    """Every text drawn on ``pages``, one per line (only the code, or only the prose, if asked)."""
    texts = [
        t.get_text()
        for page in pages
        for ax in page.axes
        for t in ax.texts
        if monospace is None or ("monospace" in t.get_fontfamily()) == monospace
    ]
    return "\n".join(texts)


def flat(text: str) -> str:
    """Words only, spaces collapsed: a sentence wrapped over several printed lines still matches."""
    return " ".join(re.sub(r"[`*$]", "", text).split())


def folded_answers(notebook: Path) -> list[str]:
    """The prose of every ``<details>`` fold in a notebook, read straight from its JSON."""
    cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
    markdown = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    answers = []
    for fold in re.findall(r"<details>(.*?)</details>", markdown, re.S):
        prose = re.sub(r"```.*?```|<summary>.*?</summary>", "", fold, flags=re.S)
        answers.append(prose.strip())
    return answers


def first_words(text: str, count: int = 7) -> str:
    words = re.sub(r"[^\w\s',.-]", " ", text).split()
    return " ".join(words[:count])


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_worksheet_holds_each_exercise_its_picture_and_no_answer(language):
    lesson = lesson_pages.read_lesson(FIXTURE, 7, language)
    pages = lesson_pages.worksheet_pages(FIXTURE, 7, language)
    printed = flat(page_texts(pages))
    assert [e.level for e in lesson.exercises] == ["easy", "medium", "stretch"]
    for exercise in lesson.exercises:
        assert exercise.heading in printed
        assert flat(exercise.question) in printed
    assert flat(lesson.discussion.question) in printed
    for answer in [e.answer for e in lesson.exercises] + [lesson.discussion.answer]:
        assert first_words(answer, 5) not in printed
    assert "secret_" not in printed  # the folded code
    assert "summary" not in printed.lower()  # nor the text after the last fold
    assert [len(e.pictures) for e in lesson.exercises] == [1, 1, 0]  # an output above it; an attached image
    pictures = [image for page in pages for ax in page.axes for image in ax.images]
    assert len(pictures) == 2


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("notebook", sorted(LESSONS.glob("[0-9][0-9]_*.ipynb")), ids=lambda p: p.name[:2])
def test_no_lesson_worksheet_prints_a_folded_answer(notebook, language):
    folder_of_language = LESSONS / "fr" if language == "fr" else LESSONS
    notebook = next(folder_of_language.glob(f"{notebook.name[:2]}_*.ipynb"))
    lesson = lesson_pages.read_lesson(LESSONS, notebook.name[:2], language)
    printed = flat(page_texts(lesson_pages.worksheet_pages(LESSONS, notebook.name[:2], language)))
    assert lesson.exercises, "the lesson's exercises were not found"
    for exercise in lesson.exercises:
        assert exercise.heading in printed
    answers = folded_answers(notebook)
    assert len(answers) >= len(lesson.exercises)
    for answer in answers:
        words = flat(first_words(answer))
        assert not words or words not in printed, f"the worksheet prints the answer {words!r}"


def test_the_key_prints_each_answer_and_its_code_as_code():
    lesson = lesson_pages.read_lesson(FIXTURE, 7)
    pages = lesson_pages.key_pages(FIXTURE, 7)
    assert all(flat(e.answer.split("```")[0]) in flat(page_texts(pages)) for e in lesson.exercises)
    code = page_texts(pages, monospace=True)
    assert all(f"assert answer_{n} == 'secret_{n}'" in code for n in (1, 2, 3))


def test_a_missing_lesson_is_refused_naming_the_lessons_that_exist():
    with pytest.raises(ValueError, match=r"no lesson 01; the lessons are 07$"):
        lesson_pages.read_lesson(FIXTURE, 1)


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("lesson", range(1, 8))
def test_each_assessment_has_three_to_five_marked_questions(lesson, language):
    test = lesson_pages.read_assessment(lesson, language)
    assert 3 <= len(test.questions) <= 5
    for question in test.questions:
        marks = re.findall(r"^- (\d+) (?:points?|marks?)\b", question.marking, re.M)
        assert marks and sum(map(int, marks)) == question.points, (lesson, question.number)


def test_a_board_in_an_assessment_is_drawn_as_the_kit_draws_boards():
    text = "Which card stands?\n\n```board\nLL.\n.H.\n.LL\n```\n"
    assert lesson_pages.printed_blocks(text) == [("text", "Which card stands?"), ("board", "LL.\n.H.\n.LL")]
    first_page = lesson_pages.assessment_pages(1)[0]
    assert len([image for ax in first_page.axes for image in ax.images]) == 1  # question 1's board


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize(
    "what, options",
    [
        ("worksheet", ["--lesson", "7", "--notebooks", FIXTURE]),
        ("key", ["--lesson", "07", "--notebooks", FIXTURE]),
        ("assessment", ["--lesson", "3"]),
        ("animals", []),
    ],
)
def test_print_writes_a4_pages_in_both_languages(what, options, language, tmp_path, capsys):
    out = tmp_path / f"{what}.pdf"
    status, stdout, err = run(["print", what, *options, "--lang", language, "--out", out], capsys)
    assert status == 0, err
    data = out.read_bytes()
    pages = len(re.findall(rb"/Type /Page\b(?!s)", data))
    boxes = re.findall(rb"/MediaBox \[ 0 0 ([\d.]+) ([\d.]+) \]", data)
    assert pages >= 1 and len(boxes) == pages
    assert all(abs(float(w) - A4_POINTS[0]) < 0.01 and abs(float(h) - A4_POINTS[1]) < 0.01 for w, h in boxes)
    assert str(pages) in stdout


def test_an_animal_square_is_as_wide_as_a_goal_card_cell():
    # the cells of every printed card, measured on the pages: the commonest size is the animals'
    card_cells = []
    for page in card_pages():
        page.draw_without_rendering()
        for ax in page.axes[1:]:
            cells = next(c for c in ax.collections if len(c.get_paths()) == 5)
            x = cells.get_transform().transform(cells.get_paths()[0].vertices)[:, 0]
            card_cells.append((x.max() - x.min()) / page.dpi * 2.54)
    commonest = max(set(round(c, 2) for c in card_cells), key=[round(c, 2) for c in card_cells].count)
    pages = lesson_pages.animal_tile_pages()
    tiles = [ax for page in pages for ax in page.axes[1:]]
    for ax in tiles:
        page = ax.figure
        width = ax.get_position().width * page.get_figwidth() * 2.54
        height = ax.get_position().height * page.get_figheight() * 2.54
        assert width == pytest.approx(commonest, abs=0.006) and height == pytest.approx(width)
    letters = [t.get_text() for ax in tiles for t in ax.texts]
    assert {k: letters.count(k) for k in "LBM"} == {"L": 16, "B": 16, "M": 16}  # two sets of 8 of each
    assert len(tiles) == 2 * 25  # and a Human in each set


# Words that would betray an English page; the French pages may hold code (monospace), names
# of players and of the kit's options, and words both languages share (page, points, date).
ENGLISH_WORDS = {
    "the", "and", "of", "with", "answer", "worksheet", "lesson", "exercise", "marking", "scheme",
    "name", "print", "cut", "each", "square", "tiles", "wide", "is", "to", "for", "key",
}  # fmt: skip


@pytest.mark.parametrize(
    "make",
    [
        lambda: lesson_pages.worksheet_pages(FIXTURE, 7, "fr"),
        lambda: lesson_pages.key_pages(FIXTURE, 7, "fr"),
        lambda: lesson_pages.animal_tile_pages("fr"),
        *[lambda n=n: lesson_pages.assessment_pages(n, "fr") for n in range(1, 8)],
    ],
    ids=["worksheet", "key", "animals", *[f"assessment-{n:02d}" for n in range(1, 8)]],
)
def test_french_pages_are_french(make):
    prose = page_texts(make(), monospace=False)
    assert not re.search(r"\d\.\d", prose), "a decimal point on a French page"
    english = set(re.findall(r"[^\W\d_]+", prose.lower())) & ENGLISH_WORDS
    assert not english, f"English words on a French page: {sorted(english)}"
    assert not re.search(r"\w [:;?!%]", prose), "French puts a narrow no-break space before : ; ? ! %"


@pytest.mark.parametrize(
    "options, words",
    [
        (["worksheet", "--lesson", "9"], "no lesson 09; the lessons are 07"),
        (["worksheet", "--lesson", "three"], "--lesson must be a lesson number"),
        (["key"], "needs --lesson"),
        (["assessment", "--lesson", "12"], "no assessment for lesson 12"),
        (["worksheet", "--lesson", "7", "--lang", "de"], "invalid choice: 'de'"),
    ],
)
def test_bad_lessons_and_languages_end_with_one_line(options, words, tmp_path, capsys):
    status, _, err = run(["print", *options, "--notebooks", FIXTURE, "--out", tmp_path / "x.pdf"], capsys)
    assert status == 2 and words in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "x.pdf").exists()
