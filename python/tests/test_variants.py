"""Variant puzzles from Python: f-puzzles documents (a JSON string or a dict) and boards with
rules= and regions=, through every question, with errors that say where and why."""

import json
from itertools import islice

import pytest

import sudoku_dlx
from conftest import REPO

KNOWN = REPO / "tests" / "variants" / "known.ndjson"
KILLER = REPO / "docs" / "examples" / "killer.json"
KILLER_SOLUTION = "648792315597143268213685497986431572132857946754269831475326189821974653369518724"

# The jigsaw of docs/variants.md: one character per cell names its region.
JIGSAW_REGIONS = "100015242001111222000311222330432541343435855343446555666677885666477888767777888"
JIGSAW = "....9...............3....9....4....2........6.5.....31..5..6....2..7....3...1...4"

EMPTY4 = '{"size":4,"grid":[[{},{},{},{}],[{},{},{},{}],[{},{},{},{}],[{},{},{},{}]]'


def known():
    """The family, document and solution of each puzzle of the Rust tests' known set."""
    documents = KNOWN.read_text().splitlines()
    families = (REPO / "tests" / "variants" / "known.solutions").read_text().splitlines()
    return [(line.split("\t")[0], doc, line.split("\t")[1]) for doc, line in zip(documents, families)]


def rows_of(text, n=9):
    return [[int(c, 36) if c not in "._0" else 0 for c in text[r * n : r * n + n]] for r in range(n)]


def failure(call):
    with pytest.raises(sudoku_dlx.InvalidBoard) as caught:
        call()
    return caught.value


@pytest.mark.parametrize("family,document,solution", known(), ids=[f for f, _, _ in known()])
def test_every_family_of_the_known_set_solves_to_its_solution(family, document, solution):
    assert sudoku_dlx.solve(document) == solution
    assert sudoku_dlx.verdict(document) == "unique"
    assert sudoku_dlx.is_unique(document)
    assert sudoku_dlx.count(document) == 1
    assert [sudoku_dlx.solve(json.loads(document))] == [rows_of(solution)]


def test_the_thermometer_and_killer_puzzles_are_in_the_known_set():
    families = {family for family, _, _ in known()}
    assert {"thermo", "killer", "jigsaw", "arrow", "kropki", "xv"} <= families


def test_solve_many_keeps_the_order_of_variants_and_classic_boards():
    documents = [doc for _, doc, _ in known()]
    boards = documents + ["." * 16] + [json.loads(documents[0])]
    answers = sudoku_dlx.solve_many(boards, jobs=2)
    assert answers[: len(documents)] == [solution for _, _, solution in known()]
    assert answers[len(documents)] == "1234341221434321"
    assert answers[-1] == rows_of(known()[0][2])


def test_a_killer_from_a_setters_file_as_text_and_as_a_dict():
    text = KILLER.read_text()
    assert sudoku_dlx.solve(text) == KILLER_SOLUTION
    document = json.loads(text)
    assert sudoku_dlx.solve(document) == rows_of(KILLER_SOLUTION)
    assert sudoku_dlx.verdict(document) == "unique"
    # The dict is read, not changed.
    assert document == json.loads(text)


def test_a_jigsaw_from_rules_and_regions_in_every_board_form():
    assert sudoku_dlx.solve(JIGSAW, regions=JIGSAW_REGIONS) == KILLER_SOLUTION
    assert sudoku_dlx.solve(rows_of(JIGSAW), regions=rows_of(JIGSAW_REGIONS)) == rows_of(KILLER_SOLUTION)
    assert sudoku_dlx.verdict(JIGSAW, regions=JIGSAW_REGIONS) == "unique"
    # Without its regions it is another puzzle.
    assert sudoku_dlx.solve(JIGSAW) != KILLER_SOLUTION


def test_a_jigsaw_may_repeat_a_digit_in_a_box():
    regions = "aaab cadb cddb ccdb"
    solution = "1234" "2413" "4321" "3142"
    # The solution less its first row: its boxes repeat digits, its regions do not.
    puzzle = "...." + solution[4:]
    error = failure(lambda: sudoku_dlx.solve(puzzle))
    assert "twice in box" in error.reason
    assert sudoku_dlx.solve(puzzle, regions=regions) == solution
    assert sudoku_dlx.solve("\n".join([puzzle[:4], puzzle[4:8], puzzle[8:12], puzzle[12:]]), regions=regions) == solution
    assert sudoku_dlx.solve(rows_of(puzzle, 4), regions=regions) == rows_of(solution, 4)
    assert sudoku_dlx.verdict(puzzle, regions=regions) == "unique"
    # Rows and columns are still checked.
    error = failure(lambda: sudoku_dlx.solve("1.1" + "." * 13, regions=regions))
    assert (error.digit, error.cells) == (1, [(1, 1), (1, 3)])
    error = failure(lambda: sudoku_dlx.solve(rows_of("1..." "...." "1..." "....", 4), regions=regions))
    assert (error.digit, error.cells) == (1, [(1, 1), (3, 1)])


def test_rules_by_name_as_a_string_or_a_list():
    assert sudoku_dlx.count("." * 16, rules="x") == 48
    assert sudoku_dlx.count("." * 16, rules=["diagonal+", "diagonal-"]) == 48
    assert sudoku_dlx.count("." * 16, rules="diagonal+, diagonal-") == 48
    assert sudoku_dlx.count("." * 16, regions="aaab cadb cddb ccdb") == 96
    assert sudoku_dlx.count("." * 81, rules="anti-knight,anti-king", limit=5) == 5
    answer = sudoku_dlx.solve([[0] * 9] * 9, rules="x")
    assert [answer[i][i] for i in range(9)] != [answer[0][0]] * 9
    assert sorted(answer[i][i] for i in range(9)) == list(range(1, 10))
    assert sorted(answer[i][8 - i] for i in range(9)) == list(range(1, 10))


def test_the_lazy_iterator_and_the_solver_class_take_variants():
    first = list(islice(sudoku_dlx.solutions(EMPTY4 + ',"diagonal+":true}'), 3))
    assert len(first) == 3 and len(set(first)) == 3
    assert len(list(sudoku_dlx.solutions("." * 16, rules="x"))) == 48
    solver = sudoku_dlx.Solver()
    assert solver.solve(KILLER.read_text()) == KILLER_SOLUTION
    assert solver.stats.searched and solver.stats.nodes > 0
    assert solver.count("." * 16, rules="x") == 48
    assert solver.verdict("." * 16, rules="x") == "multiple"
    assert not solver.is_unique("." * 16, rules="x")


def test_an_unsupported_constraint_is_an_error_that_names_it():
    document = EMPTY4 + ',"sumdot":[{"cells":["R1C1","R1C2"],"value":"3"}]}'
    error = failure(lambda: sudoku_dlx.solve(document))
    assert str(error) == 'unsupported constraint "sumdot"'
    assert isinstance(error, ValueError)
    error = failure(lambda: sudoku_dlx.count(json.loads(document)))
    assert "sumdot" in error.reason


def test_bad_documents_say_where_and_why():
    error = failure(lambda: sudoku_dlx.solve(EMPTY4 + ',"killercage":[{"cells":["R1C1","R0C2"],"value":"3"}]}'))
    assert error.path == "killercage[0].cells[1]"
    assert str(error) == 'killercage[0].cells[1]: expected a cell R1C1 to R4C4, found "R0C2"'
    error = failure(lambda: sudoku_dlx.solve('{"size":4,\n  "grid": [}'))
    assert (error.line, error.column) == (2, 12)
    assert str(error).startswith("line 2, column 12: broken JSON")
    error = failure(lambda: sudoku_dlx.solve({"size": 4, "grid": [[]]}))
    assert (error.path, error.reason) == ("grid", "expected 4 rows")
    # Sums that share a cell are answered (this one has no grid).
    overlapping = ',"killercage":[{"cells":["R1C1","R1C2"],"value":"3"}],"arrow":[{"cells":["R2C2"],"lines":[["R2C2","R1C2"]]}]}'
    assert sudoku_dlx.count(EMPTY4 + overlapping) == 0
    error = failure(lambda: sudoku_dlx.solve({"size": 4, "grid": set()}))
    assert "cannot be written as JSON" in str(error)


def test_sudokupad_links_read_and_short_ids_are_refused():
    # SudokuPad's zipped JSON after scl (links compress it; SudokuPad reads it plain too).
    link = 'https://sudokupad.app/scl{ce:[[{v:1},,,],[,,,],[,,,],[,,,]],ca:[{ce:[[3,2],[3,3]],v:7}],global:["diagonal-"]}'
    assert sudoku_dlx.count(link) == 2
    assert sudoku_dlx.count("https://sudokupad.app/classicsIFrev0quIs0pAGDHPqBs0") == 1
    error = failure(lambda: sudoku_dlx.solve("https://sudokupad.app/sudoku/BLLGjtrb4P"))
    assert "needs a network lookup" in str(error)
    error = failure(lambda: sudoku_dlx.solve("https://sudokupad.app/scl{ce:[[,,,],[,,,],[,,,],[,,,]],l:[{wp:[[0,0],[1,1]]}]}"))
    assert "draws lines (1)" in str(error)


def test_interactive_sudoku_solver_strings_read_and_refusals_have_the_column():
    # sigh's Interactive Sudoku Solver: its constraint string, and its share link.
    diagonals = ".Shape~4x4.Diagonal~1.Diagonal~-1"
    assert sudoku_dlx.count(diagonals) == 48
    link = "https://sigh.github.io/Interactive-Sudoku-Solver/?q=" + diagonals + ".~R1C1_1"
    assert sudoku_dlx.count(link) == 12
    error = failure(lambda: sudoku_dlx.solve(".Shape~4x4.AntiKnight.NFA~abc~R1C1"))
    assert (error.column, error.reason) == (22, "ISS constraint NFA: not supported by this engine")
    assert str(error) == "column 22: ISS constraint NFA: not supported by this engine"


def test_bad_rules_and_regions_say_why():
    error = failure(lambda: sudoku_dlx.count("." * 16, rules="x,sandwich"))
    assert 'unknown rule "sandwich"' in str(error) and "anti-knight" in str(error)
    assert "not int" in str(failure(lambda: sudoku_dlx.count("." * 16, rules=3)))
    assert str(failure(lambda: sudoku_dlx.count("." * 16, regions="aaab caab ccdb cddd"))) == (
        "region 1 has 5 cells, expected 4"
    )
    assert "not float" in str(failure(lambda: sudoku_dlx.count("." * 16, regions=1.5)))
    # A document carries its own rules and size: arguments beside it are refused, not ignored.
    for arguments in [{"rules": "x"}, {"regions": "aabbaabbccddccdd"}, {"box": (2, 2)}]:
        error = failure(lambda: sudoku_dlx.solve(EMPTY4 + "}", **arguments))
        assert "its own size and rules" in str(error)


def test_solve_many_names_the_bad_variant_or_returns_it_in_place():
    boards = [EMPTY4 + ',"diagonal+":true}', EMPTY4 + ',"sumdot":[{"cells":["R1C1","R1C2"]}]}', "." * 16]
    error = failure(lambda: sudoku_dlx.solve_many(boards))
    assert error.index == 1 and str(error) == 'board 2: unsupported constraint "sumdot"'
    answers = sudoku_dlx.solve_many(boards, errors="return")
    assert isinstance(answers[1], sudoku_dlx.InvalidBoard)
    assert answers[0] is not None and answers[2] == "1234341221434321"
    assert sudoku_dlx.solve_many(["." * 16, "1" + "." * 15], rules="x") == [
        sudoku_dlx.solve("." * 16, rules="x"),
        "1234341243212143",
    ]


# The setter's tools on variants, as the command line has them (`rate`, `check --witness`,
# `redundant`), on the diagonal, jigsaw and killer puzzles of the known set.
SETTER_FAMILIES = ["x", "jigsaw", "killer"]


def document_of(family):
    """The f-puzzles document (a dict) of one family of the known set."""
    return next(json.loads(doc) for name, doc, _ in known() if name == family)


def givens_of(document):
    """The givens of a document as (row, column, digit) from 1, in reading order."""
    return [
        (r + 1, c + 1, cell["value"])
        for r, row in enumerate(document["grid"])
        for c, cell in enumerate(row)
        if cell.get("given")
    ]


def with_grid(document, changes):
    """A copy of `document` with cells set: {(row, column) from 1: digit, or 0 for empty}
    (a cell keeps its other fields, such as its region)."""
    changed = json.loads(json.dumps(document))
    for (row, column), digit in changes.items():
        cell = changed["grid"][row - 1][column - 1]
        cell.pop("value", None)
        cell.pop("given", None)
        if digit:
            cell.update(value=digit, given=True)
    return changed


def loosened(document):
    """`document` without its first given that cannot go alone: a puzzle with several
    solutions. (Not without all its givens: the empty grid of some rules, such as the
    jigsaw's regions, takes the search far longer to solve twice.)"""
    keep = set(sudoku_dlx.redundant(document))
    row, column, _ = next(given for given in givens_of(document) if given not in keep)
    return with_grid(document, {(row, column): 0})


def obeys_the_rules(document, grid):
    """True when the complete `grid` (rows of ints) is a solution of `document`'s rules."""
    n = len(grid)
    full = with_grid(document, {(r + 1, c + 1): grid[r][c] for r in range(n) for c in range(n)})
    return sudoku_dlx.count(full, limit=2) == 1


@pytest.mark.parametrize("family", SETTER_FAMILIES)
def test_rate_answers_a_variant_document_as_a_dict_and_as_json(family):
    document = document_of(family)
    rating = sudoku_dlx.rate(document)
    assert isinstance(rating, sudoku_dlx.Rating)
    assert rating.level in {"easy", "medium", "hard", "expert", "extreme"}
    assert (rating.technique == "search") == (rating.level in {"expert", "extreme"})
    assert sudoku_dlx.rate(json.dumps(document)).score == rating.score
    # The same puzzle loosened until it has several solutions is refused, as by the CLI.
    loose = loosened(document)
    assert sudoku_dlx.count(loose, limit=2) == 2
    with pytest.raises(ValueError, match="several solutions"):
        sudoku_dlx.rate(loose)


@pytest.mark.parametrize("family", SETTER_FAMILIES)
def test_redundant_lists_exactly_the_givens_of_a_variant_that_can_each_go(family):
    document = document_of(family)
    found = sudoku_dlx.redundant(document)
    givens = givens_of(document)
    assert set(found) <= set(givens) and found == sorted(found)
    for row, column, digit in givens:
        without = with_grid(document, {(row, column): 0})
        assert ((row, column, digit) in found) == sudoku_dlx.is_unique(without), (row, column)


@pytest.mark.parametrize("family", SETTER_FAMILIES)
def test_witness_of_a_loosened_variant_gives_two_solutions_of_its_rules(family):
    document = document_of(family)
    assert sudoku_dlx.witness(document) is None
    loose = loosened(document)
    found = sudoku_dlx.witness(loose)
    assert found is not None and found.first != found.second
    assert obeys_the_rules(loose, found.first) and obeys_the_rules(loose, found.second)
    assert found.differing == [
        (r + 1, c + 1) for r in range(9) for c in range(9) if found.first[r][c] != found.second[r][c]
    ]
    row, column, digit = found.suggestion
    assert (row, column) == found.differing[0] and found.first[row - 1][column - 1] == digit
    # A JSON text is answered in strings, as by `solve`.
    assert isinstance(sudoku_dlx.witness(json.dumps(loose)).first, str)


def test_the_setter_tools_take_rules_and_regions():
    assert sudoku_dlx.rate(JIGSAW, regions=JIGSAW_REGIONS).technique in {
        "naked-singles", "hidden-singles", "locked-candidates", "search"}
    assert sudoku_dlx.redundant(JIGSAW, regions=JIGSAW_REGIONS) == []
    assert sudoku_dlx.redundant("1....31...2....4", rules="x") == [(1, 1, 1), (2, 2, 3), (3, 3, 2), (4, 4, 4)]
    # Without the diagonals the same givens leave several solutions.
    assert sudoku_dlx.witness("12......3.......") is not None
    assert sudoku_dlx.witness("12......3.......", rules="x") is None
    x = sudoku_dlx.witness("." * 16, rules="x")
    assert all(sudoku_dlx.is_unique(grid, rules="x") for grid in (x.first, x.second))
    assert sudoku_dlx.witness(rows_of("." * 16, 4), rules="x").first == rows_of(x.first, 4)
    with pytest.raises(sudoku_dlx.InvalidBoard, match="unknown rule"):
        sudoku_dlx.rate("." * 16, rules="sandwich")


def test_the_setter_tools_agree_with_the_command_line():
    # The CLI's answers for the same documents, when it is built (the Spark tests use it too).
    import os
    import subprocess

    binary = os.environ.get("SUDOKU_DLX_BIN", str(REPO / "target" / "release" / "sudoku-dlx"))
    if not os.path.isfile(binary):
        pytest.skip(f"no sudoku-dlx binary at {binary} (build it with cargo build --release)")
    for family in SETTER_FAMILIES:
        text = json.dumps(document_of(family))
        rated = subprocess.run([binary, "rate", "--format", "json", text], capture_output=True, text=True, check=True)
        cli = json.loads(rated.stdout)["rating"]
        rating = sudoku_dlx.rate(text)
        assert cli == {"level": rating.level, "hardest": rating.hardest, "technique": rating.technique,
                       "guesses": rating.guesses, "score": round(rating.score, 2)}, family
        listed = subprocess.run([binary, "redundant", text], capture_output=True, text=True, check=True).stdout.split()
        ours = [f"r{r}c{c}={d}" for r, c, d in sudoku_dlx.redundant(text)] or ["minimal"]
        assert listed == ours, family


def test_an_unknown_key_is_a_warning_and_the_other_rules_are_read():
    import warnings

    document = EMPTY4 + ',"antiknight":true,"killercages":[{"cells":["R1C1","R1C2"],"value":"3"}]}'
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert sudoku_dlx.count(document) == sudoku_dlx.count(EMPTY4 + ',"antiknight":true}')
        assert sudoku_dlx.count(EMPTY4 + ',"killercages":[]}') == 288
    assert [(w.category, str(w.message)) for w in caught] == [
        (UserWarning, 'f-puzzles document: killercages: unknown key, ignored (did you mean "killercage"?)')
    ]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        error = failure(lambda: sudoku_dlx.solve(json.loads(document)))
    assert error.path == "killercages"
    assert "the warnings filter makes this warning an error" in str(error)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        answers = sudoku_dlx.solve_many([document, EMPTY4 + "}"], errors="return")
    assert len(caught) == 1
    assert all(not isinstance(answer, Exception) for answer in answers)


def test_a_solver_on_two_threads_counts_a_long_variant_count_the_same():
    """The empty 6x6 anti-knight grid takes about 176,000 nodes on one thread, past the
    3,000 after which the search hands its untried branches to the other threads."""
    board = "." * 36
    one = sudoku_dlx.Solver().count(board, box=(2, 3), rules="anti-knight")
    two = sudoku_dlx.Solver(threads=2).count(board, box=(2, 3), rules="anti-knight")
    assert one == two == 11520
    with pytest.raises(ValueError, match="threads must be at least 1"):
        sudoku_dlx.Solver(threads=-1)
