"""The page reads what the command line reads (ruled grids of any size, as printed by
`sudoku-dlx --format grid` and by websites), shows the progress of long questions, and
generates variant puzzles whose uniqueness the command line confirms."""

import json
import re

from helpers import (
    FORUM,
    FRAMED,
    HARD,
    SOLVED,
    cli,
    count,
    enter,
    press,
    set_generate,
    start_a_long_generate,
)


def test_a_ruled_nine_by_nine_from_a_website_and_from_the_command_line(page):
    enter(page, FRAMED)
    assert press(page, "solve") == SOLVED
    assert count(page, "#grid text.given") == 17
    # The command line's own grid of the solution reads back as a solved puzzle.
    printed = cli("solve", "--format", "grid", HARD)[0]
    assert "------+-------+------" in printed
    enter(page, printed)
    assert press(page, "check") == "unique"
    assert count(page, "#grid text.given") == 81


def test_a_forum_grid_with_star_corners(page):
    enter(page, FORUM)
    assert press(page, "solve") == SOLVED == cli("solve", "-", stdin=FORUM)[0]


def test_a_ruled_sixteen_by_sixteen_from_the_command_line(page):
    printed = cli("generate", "--box", "4x4", "--seed", "3", "--format", "grid")[0]
    assert printed.startswith("# puzzle 1:") and "--------+---------+" in printed
    enter(page, printed)
    solution = press(page, "solve")
    assert len(solution) == 256
    assert solution == cli("solve", "-", stdin=printed)[0]
    assert count(page, "#grid rect.cell") == 256


def test_a_ruled_grid_with_a_row_too_long_gets_the_command_lines_message(page):
    bad = FRAMED.replace("| 8 . 5 |", "| 8 . 5 6 |", 1)
    shown = press_after(page, bad, "check")
    printed = cli("check", "-", stdin=bad)[0]
    assert printed == "error: <stdin>:2:25: row 1 of the grid has 10 cells, expected 9"
    assert shown == "error: 2:25: row 1 of the grid has 10 cells, expected 9"


def press_after(page, text, testid):
    enter(page, text)
    return press(page, testid)


def progress_figure(page):
    return page.get_attribute("[data-testid=progress]", "data-done")


def test_a_long_generate_shows_its_progress_and_cancel_stops_it(page):
    start_a_long_generate(page)
    page.wait_for_function(
        "document.querySelector('[data-testid=progress]').dataset.done !== undefined", timeout=20_000
    )
    first = progress_figure(page)
    text = page.inner_text("[data-testid=progress]")
    assert re.search(r"grid \d+: \d+ of 256 cells tried", text), text
    assert page.is_visible("[data-testid=progress-bar]")
    assert page.get_attribute("[data-testid=progress-bar]", "max") == "256"
    page.wait_for_function(
        f"document.querySelector('[data-testid=progress]').dataset.done !== '{first}'", timeout=20_000
    )
    assert int(progress_figure(page)) > int(first)
    page.click("[data-testid=cancel]")
    page.wait_for_function("!document.body.classList.contains('busy')", timeout=5_000)
    assert page.inner_text("[data-testid=result]") == "cancelled"
    assert "generate cancelled" in page.inner_text("[data-testid=progress]")
    # The page goes on with a fresh worker.
    enter(page, HARD)
    assert press(page, "solve") == SOLVED


def test_rate_shows_its_steps(page):
    enter(page, HARD)
    assert press(page, "rate") == cli("rate", HARD)[0].split()[0]
    # The last progress heard: the nine counts and the 81 cells of the human path.
    assert page.get_attribute("[data-testid=progress]", "data-total") == "90"


def generate_with_rules(page, rules, size, seed):
    set_generate(page, size=size, rules=rules, seed=seed)
    press(page, "generate", timeout=120_000)
    return page.input_value("[data-testid=puzzle]")


def test_generate_a_killer_and_an_anti_knight_puzzle_unique_by_the_command_line(page):
    document = generate_with_rules(page, "killer", "9", "4")
    cages = json.loads(document)["killercage"]
    assert count(page, "#grid .cage") == len(cages) > 0
    assert "rules killer" in page.inner_text("[data-testid=details]")
    assert cli("check", "-", stdin=document)[0] == "unique"
    page.click("[data-testid=copy-fpuzzles]")
    link = page.get_attribute("[data-testid=copied]", "data-text")
    assert link.startswith("https://f-puzzles.com/?load=")
    assert cli("check", link)[0] == "unique"
    document = generate_with_rules(page, "anti-knight", "6", "2")
    assert json.loads(document)["antiknight"] is True
    assert "anti-knight" in page.inner_text("#rules")
    assert cli("check", "-", stdin=document)[0] == "unique"
    # An unknown rule is refused, not ignored.
    page.fill("[data-testid=gen-rules]", "anti-bishop")
    assert press(page, "generate").startswith('error: rules: unknown rule "anti-bishop"')
