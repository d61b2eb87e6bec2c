"""The main views of the page as PNG pictures: into the folder SUDOKU_DLX_SCREENSHOTS names
(`scripts/web screenshots` names docs/web/), else into a temporary folder."""

import os
from pathlib import Path

import pytest

from helpers import FRAMED, HARD, KILLER, PUBLISHED, enter, press, set_generate, start_a_long_generate

VIEWS = [
    "solved",
    "witness",
    "killer",
    "variant-candidates",
    "generated",
    "ruled",
    "generated-killer",
    "generate-progress",
]


@pytest.fixture
def folder(tmp_path):
    named = os.environ.get("SUDOKU_DLX_SCREENSHOTS")
    folder = Path(named) if named else tmp_path
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def shoot(page, folder, name):
    path = folder / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_screenshots(page, folder):
    page.set_viewport_size({"width": 1000, "height": 640})
    enter(page, HARD)
    press(page, "solve")
    shoot(page, folder, "solved")
    enter(page, "." + HARD[1:].replace("8", ".", 1))
    assert press(page, "check") == "multiple"
    shoot(page, folder, "witness")
    enter(page, KILLER)
    press(page, "solve")
    shoot(page, folder, "killer")
    enter(page, PUBLISHED)
    press(page, "candidates")
    shoot(page, folder, "variant-candidates")
    set_generate(page, symmetry="rot90", difficulty="hard", seed="3")
    press(page, "generate")
    shoot(page, folder, "generated")
    enter(page, FRAMED)
    press(page, "solve")
    shoot(page, folder, "ruled")
    set_generate(page, rules="killer", seed="4")
    press(page, "generate")
    shoot(page, folder, "generated-killer")
    # A long Generate, caught while it runs.
    start_a_long_generate(page)
    page.wait_for_function(
        "/grid [2-9]/.test(document.querySelector('[data-testid=progress]').textContent)", timeout=30_000
    )
    shoot(page, folder, "generate-progress")
    page.click("[data-testid=cancel]")
    assert {p.stem for p in folder.glob("*.png")} >= set(VIEWS)
