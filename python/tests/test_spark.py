"""The engine on Spark in local mode, by both routes: the command line under `rdd.pipe`, and
the Python package in `mapPartitions` and `mapInPandas`. The top1465 puzzles (or, without
the shared collections, 1,465 puzzles made here) come back solved, valid and in order."""

import itertools
import os
import shutil
import sys
from pathlib import Path

import pytest

import sudoku_dlx
from conftest import REPO, data_folder, is_solution, puzzle_lines

pyspark = pytest.importorskip("pyspark", reason="pyspark is not installed")


def require(condition, why):
    """Skips when `condition` fails, except in CI, where the Spark tests must run."""
    if not condition:
        if os.environ.get("CI"):
            pytest.fail(f"{why}: CI runs the Spark tests")
        pytest.skip(why)


@pytest.fixture(scope="module")
def spark():
    require(shutil.which("java") or os.environ.get("JAVA_HOME"), "no Java runtime (Spark needs Java 17)")
    # The workers run this interpreter, which has sudoku_dlx installed.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    session = (
        SparkSession.builder.master("local[2]")
        .appName("sudoku-dlx tests")
        .config("spark.ui.enabled", "false")
        .config("spark.sql.shuffle.partitions", "2")
        .config("spark.sql.execution.arrow.pyspark.enabled", "true")
        .getOrCreate()
    )
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


@pytest.fixture(scope="module")
def puzzle_file(tmp_path_factory):
    """top1465 as it is (comments included) when the collections are here, else 1,465
    puzzles made from solutions of the empty grid, with a comment and a blank line."""
    folder = data_folder()
    if folder is not None and (folder / "puzzles3_magictour_top1465").is_file():
        return folder / "puzzles3_magictour_top1465"
    path = tmp_path_factory.mktemp("spark") / "made1465.txt"
    grids = itertools.islice(sudoku_dlx.solutions("." * 81), 1465)
    lines = ["# 1,465 puzzles made for the test", ""]
    lines += ["".join(c if (k * 5 + i) % 3 == 0 else "." for k, c in enumerate(g)) for i, g in enumerate(grids)]
    path.write_text("\n".join(lines) + "\n")
    return path


def binary():
    path = Path(os.environ.get("SUDOKU_DLX_BIN", REPO / "target" / "release" / "sudoku-dlx"))
    require(path.is_file(), f"no sudoku-dlx binary at {path} (build it with cargo build --release)")
    return str(path)


def test_the_command_line_under_rdd_pipe_keeps_every_line_in_order(spark, puzzle_file):
    lines = puzzle_file.read_text().splitlines()
    puzzles = puzzle_lines(puzzle_file)
    assert len(puzzles) == 1465
    rdd = spark.sparkContext.textFile(str(puzzle_file), minPartitions=4)
    assert rdd.getNumPartitions() >= 2
    answers = rdd.pipe(f"{binary()} solve --keep-lines --jobs 1", checkCode=True).collect()
    assert len(answers) == len(lines), "one output line per input line"
    for line, answer in zip(lines, answers):
        if not line.strip() or line.startswith("#"):
            assert answer == line, "comments and blank lines pass through"
        else:
            assert is_solution(answer, line)


def test_keyed_records_and_errors_in_place_with_exit_zero(spark, puzzle_file):
    puzzles = puzzle_lines(puzzle_file)[:300]
    puzzles[123] = "1*" + puzzles[123][2:]
    puzzles[200] = "1...2...4......3"
    keyed = spark.sparkContext.parallelize([f"p{i}\t{p}" for i, p in enumerate(puzzles)], 3)
    answers = keyed.pipe(f"{binary()} solve --keyed --exit-zero", checkCode=True).collect()
    assert [a.split("\t")[0] for a in answers] == [f"p{i}" for i in range(300)]
    assert answers[123].startswith("p123\terror: <stdin>:") and "bad character '*'" in answers[123]
    assert answers[200] == "p200\tnone"
    assert all(is_solution(a.split("\t")[1], p) for i, (a, p) in enumerate(zip(answers, puzzles)) if i not in (123, 200))
    checked = keyed.pipe(f"{binary()} check --keyed --exit-zero", checkCode=True).collect()
    assert checked[0] == "p0\tunique" and checked[200] == "p200\tnone"
    counted = keyed.pipe(f"{binary()} count --limit 2 --keyed --exit-zero", checkCode=True).collect()
    assert counted[1] == "p1\t1" and counted[200] == "p200\t0"


def test_solve_many_in_map_partitions(spark, puzzle_file):
    puzzles = puzzle_lines(puzzle_file)
    rdd = spark.sparkContext.parallelize(puzzles, 4)
    answers = rdd.mapPartitions(lambda boards: sudoku_dlx.solve_many(boards, jobs=1)).collect()
    assert len(answers) == len(puzzles)
    assert all(is_solution(a, p) for a, p in zip(answers, puzzles))


def test_a_dataframe_gets_solution_and_verdict_columns(spark, puzzle_file):
    puzzles = puzzle_lines(puzzle_file)
    frame = spark.createDataFrame([(i, p) for i, p in enumerate(puzzles)], "id long, puzzle string")

    def solve_batches(batches):
        for batch in batches:
            batch["solution"] = sudoku_dlx.solve_many(batch["puzzle"], jobs=1)
            batch["verdict"] = [sudoku_dlx.verdict(p) for p in batch["puzzle"]]
            yield batch

    schema = "id long, puzzle string, solution string, verdict string"
    rows = frame.repartition(3).mapInPandas(solve_batches, schema).orderBy("id").collect()
    assert [row.id for row in rows] == list(range(len(puzzles)))
    assert all(row.puzzle == p and is_solution(row.solution, p) for row, p in zip(rows, puzzles))
    assert {row.verdict for row in rows} == {"unique"}
