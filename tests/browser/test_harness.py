"""The harness itself, proven on a small widget notebook in a real JupyterLab.

The notebook holds what the kit's boards are made of: an ipywidgets Button that
updates a Label, and an ipympl figure whose mouse and key handlers update
Labels.  If these tests pass, the front end, the widget comms and the canvas
events all work on this machine, and the helpers find and drive them.
"""

from __future__ import annotations

import re

import pytest

from .lab_driver import NotebookError

pytestmark = pytest.mark.browser

WIDGET_NOTEBOOK = [
    "%matplotlib widget\nimport ipywidgets as widgets\nimport matplotlib.pyplot as plt",
    # A button that counts its clicks in a label.
    "clicks = widgets.Label('clicks: 0')\n"
    "clicks.add_class('xh-test-clicks')\n"
    "button = widgets.Button(description='Press me')\n"
    "button.add_class('xh-test-button')\n"
    "def on_press(_):\n"
    "    clicks.value = f\"clicks: {int(clicks.value.split(': ')[1]) + 1}\"\n"
    "button.on_click(on_press)",
    # The kinds of choices the boards offer: an action and an animal.
    "action = widgets.ToggleButtons(options=['place', 'switch', 'move'])\n"
    "action.add_class('xh-test-action')\n"
    "animal = widgets.Dropdown(options=['Lizard', 'Bird', 'Monkey'])\n"
    "animal.add_class('xh-test-animal')\n"
    "choice = widgets.Label()\n"
    "choice.add_class('xh-test-choice')\n"
    "def show_choice(_=None):\n"
    "    choice.value = f'{action.value} {animal.value}'\n"
    "show_choice()\n"
    "action.observe(show_choice, 'value')\n"
    "animal.observe(show_choice, 'value')",
    # A clickable figure, shown only inside the layout (hence plt.ioff()).
    "with plt.ioff():\n"
    "    fig, ax = plt.subplots(figsize=(4, 3))\n"
    "ax.set_xlim(0, 10)\n"
    "ax.set_ylim(0, 10)\n"
    "ax.grid(True)\n"
    "fig.canvas.add_class('xh-test-board')\n"
    "fig.canvas.header_visible = False\n"
    "where = widgets.Label('canvas: none')\n"
    "where.add_class('xh-test-where')\n"
    "keys = widgets.Label('key: none')\n"
    "keys.add_class('xh-test-key')\n"
    "def on_canvas_press(event):\n"
    "    if event.inaxes is ax:\n"
    "        where.value = f'canvas: {event.xdata:.0f},{event.ydata:.0f}'\n"
    "        ax.plot([event.xdata], [event.ydata], 'o', color='crimson')\n"
    "        fig.canvas.draw_idle()\n"
    "    else:\n"
    "        where.value = 'canvas: outside the axes'\n"
    "def on_key(event):\n"
    "    keys.value = f'key: {event.key}'\n"
    "fig.canvas.mpl_connect('button_press_event', on_canvas_press)\n"
    "fig.canvas.mpl_connect('key_press_event', on_key)\n"
    "app = widgets.VBox([button, clicks, action, animal, choice, fig.canvas, where, keys])\n"
    "app.add_class('xh-test-app')\n"
    "app",
    # The same panel twice, as a lesson may show two copies of an app.
    "def panel(name):\n"
    "    label = widgets.Label(name)\n"
    "    label.add_class('xh-test-name')\n"
    "    box = widgets.VBox([label])\n"
    "    box.add_class('xh-test-panel')\n"
    "    return box\n"
    "widgets.HBox([panel('first'), panel('second')])",
]


def test_clicks_keys_and_choices_reach_the_kernel(lab, lab_server):
    lab_server.add_notebook("harness_widgets.ipynb", WIDGET_NOTEBOOK)
    lab.open_notebook("harness_widgets.ipynb")
    lab.run_all_cells()
    lab.expect_text("xh-test-clicks", "clicks: 0", exact=True)
    lab.screenshot("before")

    lab.click("xh-test-button")
    lab.expect_text("xh-test-clicks", "clicks: 1", exact=True)
    lab.click("xh-test-button")
    lab.expect_text("xh-test-clicks", "clicks: 2", exact=True)

    lab.expect_text("xh-test-choice", "place Lizard", exact=True)
    lab.choose("xh-test-action", "switch")
    lab.choose("xh-test-animal", "Monkey")
    lab.expect_text("xh-test-choice", "switch Monkey", exact=True)

    # Data point (7, 2) and its mirror (2, 7): catches a flipped y axis.
    empty_board = lab.canvas_image("xh-test-board")
    lab.click_canvas_at(7, 2, figure="fig", within="xh-test-board")
    lab.expect_text("xh-test-where", "canvas: 7,2", exact=True)
    lab.expect_canvas_change(empty_board, "xh-test-board")  # the dot is drawn
    lab.click_canvas_at(2, 7, figure="fig", within="xh-test-board")
    lab.expect_text("xh-test-where", "canvas: 2,7", exact=True)
    # Canvas fractions from the top-left, as the apps compute them for a cell.
    lab.click_canvas_where(
        "(lambda px, py: (px / fig.bbox.width, 1 - py / fig.bbox.height))(*ax.transData.transform((3, 8)))",
        within="xh-test-board",
    )
    lab.expect_text("xh-test-where", "canvas: 3,8", exact=True)
    # The lower left corner of the figure lies outside the axes.
    lab.click_canvas(0.02, 0.98, within="xh-test-board")
    lab.expect_text("xh-test-where", "canvas: outside the axes", exact=True)

    # ipympl's toolbar (upper left, shown on hover) would swallow this click.
    with pytest.raises(AssertionError, match="ipympl's toolbar covers the canvas"):
        lab.click_canvas(0.02, 0.1, within="xh-test-board")
    assert lab.text("xh-test-where") == "canvas: outside the axes"

    lab.press_on_canvas("r", within="xh-test-board")
    lab.expect_text("xh-test-key", "key: r", exact=True)

    # The page and the kernel agree, both ways.
    assert lab.python("(clicks.value, action.value, animal.value)") == ["clicks: 2", "switch", "Monkey"]
    assert lab.python("[len(line.get_xdata()) for line in ax.lines]") == [1, 1, 1]
    lab.execute("button.click()\nanimal.value = 'Bird'")
    lab.expect_text("xh-test-clicks", "clicks: 3", exact=True)
    lab.expect_text("xh-test-choice", "switch Bird", exact=True)

    shot = lab.screenshot("app", target="xh-test-app")
    assert shot.stat().st_size > 1000

    # Two copies of a widget: scope the helpers to one of them.
    assert lab.scope("xh-test-panel", nth=1).text("xh-test-name") == "second"
    assert lab.scope("xh-test-panel").text("xh-test-name") == "first"
    with pytest.raises(Exception, match="strict mode violation"):  # Playwright's Error
        lab.text("xh-test-name")


def test_a_failing_cell_is_reported_with_its_traceback(lab, lab_server):
    lab_server.add_notebook(
        "harness_failing.ipynb",
        [
            "x = 1",
            "raise ValueError('the lesson broke here')",
            "y = 2",
        ],
    )
    lab.open_notebook("harness_failing.ipynb")
    with pytest.raises(NotebookError, match=re.escape("ValueError: the lesson broke here")):
        lab.run_all_cells()
    assert lab.python("x") == 1
    with pytest.raises(NotebookError, match="NameError"):
        lab.python("y")  # the cell after the failure never ran
    with pytest.raises(NotebookError, match="ZeroDivisionError"):
        lab.execute("x = 1 / 0")
