"""sudoku_dlx.xc: exact cover from Python. Known counts (queens, Knuth's colored example,
pentominoes), errors with their places, the lazy iterator, the GIL released, Ctrl-C, and a
brute-force oracle on small random problems with colors."""

import _thread
import itertools
import random
import threading
import time
import warnings

import pytest
from conftest import REPO

from sudoku_dlx import xc


def queens(n):
    """n queens: rows and columns primary, diagonals secondary; option r*n+c is (r, c)."""
    return xc.Problem(
        primary=[f"r{i}" for i in range(n)] + [f"c{i}" for i in range(n)],
        secondary=[f"a{d}" for d in range(2 * n - 1)] + [f"b{d}" for d in range(2 * n - 1)],
        options=[[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"] for r in range(n) for c in range(n)],
    )


def langford(n):
    """Langford pairs of 1..n: solutions for n of the form 4m or 4m+3 only."""
    slots = [f"s{i}" for i in range(2 * n)]
    options = [[str(k), f"s{i}", f"s{i + k + 1}"] for k in range(1, n + 1) for i in range(2 * n - k - 1)]
    return xc.Problem(primary=[str(k) for k in range(1, n + 1)] + slots, options=options)


def latin_square(n):
    """Latin squares of side n: far too many to count for n = 10."""
    cells = [f"p{r}_{c}" for r in range(n) for c in range(n)]
    rows = [f"r{r}_{d}" for r in range(n) for d in range(n)]
    cols = [f"c{c}_{d}" for c in range(n) for d in range(n)]
    options = [[f"p{r}_{c}", f"r{r}_{d}", f"c{c}_{d}"] for r in range(n) for c in range(n) for d in range(n)]
    return xc.Problem(primary=cells + rows + cols, options=options)


PENTOMINOES = {
    "F": "011 110 010", "I": "11111", "L": "10 10 10 11", "N": "01 01 11 10",
    "P": "11 11 10", "T": "111 010 010", "U": "101 111", "V": "100 100 111",
    "W": "100 110 011", "X": "010 111 010", "Y": "01 11 01 01", "Z": "110 010 011",
}


def orientations(picture):
    cells = {(r, c) for r, row in enumerate(picture.split()) for c, mark in enumerate(row) if mark == "1"}
    seen = set()
    for _ in range(2):
        for _ in range(4):
            cells = {(c, -r) for r, c in cells}
            low_r, low_c = min(r for r, _ in cells), min(c for _, c in cells)
            seen.add(frozenset((r - low_r, c - low_c) for r, c in cells))
        cells = {(r, -c) for r, c in cells}
    return seen


def pentominoes(rows=6, cols=10, reduced=True):
    """The 12 pentominoes on a board; `reduced`, the X kept in one quarter of its places:
    every tiling once up to the symmetries of a board of even sides (2,339 for 6x10)."""
    options = []
    for name, picture in PENTOMINOES.items():
        for shape in orientations(picture):
            height, width = max(r for r, _ in shape) + 1, max(c for _, c in shape) + 1
            for top in range(rows - height + 1):
                for left in range(cols - width + 1):
                    if reduced and name == "X" and not (top < (rows - 2) // 2 and left < (cols - 2) // 2):
                        continue
                    options.append([name] + [f"{top + r}_{left + c}" for r, c in sorted(shape)])
    board = [f"{r}_{c}" for r in range(rows) for c in range(cols)]
    return xc.Problem(primary=list(PENTOMINOES) + board, options=options)


def test_known_counts():
    problem = queens(8)
    assert problem.count() == 92
    assert problem.count(limit=10) == 10
    assert problem.count(limit=0) == 0
    assert not problem.is_unique()
    assert len(problem.options) == 64
    assert queens(4).count() == 2 and queens(3).count() == 0 and queens(3).first() is None
    assert langford(7).count() == 52
    assert pentominoes(3, 20, reduced=False).count() == 8


def test_pentominoes_6x10():
    assert pentominoes().count() == 2339


def test_knuths_colored_example():
    problem = xc.read_knuth((REPO / "docs" / "examples" / "colors.dlx").read_text())
    assert (problem.count(), problem.is_unique()) == (1, True)
    assert [problem.options[k] for k in problem.first()] == [("p", "r", "x:A", "y"), ("q", "x:A")]
    assert problem.primary == ("p", "q", "r") and problem.secondary == ("x", "y")
    assert repr(problem) == "Problem(3 primary items, 2 secondary, 5 options, 2 colors)"
    same = xc.Problem(primary=problem.primary, secondary=problem.secondary, options=problem.options)
    assert list(same.solutions()) == list(problem.solutions()) == [[1, 3]]


def is_valid(problem, solution):
    """Every primary item within its multiplicity, every secondary item once or in one
    color."""
    uses = {}
    for option in solution:
        for entry in problem.options[option]:
            name, _, color = entry.partition(":")
            uses.setdefault(name, []).append(color or None)
    bounds = zip(problem.primary, problem.multiplicities)
    if any(not low <= len(uses.get(item, [])) <= high for item, (low, high) in bounds):
        return False
    return all(len(colors) == 1 or (None not in colors and len(set(colors)) == 1)
               for item, colors in uses.items() if item in problem.secondary)


def test_every_solution_listed_is_one_and_they_are_distinct():
    problem = queens(6)
    found = list(problem.solutions())
    assert len(found) == 4 == len({tuple(s) for s in found})
    assert all(is_valid(problem, s) and s == sorted(s) for s in found)


def test_the_iterator_is_lazy():
    problem = latin_square(10)
    started = time.perf_counter()
    solutions = problem.solutions()
    first = list(itertools.islice(solutions, 3))
    assert time.perf_counter() - started < 5
    assert len(first) == 3 and all(len(s) == 100 and is_valid(problem, s) for s in first)
    assert repr(solutions) == "<sudoku_dlx.xc.Solutions: 3 solutions given, more may follow>"
    small = queens(4).solutions()
    assert len(list(small)) == 2 and next(small, None) is None
    assert repr(small) == "<sudoku_dlx.xc.Solutions: 2 solutions given, the search is over>"


def test_read_knuth_errors_say_where():
    with pytest.raises(xc.InvalidProblem) as caught:
        xc.read_knuth("| comment\na b | x\na x\nb y\n")
    error = caught.value
    assert isinstance(error, ValueError)
    assert str(error) == "line 4, column 3: unknown item `y`"
    assert (error.line, error.column, error.item, error.path, error.option) == (4, 3, "y", None, None)
    assert error.reason == "unknown item `y`"
    with pytest.raises(xc.InvalidProblem, match=r"line 2, column 1: primary item `a` cannot take a color"):
        xc.read_knuth("a | x\na:red x\n")
    with pytest.raises(xc.InvalidProblem) as caught:
        xc.read_knuth("a 3:2|b\na b\n")
    assert (caught.value.line, caught.value.column, caught.value.item) == (1, 3, "3:2|b")
    assert caught.value.reason == "`3:2|b`: the lower bound exceeds the upper bound"
    with pytest.raises(xc.InvalidProblem, match="line 1, column 1: no line names the items"):
        xc.read_knuth("")


def test_an_option_without_a_primary_item_is_dropped_with_a_warning():
    with pytest.warns(UserWarning, match=r"line 3, column 1: option ignored \(no primary item\)"):
        problem = xc.read_knuth("a | x\na x\nx\na\n")
    assert problem.options == (("a", "x"), ("a",))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        with pytest.raises(UserWarning):
            xc.read_knuth("a | x\nx\na\n")


def test_problem_errors_name_the_option_and_item():
    def error(**lists):
        with pytest.raises(xc.InvalidProblem) as caught:
            xc.Problem(**{"secondary": ["x"], **lists})
        return str(caught.value), caught.value.path, caught.value.option, caught.value.item

    assert error(primary=["a", "b"], options=[["a"], ["b", "c"]]) == (
        "options[1][1]: unknown item `c`", "options[1][1]", 1, "c")
    assert error(primary=["a"], options=[["a", "x", "a"]])[0] == "options[0][2]: item `a` appears twice in this option"
    assert error(primary=["a"], options=[["a:red"]])[0] == "options[0][0]: primary item `a` cannot take a color"
    assert error(primary=["a"], options=[["a"], []])[:3] == (
        "options[1]: the option has no primary item, so it could never be chosen", "options[1]", 1)
    assert error(primary=["a", "a"], options=[])[:2] == ("primary[1]: item `a` is named twice", "primary[1]")
    assert error(primary=["a b"], options=[])[0] == 'primary[0]: item name "a b" contains a blank'
    assert error(primary=["a"], secondary=["x:y"], options=[])[0] == "secondary[0]: item name `x:y` contains `:` or `|`"
    with pytest.raises(TypeError):
        xc.Problem(primary=[1, 2], options=[])
    with pytest.raises(TypeError):
        xc.Problem(primary="ab", options=[])
    with pytest.raises(ValueError, match="limit must be 0 or more"):
        queens(4).count(limit=-1)


def brute_force(problem):
    """Every solution, by trying every set of options."""
    n = len(problem.options)
    return sorted(list(s) for size in range(n + 1) for s in itertools.combinations(range(n), size)
                  if is_valid(problem, s))


def random_options(rng, primary, secondary, most):
    """1 to `most` random options: some primary items, and some secondary ones, colored or not."""
    options = []
    for _ in range(rng.randint(1, most)):
        chosen = rng.sample(primary, rng.randint(1, len(primary)))
        for item in rng.sample(secondary, rng.randint(0, len(secondary))):
            chosen.append(item + rng.choice(["", ":red", ":blue"]))
        options.append(chosen)
    return options


def random_problem(rng):
    primary = [f"p{k}" for k in range(rng.randint(1, 4))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 3))]
    options = random_options(rng, primary, secondary, 9)
    return xc.Problem(primary=primary, secondary=secondary, options=options)


def test_random_problems_agree_with_brute_force():
    rng = random.Random(28)
    for _ in range(400):
        problem = random_problem(rng)
        expected = brute_force(problem)
        assert sorted(problem.solutions()) == expected, problem.options
        assert problem.count() == len(expected)
        assert problem.is_unique() == (len(expected) == 1)
        assert (problem.first() is None) == (not expected)


def random_bounded_problem(rng):
    """A random problem whose primary items have random multiplicities (Knuth's u:v|name)."""
    bounds = [(low, max(low, 1) + rng.randint(0, 2)) for low in (rng.randint(0, 2) for _ in range(rng.randint(1, 4)))]
    names = [f"p{k}" for k in range(len(bounds))]
    primary = [name if (low, high) == (1, 1) else f"{low}:{high}|{name}" for name, (low, high) in zip(names, bounds)]
    secondary = [f"s{k}" for k in range(rng.randint(0, 3))]
    options = random_options(rng, names, secondary, 10)
    problem = xc.Problem(primary=primary, secondary=secondary, options=options)
    assert problem.primary == tuple(names) and problem.multiplicities == tuple(bounds)
    return problem


def test_random_problems_with_multiplicities_agree_with_brute_force():
    rng = random.Random(3)
    for _ in range(400):
        problem = random_bounded_problem(rng)
        expected = brute_force(problem)
        assert sorted(problem.solutions()) == expected, (problem.multiplicities, problem.options)
        assert problem.count() == len(expected)
        assert (problem.first() is None) == (not expected)


def test_multiplicities_read_from_knuths_format():
    problem = xc.read_knuth("A B 2:3|C | X Y\nA B X:0 Y:0\nA C X:1 Y:1\nC X:0\nB X:1\nC Y:1\n")
    assert problem.multiplicities == ((1, 1), (1, 1), (2, 3))
    assert list(problem.solutions()) == [[1, 3, 4]]
    assert repr(problem) == "Problem(3 primary items, 2 secondary, 5 options, 2 colors, multiplicities)"
    for text, reason in [("0|a\na\n", "`0|a`: the upper bound is zero"),
                         ("a | 2|x\na x\n", "`2|x`: a secondary item cannot have a multiplicity")]:
        with pytest.raises(xc.InvalidProblem) as caught:
            xc.read_knuth(text)
        assert caught.value.reason == reason
    with pytest.raises(xc.InvalidProblem) as caught:
        xc.Problem(primary=["a", "x|b"], options=[["a"]])
    assert (caught.value.path, caught.value.item) == ("primary[1]", "x|b")


def in_a_thread(call):
    """Runs `call` in another thread while this one counts its turns of 0.1 ms: its
    answer, and how many turns this thread had (many when the search released the GIL)."""
    answer = []
    worker = threading.Thread(target=lambda: answer.append(call()))
    worker.start()
    turns = 0
    while worker.is_alive():
        turns += 1
        time.sleep(0.0001)
    worker.join()
    return answer[0], turns


def test_the_gil_is_released_during_a_search():
    answer, turns = in_a_thread(queens(13).count)
    assert answer == 73712
    assert turns > 20


@pytest.mark.parametrize("call", ["count", "first", "iterate"])
def test_ctrl_c_stops_a_long_search(call):
    # Latin squares of side 10 are too many to count; Langford pairs of 14 have none, after
    # a long search: either way the call would run for minutes.
    problem = latin_square(10) if call == "count" else langford(14)
    work = {"count": problem.count, "first": problem.first, "iterate": lambda: next(problem.solutions())}[call]
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        work()
    assert time.perf_counter() - started < 5
    timer.join()
    assert queens(6).count() == 4 and queens(6).first() is not None


def test_the_answers_do_not_depend_on_the_calls_before():
    problem = queens(8)
    first, listed = problem.first(), list(problem.solutions())
    assert problem.count() == 92 and problem.first() == first == listed[0]
    assert list(problem.solutions()) == listed


def cost_of(problem, solution):
    return sum(problem.costs[option] for option in solution)


def random_costed_problem(rng):
    """A random problem with colors whose options cost 0 to 2 (many ties) or 0 to 20."""
    primary = [f"p{k}" for k in range(rng.randint(1, 4))]
    secondary = [f"s{k}" for k in range(rng.randint(0, 3))]
    options = random_options(rng, primary, secondary, 10)
    dearest = rng.choice([2, 20])
    costs = [rng.randint(0, dearest) for _ in options]
    return xc.Problem(primary=primary, secondary=secondary, options=options, costs=costs)


def test_random_problems_with_costs_agree_with_brute_force():
    rng = random.Random(5)
    for _ in range(400):
        problem = random_costed_problem(rng)
        expected = sorted(cost_of(problem, s) for s in brute_force(problem))
        k = rng.randint(1, 6)
        best = problem.best(k)
        assert [cost for cost, _ in best] == expected[:k], (problem.options, problem.costs)
        assert all(is_valid(problem, s) and cost_of(problem, s) == cost and s == sorted(s)
                   for cost, s in best)
        assert problem.min_cost() == (expected[0] if expected else None)
        ties = sorted(s for s in brute_force(problem) if cost_of(problem, s) == expected[0]) if expected else []
        assert sorted(s for _, s in problem.cheapest()) == ties


def test_costs_read_from_knuths_format_and_given_as_lists():
    problem = xc.read_knuth("a b c | x\na b |3\nc |2 x:A\na |1\nb c |1 |2\n")
    assert problem.costs == (3, 2, 1, 3)
    assert repr(problem) == "Problem(3 primary items, 1 secondary, 4 options, 1 color, costs)"
    assert problem.best(5) == [(4, [2, 3]), (5, [0, 1])]
    assert problem.count() == 2  # counting ignores the costs
    same = xc.Problem(primary=["a", "b", "c"], secondary=["x"], options=problem.options, costs=problem.costs)
    assert same.best(5) == problem.best(5)
    assert xc.Problem(primary=["a"], options=[["a"]]).costs == (0,)
    for costs, path, reason in [([1], "costs", "1 costs for 2 options"),
                                ([1, -2], "costs[1]", "`-2`: a cost is written |n with n a decimal number"),
                                ([1, 2**32], "costs[1]", "`4294967296`: the option's costs add up to more than 4294967295")]:
        with pytest.raises(xc.InvalidProblem) as caught:
            xc.Problem(primary=["a"], options=[["a"], ["a"]], costs=costs)
        assert (caught.value.path, caught.value.reason) == (path, reason)
    with pytest.raises(xc.InvalidProblem) as caught:
        xc.read_knuth("a\na |x\n")
    assert (caught.value.line, caught.value.column) == (2, 3)
    with pytest.raises(xc.InvalidProblem, match="multiplicities"):
        xc.read_knuth("2|a\na |1\na\n").best()


def test_the_gil_is_released_during_a_search_for_the_cheapest():
    # All 14200 solutions of 12 queens kept: the search sees the whole tree.
    plain = queens(12)
    problem = xc.Problem(primary=plain.primary, secondary=plain.secondary, options=plain.options,
                         costs=[k % 7 for k in range(len(plain.options))])
    best, turns = in_a_thread(lambda: problem.best(10**6))
    assert len(best) == 14200
    assert [cost for cost, _ in best] == sorted(cost for cost, _ in best)
    assert turns > 20


def test_ctrl_c_stops_a_long_search_for_the_cheapest():
    # Every Latin square of side 10 costs the same: the search for the 10000 cheapest
    # would run for hours.
    problem = latin_square(10)
    costed = xc.Problem(primary=problem.primary, options=problem.options, costs=[1] * len(problem.options))
    timer = threading.Timer(0.3, _thread.interrupt_main)
    started = time.perf_counter()
    timer.start()
    with pytest.raises(KeyboardInterrupt):
        costed.best(10**9)
    assert time.perf_counter() - started < 5
    timer.join()
    assert costed.best(0) == []
