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


# --- what each exercise reads, printed above it on the worksheet

# The exercises that read a table, a picture or a rule on the lesson's page, and the kinds of
# material their worksheet prints (from the cells tagged worksheet-material-N); every other
# exercise of every lesson reads nothing from the page (it is computed, or stated in its question).
MATERIAL = {
    ("01", 1): {"markdown", "table", "picture"},  # the actions and the lock; the board at set-up
    ("02", 4): {"picture"},  # the 22 pentahexes, by name
    ("03", 2): {"table"},  # the first-player advantage of section 3
    ("04", 1): {"table"},  # each card's placements
    ("04", 2): {"markdown", "table"},  # the formula of section 2; each card's rim
    ("04", 5): {"table", "picture"},  # the objectives and the icons on their backs; the rates by type
    ("05", 3): {"table"},  # the table "type by type"
    ("05", 4): {"table"},  # the paired interval of section 6
    ("06", 1): {"table"},  # the table of section 5
    ("06", 2): {"picture"},  # the chessboard colouring
    ("07", 2): {"table", "picture"},  # what search scored against greedy; the ladder
    ("07", 3): {"table"},  # the first-player advantages under each rule fix
}


def in_order(words: list[str], printed: list[str]) -> bool:
    """``words`` stand in ``printed`` in this order (a wrapped cell shares its lines with its row's others)."""
    remaining = iter(printed)
    return all(word in remaining for word in words)


def material_kinds(exercise) -> set[str]:
    kinds = {material.kind for material in exercise.material}
    if any(kind == "table" for kind, _ in _markdown_blocks(exercise)):
        kinds.add("table")
    return kinds


def _markdown_blocks(exercise):
    return [
        block
        for material in exercise.material
        if material.kind == "markdown"
        for block in lesson_pages.printed_blocks(material.text)
    ]


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("number", [f"{n:02d}" for n in range(1, 8)])
def test_each_exercise_that_reads_the_page_has_its_material_and_no_other(number, language):
    lesson = lesson_pages.read_lesson(LESSONS, number, language)
    kinds = {(number, e.number): material_kinds(e) for e in lesson.exercises if e.material}
    assert kinds == {key: value for key, value in MATERIAL.items() if key[0] == number}


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("number", sorted({lesson for lesson, _ in MATERIAL}))
def test_the_worksheet_prints_each_table_and_picture_an_exercise_reads_above_its_question(number, language):
    lesson = lesson_pages.read_lesson(LESSONS, number, language)
    pages = lesson_pages.worksheet_pages(LESSONS, number, language)
    printed = [t.get_text() for page in pages for ax in page.axes for t in ax.texts]
    pictures = sum(len(ax.images) for page in pages for ax in page.axes)
    assert pictures == sum(len(e.pictures) for e in lesson.exercises) + sum(
        material.kind == "picture" for e in lesson.exercises for material in e.material
    )
    for exercise in lesson.exercises:
        if not exercise.material:
            continue
        heading = printed.index(exercise.heading)
        first_words_printed = lesson_pages.printed_blocks(exercise.question)[0][1][:15]
        question = next(i for i, text in enumerate(printed) if i > heading and text.startswith(first_words_printed))
        between = printed[heading:question]
        for material in exercise.material:
            for row in material.rows:  # every cell of a table, as the lesson shows it (perhaps wrapped)
                for cell in filter(None, row):
                    assert cell in between or in_order(cell.split(), " ".join(between).split()), (
                        f"exercise {exercise.number}: {cell!r} is not printed above it"
                    )


@pytest.mark.parametrize(
    ("language", "readings"),
    [("en", ["0.46", "0.35", "all symbols"]), ("fr", ["0,46", "0,35", "tous les symboles"])],
)
def test_lesson_05_exercise_3_can_be_done_from_the_worksheet(language, readings):
    """The table "type by type" its question names, with the two means the exercise subtracts, its rows
    named as the question names them."""
    pages = lesson_pages.worksheet_pages(LESSONS, 5, language)
    printed = [t.get_text() for page in pages for ax in page.axes for t in ax.texts]
    heading = printed.index({"en": "Exercise 3 (medium)", "fr": "Exercice 3 (intermédiaire)"}[language])
    following = printed.index({"en": "Exercise 4 (stretch)", "fr": "Exercice 4 (approfondissement)"}[language])
    assert all(reading in printed[heading:following] for reading in readings)


def test_the_french_lessons_tag_the_same_material_as_the_english_ones():
    for english in sorted(LESSONS.glob("[0-9][0-9]_*.ipynb")):
        french = next((LESSONS / "fr").glob(f"{english.name[:2]}_*.ipynb"))
        tagged = []
        for path in (english, french):
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
            tagged.append(
                [
                    (cell["cell_type"], tag, "".join(cell["source"]) if cell["cell_type"] == "code" else "")
                    for cell in cells
                    for tag in cell.get("metadata", {}).get("tags", [])
                    if tag.startswith("worksheet-material")
                ]
            )
        assert tagged[0] == tagged[1], english.name


def fixture_with_tag(tmp_path, tag: str, below_heading: bool) -> Path:
    """The fixture lesson 07 with ``tag`` on a code cell above (or below) exercise 1's heading."""
    notebook = json.loads((FIXTURE / "07_fixture.ipynb").read_text(encoding="utf-8"))
    headings = [i for i, c in enumerate(notebook["cells"]) if "".join(c["source"]).startswith("#### Exercise 1")]
    code = [i for i, c in enumerate(notebook["cells"]) if c["cell_type"] == "code"]
    index = next(i for i in code if i > headings[0]) if below_heading else max(i for i in code if i < headings[0])
    notebook["cells"][index].setdefault("metadata", {})["tags"] = [tag]
    (tmp_path / "07_fixture.ipynb").write_text(json.dumps(notebook), encoding="utf-8")
    return tmp_path


def test_material_tagged_below_its_exercise_is_refused(tmp_path):
    folder = fixture_with_tag(tmp_path, "worksheet-material-1", below_heading=True)
    with pytest.raises(ValueError, match="worksheet-material-1 but stands below the exercise's heading"):
        lesson_pages.read_lesson(folder, 7)


def test_material_for_an_exercise_the_lesson_lacks_is_refused(tmp_path):
    folder = fixture_with_tag(tmp_path, "worksheet-material-9", below_heading=False)
    with pytest.raises(ValueError, match="tags material for exercise 9, which it does not have"):
        lesson_pages.read_lesson(folder, 7)


def test_a_markdown_table_is_printed_as_a_table():
    text = "Actions:\n\n| action | notation |\n|---|---|\n| **place** | `L(1,0)` |\n\nThen."
    assert lesson_pages.printed_blocks(text) == [
        ("text", "Actions:"),
        ("table", "| action | notation |\n| **place** | `L(1,0)` |"),
        ("text", "Then."),
    ]
