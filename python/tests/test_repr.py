"""Every class the package answers with prints what it holds, never `<... object at 0x...>`."""

import inspect

import sudoku_dlx
from conftest import WORLDS_HARDEST


def test_every_class_has_its_own_repr():
    classes = [
        getattr(sudoku_dlx, name)
        for name in sudoku_dlx.__all__
        if inspect.isclass(getattr(sudoku_dlx, name)) and not issubclass(getattr(sudoku_dlx, name), BaseException)
    ]
    assert {c.__name__ for c in classes} == {"Path", "Rating", "Solutions", "Solver", "Stats", "Step", "Witness"}
    for cls in classes:
        assert cls.__repr__ is not object.__repr__, cls.__name__


def test_witness_repr_shows_both_solutions_and_where_they_differ():
    witness = sudoku_dlx.witness("." * 16)
    assert repr(witness) == (
        "Witness(first='1234341221434321', second='1234431221433421', "
        "differing=[(2, 1), (2, 2), (4, 1), (4, 2)], suggestion=(2, 1, 3))"
    )
    rows = sudoku_dlx.witness([[0] * 4 for _ in range(4)])
    assert repr(rows).startswith("Witness(first=[[1, 2, 3, 4], [3, 4, 1, 2], ")


def test_rating_repr_shows_every_field():
    assert repr(sudoku_dlx.rate(WORLDS_HARDEST)) == (
        'Rating(level="extreme", hardest="dynamic-forcing-chains-plus", technique="search", guesses=163, score=11.35)'
    )


def test_stats_repr_shows_every_counter():
    solver = sudoku_dlx.Solver()
    solver.solve(WORLDS_HARDEST)
    text = repr(solver.stats)
    assert text.startswith("Stats(placed_by_logic=") and "searched=True" in text
    assert f"guesses={solver.stats.guesses}," in text and text.endswith(f"max_depth={solver.stats.max_depth})")


def test_solver_repr_shows_what_the_last_call_cost():
    solver = sudoku_dlx.Solver()
    assert repr(solver) == f"<sudoku_dlx.Solver, last call: {solver.stats!r}>"
    solver.count("." * 16)
    assert repr(solver) == f"<sudoku_dlx.Solver, last call: {solver.stats!r}>"
    assert "solutions=288" in repr(solver)


def test_solutions_repr_shows_the_board_and_the_progress():
    stream = sudoku_dlx.solutions("." * 16)
    assert repr(stream) == "<sudoku_dlx.Solutions of a 4x4 board: 0 solutions given, more may follow>"
    next(stream)
    assert repr(stream) == "<sudoku_dlx.Solutions of a 4x4 board: 1 solution given, more may follow>"
    assert len(list(stream)) == 287
    assert repr(stream) == "<sudoku_dlx.Solutions of a 4x4 board: 288 solutions given, the search is over>"
    variant = sudoku_dlx.solutions("." * 81, rules="x")
    assert repr(variant) == "<sudoku_dlx.Solutions of a 9x9 variant puzzle: 0 solutions given, more may follow>"
