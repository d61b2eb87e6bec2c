"""The main views of the page as PNG pictures: into the folder SUDOKU_DLX_SCREENSHOTS names
(`scripts/web screenshots` names docs/web/), else into a temporary folder."""

import os
from pathlib import Path

import pytest

from helpers import HARD, KILLER, PUBLISHED, enter, press

VIEWS = ["solved", "witness", "killer", "variant-candidates", "generated"]


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
    page.select_option("[data-testid=gen-symmetry]", "rot90")
    page.select_option("[data-testid=gen-difficulty]", "hard")
    page.fill("[data-testid=gen-seed]", "3")
    press(page, "generate")
    shoot(page, folder, "generated")
    assert {p.stem for p in folder.glob("*.png")} >= set(VIEWS)
