"""PolyformExplorer in a real JupyterLab: change the size and kind, pick a form in the gallery.

The size is changed through the page's drop-down, the kind through its toggle
buttons, and a form is picked by clicking its picture in the gallery canvas;
the test checks the caption, the gallery picture and the selected form's panel.
"""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.browser

GALLERY = "xh-gallery-board"
NOTEBOOK = [
    "%matplotlib widget\nfrom xochintlan_hex.widgets import PolyformExplorer",
    "explorer = PolyformExplorer()\nexplorer",
]

# The rows of a canvas's picture that hold anything but white: (first, last, height).
_INKED_ROWS = """
canvas => {
  const {width, height} = canvas;
  const data = canvas.getContext('2d').getImageData(0, 0, width, height).data;
  let first = -1, last = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      if (data[i] < 200 || data[i + 1] < 200 || data[i + 2] < 200) {
        if (first < 0) first = y;
        last = y;
        break;
      }
    }
  }
  return [first, last, height];
}
"""


def expect_a_tight_gallery(lab, timeout: float = 15_000) -> None:
    """The forms fill the gallery canvas from top to bottom (no empty bands above and below
    them), and the note on the symmetry marks sits right under it."""
    picture = lab.widget(GALLERY).locator(".jupyter-matplotlib-canvas-div canvas").first
    # The canvas may be resized, then redrawn: wait for the picture that fills it.
    lab.page.wait_for_function(
        f"canvas => {{ const [first, last, height] = ({_INKED_ROWS})(canvas);"
        "return first >= 0 && (last - first + 1) / height > 0.85; }",
        arg=picture.element_handle(),
        timeout=timeout,
    )
    canvas = picture.bounding_box()
    note = lab.widget("xh-note").bounding_box()
    assert 0 <= note["y"] - (canvas["y"] + canvas["height"]) < 20, (canvas, note)


def test_size_kind_and_a_click_in_the_gallery(lab, lab_server):
    lab_server.add_notebook("explorer.ipynb", NOTEBOOK)
    lab.open_notebook("explorer.ipynb")
    lab.run_all_cells()
    lab.expect_text("xh-caption", "12 free pentominoes", exact=True)
    lab.expect_text("xh-form-name", "Selected: F (pentomino)")
    expect_a_tight_gallery(lab)
    lab.screenshot("pentominoes", target="xh-explorer")
    gallery = lab.canvas_image(GALLERY)
    selected = lab.canvas_image("xh-selected")

    lab.choose("xh-size", "4")
    lab.expect_text("xh-caption", "5 free tetrominoes", exact=True)
    lab.expect_text("xh-form-name", "Selected: I (tetromino)", exact=True)
    gallery = lab.expect_canvas_change(gallery, within=GALLERY)
    selected = lab.expect_canvas_change(selected, within="xh-selected")
    assert lab.python("[form.size for form in explorer.forms]") == [4] * 5

    lab.choose("xh-kind", "one-sided")
    lab.expect_text("xh-caption", "7 one-sided tetrominoes", exact=True)
    gallery = lab.expect_canvas_change(gallery, within=GALLERY)
    expect_a_tight_gallery(lab)  # one row of forms: a short canvas

    # Click the last form's picture: it becomes the selected form.
    last = lab.python("len(explorer.forms) - 1")
    name = lab.python(f"explorer.forms[{last}].name")
    lab.click_canvas_where(f"explorer.form_to_canvas_fraction({last})", within=GALLERY)
    lab.expect_text("xh-form-name", f"Selected: {name} (tetromino)")
    lab.expect_canvas_change(gallery, within=GALLERY)  # the selection is marked in the gallery
    assert lab.python("explorer.selected_index") == last
    # Both pictures can be seen whole, and no text is cut short.
    assert lab.canvas_hidden_edges(GALLERY) == []
    assert lab.canvas_hidden_edges("xh-selected") == []
    assert lab.cut_off_texts("xh-explorer") == []
    lab.screenshot("one-sided-tetrominoes", target="xh-explorer")
    lab.screenshot("gallery", target="xh-gallery")
