"""Speed of the Python package: per-call overhead over the Rust engine, solve_many against
the command line's --jobs, and beside pure-Python solvers. Prints the figures that
docs/performance.md sums up and docs/lab/performance-notes.md ("From Python") records.

    target/python-venv/bin/python python/bench/compare.py [--bin target/release/sudoku-dlx]

Needs the package installed (scripts/test does it) and, for the comparison, py-sudoku; the
17-clue set is read from ../shared/data (or $SUDOKU_DLX_DATA) when present.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import timeit
from pathlib import Path

import sudoku_dlx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from conftest import REPO, WORLDS_HARDEST, data_folder, puzzle_lines  # noqa: E402
from test_boards import TUTORIAL  # noqa: E402


def per_call_us(call, repeat=25, number=4_000):
    """The time of one call in microseconds: the best of `repeat` runs of `number` calls (the
    best, as timeit advises: the slower runs measure the other jobs of a shared machine)."""
    runs = timeit.repeat(call, repeat=repeat, number=number)
    return min(runs) / number * 1e6


def engine_us(board, repeat=25, number=4_000):
    """The engine's own time for one solve of `board`: the best of `repeat` runs of a Rust
    loop of `number` solves on one reused solver, with no Python in the loop."""
    runs = [sudoku_dlx._native._engine_seconds_per_solve(board, number) for _ in range(repeat)]
    return min(runs) * 1e6


def cli_bench_us(binary, puzzle):
    """The command line's time for one solve of `puzzle`, from `sudoku-dlx bench --json` (a
    reused solver on one thread, the bench's answer check included): a cross-check of the
    engine figure from another build."""
    with tempfile.NamedTemporaryFile("w", suffix=".txt", delete=False) as file:
        file.write((puzzle + "\n") * 1000)
    try:
        out = subprocess.run(
            [binary, "bench", "--mode", "solve", "--seconds", "1", "--runs", "7", "--json", file.name],
            capture_output=True, text=True, check=True,
        ).stdout
    finally:
        os.unlink(file.name)
    return json.loads(out.splitlines()[-1])["usec_per_puzzle"]


def overhead(binary):
    """Per-call overhead: each Python call on an easy puzzle against the engine's own solve of
    the same puzzle in the same build (a Rust loop in the extension module)."""
    easy = sudoku_dlx.generate(seed=3, difficulty="easy", minimal=False)[0]
    rows = [[int(c) if c != "." else 0 for c in easy[r * 9 : r * 9 + 9]] for r in range(9)]
    solver = sudoku_dlx.Solver()
    print(f"easy puzzle (naked singles): {easy}")
    cli = cli_bench_us(binary, easy) if Path(binary).is_file() else None
    if hasattr(sudoku_dlx._native, "_engine_seconds_per_solve"):
        rust = engine_us(easy)
        print(f"  engine alone (Rust loop, same build):  {rust:6.2f} us per solve")
    else:
        # A build from before the engine loop was added: the command line's figure instead.
        rust = cli
        print("  engine alone: not in this build, the command line's figure is used")
    if cli is not None:
        print(f"  sudoku-dlx bench --mode solve:         {cli:6.2f} us per solve")
    calls = [
        ("solve(string)", lambda: sudoku_dlx.solve(easy)),
        ("solve(list of lists)", lambda: sudoku_dlx.solve(rows)),
        ("Solver.solve(string)", lambda: solver.solve(easy)),
        ("Solver.solve(list of lists)", lambda: solver.solve(rows)),
    ]
    try:
        import numpy

        array = numpy.array(rows)
        calls.append(("solve(numpy array)", lambda: sudoku_dlx.solve(array)))
    except ImportError:
        pass
    for name, call in calls:
        us = per_call_us(call)
        print(f"  {name:28} {us:6.2f} us per call, overhead {us - rust:5.2f} us")
    print("  (other questions, for reference: not the same engine call)")
    for name, call in [
        ("is_unique(string)", lambda: sudoku_dlx.is_unique(easy)),
        ("verdict(string)", lambda: sudoku_dlx.verdict(easy)),
        ("count(string)", lambda: sudoku_dlx.count(easy)),
    ]:
        print(f"  {name:28} {per_call_us(call):6.2f} us per call")


def held():
    """The longest solve of a 9x9 puzzle of the hardest shared sets (each puzzle's best of 3,
    so that a moment the scheduler gave to another job does not count): the longest the GIL
    is held by solve, which keeps it for classic grids up to 9x9."""
    folder = data_folder()
    names = ["puzzles6_forum_hardest_1106", "puzzles3_magictour_top1465"]
    paths = [folder / name for name in names if folder and (folder / name).is_file()]
    if not paths:
        print("hardest sets: not here (set SUDOKU_DLX_DATA)")
        return
    for path in paths:
        longest, worst = 0.0, None
        for puzzle in puzzle_lines(path):
            spent = min(timeit.repeat(lambda: sudoku_dlx.solve(puzzle), repeat=3, number=1))
            if spent > longest:
                longest, worst = spent, puzzle
        print(f"{path.name}: longest solve {longest * 1e6:,.0f} us ({worst})")


def many(binary):
    folder = data_folder()
    path = folder / "puzzles2_17_clue" if folder else None
    if not path or not path.is_file():
        print("17-clue set: not here (set SUDOKU_DLX_DATA)")
        return
    puzzles = puzzle_lines(path)
    rates = []
    for _ in range(3):
        started = time.perf_counter()
        answers = sudoku_dlx.solve_many(puzzles)
        rates.append(len(puzzles) / (time.perf_counter() - started))
    assert all(answers)
    cli = []
    for _ in range(3):
        started = time.perf_counter()
        # /dev/null opened for writing only, as a shell's `> /dev/null` does (the command
        # line refuses a read-write /dev/null, what a closed standard output becomes).
        with open(os.devnull, "w") as devnull:
            subprocess.run([binary, "solve", "--jobs", "2", str(path)], stdout=devnull, check=True)
        cli.append(len(puzzles) / (time.perf_counter() - started))
    py, rs = statistics.median(rates), statistics.median(cli)
    print(f"17-clue set, {len(puzzles)} puzzles, median of 3 runs each:")
    print(f"  solve_many(lines), 2 cores:          {py:9,.0f} puzzles/s")
    print(f"  sudoku-dlx solve --jobs 2 FILE:      {rs:9,.0f} puzzles/s (wall time, printing included)")
    print(f"  ratio CLI / solve_many: {rs / py:.2f}")


def backtrack(board):
    """The tutorials' solver: the first empty cell, each digit that fits, recursion."""
    for r in range(9):
        for c in range(9):
            if board[r][c] == 0:
                for d in range(1, 10):
                    if fits(board, r, c, d):
                        board[r][c] = d
                        if backtrack(board):
                            return True
                        board[r][c] = 0
                return False
    return True


def fits(board, r, c, d):
    if d in board[r] or any(board[i][c] == d for i in range(9)):
        return False
    br, bc = r - r % 3, c - c % 3
    return all(board[br + i][bc + j] != d for i in range(3) for j in range(3))


def side_by_side():
    from sudoku import Sudoku

    def rows_of(text):
        return [[int(c) if c not in "." else 0 for c in text[r * 9 : r * 9 + 9]] for r in range(9)]

    sets = [("tutorial board (5-3-0-0-7)", [TUTORIAL]), ("world's hardest (2012)", [rows_of(WORLDS_HARDEST)])]
    solvers = [
        ("sudoku_dlx.solve", lambda b: sudoku_dlx.solve(b)),
        ("py-sudoku 2.0.0", lambda b: Sudoku(3, 3, board=b).solve()),
        ("plain backtracking", lambda b: backtrack([row[:] for row in b])),
    ]
    print("mean time per puzzle (one run; pure-Python solvers are slow on hard puzzles):")
    for set_name, boards in sets:
        line = [f"  {set_name:28}"]
        for name, solve in solvers:
            started = time.perf_counter()
            for board in boards:
                solve(board)
            line.append(f"{name} {(time.perf_counter() - started) / len(boards) * 1e3:10.3f} ms")
        print(" | ".join(line))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(REPO / "target" / "release" / "sudoku-dlx"))
    parser.add_argument("--only", choices=["overhead", "held", "many", "side"], default=None)
    args = parser.parse_args()
    if args.only in (None, "overhead"):
        overhead(args.bin)
    if args.only in (None, "held"):
        held()
    if args.only in (None, "many"):
        many(args.bin)
    if args.only in (None, "side"):
        side_by_side()


if __name__ == "__main__":
    main()
