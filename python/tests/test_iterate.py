"""The lazy iterator of solutions, the Solver class and its stats, and the setter tools."""

import itertools

import pytest

import sudoku_dlx
from conftest import NORVIG_HARD, WORLDS_HARDEST, is_solution


def test_the_first_solution_of_an_empty_grid_arrives_at_once_and_the_loop_can_stop():
    # The empty 9x9 grid has 6.67e21 solutions: only a lazy search can give the first.
    stream = sudoku_dlx.solutions("." * 81)
    first = next(stream)
    assert is_solution(first, "." * 81)
    assert stream.stats.solutions == 1
    seen = [first]
    for grid in stream:
        seen.append(grid)
        if len(seen) == 5:
            break
    assert len(set(seen)) == 5
    assert stream.stats.solutions == 5, "breaking out of the loop stops the search"


def test_every_solution_is_streamed_once_in_the_boards_form():
    grids = list(sudoku_dlx.solutions([[0] * 4 for _ in range(4)]))
    assert len(grids) == 288
    assert len({str(g) for g in grids}) == 288
    assert all(isinstance(g, list) and is_solution(g, [[0] * 4] * 4) for g in grids)


def test_a_stream_that_ends_keeps_ending():
    stream = sudoku_dlx.solutions(NORVIG_HARD)
    assert len(list(stream)) == 1
    assert next(stream, None) is None
    assert list(sudoku_dlx.solutions("1...2...4......3")) == []


def test_many_streams_live_side_by_side():
    streams = [sudoku_dlx.solutions("." * 16) for _ in range(3)]
    firsts = [next(s) for s in streams]
    assert firsts[0] == firsts[1] == firsts[2]
    del streams[1]
    assert sum(1 for _ in streams[0]) == 287


def test_a_solver_is_reused_and_tells_what_each_call_cost():
    solver = sudoku_dlx.Solver()
    assert solver.solve(WORLDS_HARDEST) == sudoku_dlx.solve(WORLDS_HARDEST)
    hard = solver.stats
    assert hard.searched and hard.guesses > 0 and hard.nodes > 0 and hard.solutions == 1
    assert solver.count("." * 16) == 288
    assert solver.stats.solutions == 288
    easy = "1234341221434321"
    assert solver.solve(easy) == easy
    assert not solver.stats.searched and solver.stats.nodes == 0
    assert solver.verdict(NORVIG_HARD) == "unique" and solver.is_unique(NORVIG_HARD)
    assert "Stats(placed_by_logic=" in repr(solver.stats)
    with pytest.raises(ValueError):
        solver.solve("x")


def test_generate_mirrors_the_command_line():
    puzzles = sudoku_dlx.generate(3, seed=11)
    assert puzzles == sudoku_dlx.generate(3, seed=11), "a seed gives the same puzzles"
    for puzzle in puzzles:
        assert sudoku_dlx.is_unique(puzzle)
        assert sudoku_dlx.redundant(puzzle) == [], "minimal by default"
    six = sudoku_dlx.generate(2, box=(3, 2), symmetry="rot180", seed=5, minimal=False)
    assert all(len(p) == 36 and sudoku_dlx.is_unique(p, box=(3, 2)) for p in six)
    easy = sudoku_dlx.generate(seed=3, difficulty="easy", minimal=False)[0]
    assert sudoku_dlx.rate(easy).level == "easy"
    with pytest.raises(ValueError, match="unknown symmetry 'spiral'"):
        sudoku_dlx.generate(symmetry="spiral")
    with pytest.raises(ValueError, match="unknown difficulty"):
        sudoku_dlx.generate(difficulty="brutal")


def test_rate_witness_redundant():
    rating = sudoku_dlx.rate(WORLDS_HARDEST)
    assert (rating.level, rating.technique) == ("extreme", "search")
    assert rating.score == pytest.approx(4 + __import__("math").log2(rating.guesses))
    with pytest.raises(ValueError, match="several solutions"):
        sudoku_dlx.rate("." * 16)
    witness = sudoku_dlx.witness([[0] * 4 for _ in range(4)])
    assert witness.first != witness.second
    assert all(witness.first[r - 1][c - 1] != witness.second[r - 1][c - 1] for r, c in witness.differing)
    row, column, digit = witness.suggestion
    assert witness.first[row - 1][column - 1] == digit
    assert sudoku_dlx.witness(NORVIG_HARD) is None
    full = "1234341221434321"
    givens = sudoku_dlx.redundant(full)
    assert len(givens) == 16 and givens[0] == (1, 1, 1)
    with pytest.raises(ValueError, match="no solution"):
        sudoku_dlx.redundant("1...2...4......3")


def test_islice_takes_the_first_few_of_billions():
    first = list(itertools.islice(sudoku_dlx.solutions("." * 256), 3))
    assert len(first) == 3 and all(is_solution(g, "." * 256) for g in first)
