"""What crosses the boundary: panics become exceptions, and long work lets other Python
threads run."""

import sys
import threading
import time

import pytest

import sudoku_dlx


def test_a_rust_panic_becomes_a_python_exception():
    with pytest.raises(sudoku_dlx.InternalError, match="internal error in sudoku-dlx .*: boom"):
        sudoku_dlx._native._panic_for_test("boom")
    assert issubclass(sudoku_dlx.InternalError, RuntimeError)
    # The module keeps working after it.
    assert sudoku_dlx.count("." * 16) == 288


class Ticker:
    """A Python thread that counts while it can get the GIL."""

    def __init__(self):
        self.ticks = 0
        self.stop = False
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        while not self.stop:
            self.ticks += 1
            time.sleep(0)  # lets the main thread take the GIL back between ticks

    def __enter__(self):
        self.thread.start()
        while self.ticks == 0:
            time.sleep(0.001)
        return self

    def __exit__(self, *exc):
        self.stop = True
        self.thread.join()


@pytest.fixture
def no_forced_switches():
    # With a switch interval this long, a thread that holds the GIL keeps it for the whole
    # of a native call: the ticker can only run during one if the call released the GIL.
    before = sys.getswitchinterval()
    sys.setswitchinterval(100.0)
    yield
    sys.setswitchinterval(before)


# Each call is sized to take well over 0.1 s on a loaded 2-core machine, so the ticker has
# time to be scheduled while the GIL is released (4 puzzles took 1 ms once generation got
# faster, and the test failed in CI for it).
@pytest.mark.parametrize(
    "work",
    [
        lambda: sudoku_dlx.count("." * 81, limit=300_000),
        lambda: sudoku_dlx.Solver().count("." * 81, limit=300_000),
        lambda: sudoku_dlx.solve_many(["." * 81] * 5_000),
        lambda: sudoku_dlx.generate(2_000, seed=1),
        lambda: sudoku_dlx.count("." * 81, rules="x", limit=30_000),
    ],
    ids=["count", "Solver.count", "solve_many", "generate", "variant count"],
)
def test_another_thread_keeps_running_during_long_work(no_forced_switches, work):
    with Ticker() as ticker:
        before = ticker.ticks
        work()
        during = ticker.ticks - before
    assert during > 0, "the GIL was held for the whole call"


def test_the_ticker_stops_while_the_gil_is_held(no_forced_switches):
    # The control: work that keeps the GIL (pure Python, never waiting) gives no ticks, so
    # the test above can fail.
    with Ticker() as ticker:
        before = ticker.ticks
        sum(range(3_000_000))
        during = ticker.ticks - before
    assert during == 0
