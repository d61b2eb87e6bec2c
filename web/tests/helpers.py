"""What the browser tests share: the command line to compare with, the puzzles they enter,
and the page's controls driven as a user drives them."""

import os
import subprocess
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CLI = os.environ.get("SUDOKU_DLX_BIN", str(REPO / "target" / "release-tests" / "sudoku-dlx"))

HARD = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
SOLVED = "417369825632158947958724316825437169791586432346912758289643571573291684164875293"
FOUR = "12.. ..12 .... ...."  # 12 solutions
SPARSE = ".....6....59.....82....8....45........3........6..3.54...325..6.................."
KILLER = (REPO / "docs" / "examples" / "killer.json").read_text()
# A published puzzle with thermometers, dots, quadruples, little killers and even cells.
PUBLISHED = (REPO / "tests" / "variants" / "published.ndjson").read_text().splitlines()[0]
# SudokuPad's own zipped document (as in the engine's docs): a 4x4 with one cage.
SUDOKUPAD = "https://sudokupad.app/scl{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],ca:[{ce:[[3,2],[3,3]],v:7}]}"
BROKEN_LINK = "https://f-puzzles.com/?load=N4IgzglgXgpiBcBOAtDgbQ"
# ISS's "Thermo" example (sigh's Interactive Sudoku Solver, data/example_puzzles.js) as its
# share link carries it, and a string with a constraint type the engine lacks.
ISS = (
    "https://sigh.github.io/Interactive-Sudoku-Solver/?q=.~R1C2_4~R1C8_1~R2C1_2~R2C9_6~R8C1_9"
    "~R8C9_2~R9C2_1~R9C8_9.Thermo~R9C4~R8C3~R7C2~R6C1~R5C2~R4C3.Thermo~R4C1~R3C2~R2C3~R1C4"
    "~R2C5~R3C6.Thermo~R1C6~R2C7~R3C8~R4C9~R5C8~R6C7.Thermo~R6C9~R7C8~R8C7~R9C6~R8C5~R7C4"
)
ISS_REFUSED = ".Shape~4x4.AntiKnight.NFA~abc~R1C1"
# Norvig's hard puzzle (HARD) as a site prints it, then as the Sudoku Players' Forum does
# (`*` corners, cells without spaces): docs/examples/ruled.txt, which the CLI's tests read too.
RULED = (REPO / "docs" / "examples" / "ruled.txt").read_text()
FRAMED, FORUM = ("\n".join(part.splitlines()[1:]) + "\n" for part in RULED.split("\n\n"))


def cli(*args, stdin=None):
    """The command line's standard output and standard error for `args`."""
    done = subprocess.run([CLI, *args], input=stdin, capture_output=True, text=True, timeout=120)
    return done.stdout.strip(), done.stderr


def enter(page, text):
    page.fill("[data-testid=puzzle]", text)


def press(page, testid, timeout=60_000):
    """Clicks a button and waits for its answer; returns the result's text."""
    page.click(f"[data-testid={testid}]")
    page.wait_for_function("!document.body.classList.contains('busy')", timeout=timeout)
    return page.inner_text("[data-testid=result]")


def count(page, selector):
    return page.locator(selector).count()


def set_generate(page, size="9", symmetry="none", difficulty="", rules="", seed=""):
    """Sets every option of Generate (an empty difficulty is any; empty rules, classic)."""
    page.select_option("[data-testid=gen-size]", size)
    page.select_option("[data-testid=gen-symmetry]", symmetry)
    page.select_option("[data-testid=gen-difficulty]", difficulty)
    page.fill("[data-testid=gen-rules]", rules)
    page.fill("[data-testid=gen-seed]", seed)


def start_a_long_generate(page):
    """Starts a Generate that runs far longer than a test waits: a 16x16 puzzle of the
    `expert` level, grid after grid carved and rated, few of them expert (natively, seed 1
    drew 181 grids in 20 s without finding one)."""
    set_generate(page, size="16", difficulty="expert", seed="1")
    page.click("[data-testid=generate]")
