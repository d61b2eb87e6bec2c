"""End-to-end tests of the web page in headless Chromium: enter a puzzle, press the buttons,
read the answers from the page, and compare them with the command line's."""

import json

from helpers import (
    BROKEN_LINK,
    FOUR,
    HARD,
    ISS,
    ISS_REFUSED,
    KILLER,
    PUBLISHED,
    REPO,
    SOLVED,
    SPARSE,
    SUDOKUPAD,
    cli,
    count,
    enter,
    press,
)


def test_solve_a_hard_classic(page):
    enter(page, HARD)
    assert press(page, "solve") == SOLVED
    assert count(page, "#grid text.given") == 17
    assert count(page, "#grid text.solved") == 81 - 17


def test_count_with_and_without_a_cap(page):
    enter(page, FOUR)
    page.fill("[data-testid=cap]", "5")
    assert press(page, "count") == "5+"
    page.fill("[data-testid=cap]", "")
    assert press(page, "count") == "12"
    assert press(page, "count") == cli("count", FOUR)[0]


def test_check_unique_and_multiple_with_the_witness(page):
    enter(page, HARD)
    assert press(page, "check") == "unique"
    enter(page, FOUR)
    assert press(page, "check") == "multiple"
    details = page.inner_text("[data-testid=details]")
    assert "differ at" in details and "rules out the second" in details
    assert count(page, "#grid rect.differing") >= 2
    assert count(page, "#grid rect.suggestion") == 1
    # The given it suggests is the command line's.
    witness = cli("check", "--witness", FOUR)[0]
    suggestion = witness.rsplit("add ", 1)[1]
    assert f"given {suggestion} " in details


def test_true_candidates(page):
    enter(page, FOUR)
    assert press(page, "candidates") == cli("candidates", FOUR)[0]
    assert count(page, "#grid text.candidate") > 0


def test_rate(page):
    enter(page, HARD)
    level = press(page, "rate")
    assert level == cli("rate", HARD)[0].split()[0]
    assert "Hardest technique" in page.inner_text("[data-testid=details]")


def test_generate_then_check(page):
    page.select_option("[data-testid=gen-size]", "9")
    page.select_option("[data-testid=gen-symmetry]", "rot180")
    page.fill("[data-testid=gen-seed]", "7")
    puzzle = press(page, "generate")
    assert len(puzzle) == 81 and page.input_value("[data-testid=puzzle]") == puzzle
    assert count(page, "#grid text.given") == 81 - puzzle.count(".")
    assert press(page, "check") == "unique"
    page.select_option("[data-testid=gen-size]", "6")
    page.select_option("[data-testid=gen-difficulty]", "easy")
    puzzle = press(page, "generate")
    assert len(puzzle) == 36
    assert press(page, "check") == "unique"


def test_a_killer_document_is_drawn_and_solved(page):
    enter(page, KILLER)
    solution = press(page, "solve")
    assert solution == cli("solve", str(REPO / "docs" / "examples" / "killer.json"))[0]
    cages = json.loads(KILLER)["killercage"]
    assert count(page, "#grid .cage") == len(cages)
    assert count(page, "#grid text.cage-sum") == sum(1 for cage in cages if cage.get("value"))
    assert press(page, "check") == "unique"


def test_a_published_variant_is_drawn(page):
    enter(page, PUBLISHED)
    assert press(page, "check") == cli("check", "-", stdin=PUBLISHED)[0]
    document = json.loads(PUBLISHED)
    assert count(page, "#grid circle.bulb") == sum(len(t["lines"]) for t in document["thermometer"])
    assert count(page, "#grid circle.dot") == len(document["difference"]) + len(document["ratio"])
    assert count(page, "#grid circle.quadruple") == len(document["quadruple"])
    assert count(page, "#grid text.littlekillersum") == len(document["littlekillersum"])
    assert count(page, "#grid rect.parity") == len(document["even"])


def test_an_fpuzzles_link_and_a_sudokupad_link(page):
    enter(page, KILLER)
    press(page, "check")
    page.click("[data-testid=copy-fpuzzles]")
    link = page.get_attribute("[data-testid=copied]", "data-text")
    assert link.startswith("https://f-puzzles.com/?load=N4Ig")
    enter(page, link)
    assert press(page, "solve") == cli("solve", str(REPO / "docs" / "examples" / "killer.json"))[0]
    assert count(page, "#grid .cage") == len(json.loads(KILLER)["killercage"])
    enter(page, SUDOKUPAD)
    assert press(page, "count") == cli("count", SUDOKUPAD)[0]
    assert count(page, "#grid .cage") == 1
    assert page.text_content("#grid text.cage-sum") == "7"


def test_an_interactive_sudoku_solver_link(page):
    enter(page, ISS)
    assert press(page, "solve") == cli("solve", ISS)[0]
    assert count(page, "#grid circle.bulb") == 4
    enter(page, ISS_REFUSED)
    shown = press(page, "check")
    printed = cli("check", ISS_REFUSED)[0]
    assert printed == "error: <inline>:1:22: ISS constraint NFA: not supported by this engine"
    assert shown == printed.replace("<inline>:", "", 1)


def test_an_unreadable_link_gets_the_command_lines_message(page):
    enter(page, BROKEN_LINK)
    shown = press(page, "check")
    # The command line reports an unreadable record in its place, on standard output.
    printed = cli("check", BROKEN_LINK)[0]
    assert printed.startswith("error: <inline>:1:1: ")
    assert shown == printed.replace("<inline>:", "", 1)
    assert page.get_attribute("[data-testid=result]", "class") == "error"


def test_cancel_a_long_count(page):
    page.select_option("[data-testid=empty-size]", "9")
    page.click("#empty")
    page.fill("[data-testid=cap]", "")
    page.click("[data-testid=count]")
    page.wait_for_function(
        "document.querySelector('[data-testid=progress]').textContent.includes('solutions so far')",
        timeout=20_000,
    )
    page.click("[data-testid=cancel]")
    page.wait_for_function("!document.body.classList.contains('busy')", timeout=5_000)
    assert page.inner_text("[data-testid=result]") == "cancelled"
    # The page goes on with a fresh worker.
    enter(page, HARD)
    assert press(page, "solve") == SOLVED


def test_keyboard_entry(page):
    page.select_option("[data-testid=empty-size]", "4")
    page.click("#empty")
    page.wait_for_selector("#grid rect.cell[data-cell='0']")
    page.click("#grid rect.cell[data-cell='0']")
    page.keyboard.press("1")
    page.wait_for_function("document.querySelector('[data-testid=puzzle]').value.startsWith('1.')")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("2")
    page.keyboard.press("ArrowDown")
    page.keyboard.press("3")
    page.wait_for_function("document.querySelector('[data-testid=puzzle]').value === '12...3..........'")
    page.keyboard.press("Backspace")
    page.wait_for_function("document.querySelector('[data-testid=puzzle]').value === '12..............'")
    assert press(page, "count") == cli("count", "12..............")[0]


def test_copy_as_line_and_grid(page):
    enter(page, HARD)
    press(page, "solve")
    page.click("[data-testid=copy-line]")
    assert page.get_attribute("[data-testid=copied]", "data-text") == SOLVED
    page.click("[data-testid=copy-grid]")
    grid = page.get_attribute("[data-testid=copied]", "data-text")
    # The command line's box-ruled grid, to the character.
    assert grid == cli("solve", "--format", "grid", HARD)[0]
    # The grid reads back as the same puzzle.
    enter(page, grid)
    assert press(page, "check") == "unique"
    assert page.evaluate("document.querySelectorAll('#grid text.given').length") == 81


def test_large_and_small_sizes(page):
    page.select_option("[data-testid=empty-size]", "16")
    page.click("#empty")
    page.wait_for_selector("#grid rect.cell[data-cell='255']")
    page.click("#grid rect.cell[data-cell='0']")
    page.keyboard.press("g")  # 16
    page.wait_for_function("document.querySelector('[data-testid=puzzle]').value.startsWith('G.')")
    solution = press(page, "solve")
    assert len(solution) == 256 and solution[0] == "G"
    enter(page, "1.2...3.....4.....5....6...1.....2..")
    assert press(page, "count") == cli("count", "1.2...3.....4.....5....6...1.....2..")[0]


def test_a_puzzle_in_the_address(page, url):
    page.goto(f"{url}#{HARD}")
    page.reload()
    page.wait_for_selector("body[data-ready=true]", timeout=20_000)
    assert page.input_value("[data-testid=puzzle]") == HARD
    page.wait_for_function("document.querySelectorAll('#grid text.given').length === 17")


def test_generate_is_reproducible(page):
    page.select_option("[data-testid=gen-size]", "4")
    page.fill("[data-testid=gen-seed]", "11")
    first = press(page, "generate")
    assert press(page, "generate") == first


def test_timings(browser, url):
    """Prints (does not assert) the page's load time and its first solve of a hard 9x9."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.wait_for_selector("body[data-ready=true]", timeout=20_000)
    loaded = page.evaluate("performance.now()")
    steps = page.evaluate("window.sudokuDlxEngine.timings")
    solve = """async (puzzle) => {
        const started = performance.now();
        const answer = await window.sudokuDlxEngine.ask({ op: 'solve', puzzle });
        return [performance.now() - started, answer.result];
    }"""
    first = page.evaluate(solve, HARD)
    second = page.evaluate(solve, HARD)
    counted = page.evaluate(
        """async (puzzle) => {
            const started = performance.now();
            const answer = await window.sudokuDlxEngine.ask({ op: 'count', puzzle, cap: 100000 });
            return [performance.now() - started, answer.result];
        }""",
        SPARSE,
    )
    context.close()
    assert counted[1] == "100000+"
    assert first[1] == SOLVED and second[1] == SOLVED
    print(
        f"\nweb timings: page ready {loaded:.0f} ms after navigation (module fetched at"
        f" {steps['fetched']:.0f} ms, compiled at {steps['compiled']:.0f} ms, worker ready at"
        f" {steps['ready']:.0f} ms); solve of a hard 9x9"
        f" (worker round trip): first {first[0]:.1f} ms, second {second[0]:.1f} ms;"
        f" 100,000 solutions of a sparse 9x9 counted in {counted[0]:.0f} ms"
    )
