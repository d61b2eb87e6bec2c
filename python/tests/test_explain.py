"""Human-style logic from Python: explain and hint, on grids and on pencil marks."""

import pytest

import sudoku_dlx

# Sudoku Explainer's serate rates it 3.4: its hardest step is a hidden pair.
HIDDEN_PAIR = "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6....."


def test_a_path_replays_to_its_solution():
    path = sudoku_dlx.explain(HIDDEN_PAIR)
    assert path.end == "solved"
    cells = list(HIDDEN_PAIR)
    for step in path:
        for placed in step.placed:
            cell, value = placed.split("=")
            row, col = int(cell[1]), int(cell[3])
            assert cells[(row - 1) * 9 + col - 1] == "."
            cells[(row - 1) * 9 + col - 1] = value
    assert "".join(cells) == path.solution == sudoku_dlx.solve(HIDDEN_PAIR)


def test_the_path_is_a_sequence_of_steps():
    path = sudoku_dlx.explain(HIDDEN_PAIR)
    assert len(path) == len(path.steps) == len(list(path))
    assert path[-1].text == path.steps[-1].text
    with pytest.raises(IndexError):
        path[len(path)]
    assert max(step.difficulty for step in path) == path.difficulty == 3.4


def pencil_marks(puzzle):
    """The 729-character pencil marks of a 9x9 puzzle: each open cell's digits that no peer
    holds, each given alone."""
    def peers(i):
        r, c = divmod(i, 9)
        return {j for j in range(81) if j != i and (j // 9 == r or j % 9 == c or (j // 27, j % 9 // 3) == (r // 3, c // 3))}
    text = ""
    for i, ch in enumerate(puzzle):
        seen = {puzzle[j] for j in peers(i)}
        digits = {ch} if ch != "." else {str(d) for d in range(1, 10)} - seen
        text += "".join(str(d) if str(d) in digits else "." for d in range(1, 10))
    return text


def test_rows_strings_and_pencil_marks_give_the_same_hint():
    rows = [[int(c) if c != "." else 0 for c in HIDDEN_PAIR[r * 9:(r + 1) * 9]] for r in range(9)]
    expected = sudoku_dlx.hint(HIDDEN_PAIR)
    assert sudoku_dlx.hint(rows).text == expected.text
    assert sudoku_dlx.hint(pencil_marks(HIDDEN_PAIR)).text == expected.text
    assert sudoku_dlx.explain(pencil_marks(HIDDEN_PAIR)).solution == sudoku_dlx.solve(HIDDEN_PAIR)


def test_a_stuck_path_gives_its_pencil_marks_and_they_read_back():
    two = "." * 81
    path = sudoku_dlx.explain(two)
    assert path.end == "stuck" and len(path.stuck) == 729
    assert sudoku_dlx.explain(path.stuck).end == "stuck"
    assert sudoku_dlx.hint(path.stuck) is None


def test_a_grid_that_contradicts_itself_is_an_error_that_says_where():
    with pytest.raises(ValueError, match="r1c4"):
        sudoku_dlx.hint("123. .... ...4 ....")


def test_bad_pencil_marks_are_refused():
    bad = "2" + "." * 728
    with pytest.raises(ValueError, match="pencil marks"):
        sudoku_dlx.hint(bad)
