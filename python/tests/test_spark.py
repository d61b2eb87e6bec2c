"""The engine on Spark in local mode, by both routes: the command line under `rdd.pipe`, and
the Python package in `mapPartitions` and `mapInPandas`. The top1465 puzzles (or, without
the shared collections, 1,465 puzzles of `sudoku_dlx.generate`, each with one solution) come
back solved, valid and in order; the Spark examples of docs/python.md run as written."""

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


def binary_path():
    """Where the command line should be: $SUDOKU_DLX_BIN, else target/release/sudoku-dlx."""
    return Path(os.environ.get("SUDOKU_DLX_BIN", REPO / "target" / "release" / "sudoku-dlx"))


@pytest.fixture(scope="module")
def spark_folder(tmp_path_factory):
    """The working folder of the Spark session, laid out as the examples of docs/python.md
    expect a checkout to be: their puzzles.txt, and target/release/sudoku-dlx (a link to the
    command line when it is built)."""
    folder = tmp_path_factory.mktemp("spark-work")
    (folder / "target" / "release").mkdir(parents=True)
    if binary_path().is_file():
        (folder / "target" / "release" / "sudoku-dlx").symlink_to(binary_path().resolve())
    return folder


@pytest.fixture(scope="module")
def spark(spark_folder):
    require(shutil.which("java") or os.environ.get("JAVA_HOME"), "no Java runtime (Spark needs Java 17)")
    # The workers run this interpreter, which has sudoku_dlx installed.
    os.environ["PYSPARK_PYTHON"] = sys.executable
    os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    # The session's JVM keeps the working folder it starts in: a relative file name given to
    # Spark resolves there.
    cwd = os.getcwd()
    os.chdir(spark_folder)
    try:
        session = (
            SparkSession.builder.master("local[2]")
            .appName("sudoku-dlx tests")
            .config("spark.ui.enabled", "false")
            .config("spark.sql.shuffle.partitions", "2")
            .config("spark.sql.execution.arrow.pyspark.enabled", "true")
            .getOrCreate()
        )
    finally:
        os.chdir(cwd)
    session.sparkContext.setLogLevel("ERROR")
    yield session
    session.stop()


# Without the shared collections the Spark tests run on puzzles of our own generator, seeded
# so that every run tests the same set (1,465 take about half a second in a release build).
MADE_SEED = 1465


def made_puzzles():
    """1,465 distinct puzzles of `sudoku_dlx.generate`, each with exactly one solution."""
    return sudoku_dlx.generate(1465, seed=MADE_SEED)


@pytest.fixture(scope="module")
def puzzle_file(tmp_path_factory):
    """top1465 as it is (comments included) when the collections are here, else the 1,465
    puzzles of `made_puzzles`, with a comment and a blank line."""
    folder = data_folder()
    if folder is not None and (folder / "puzzles3_magictour_top1465").is_file():
        return folder / "puzzles3_magictour_top1465"
    path = tmp_path_factory.mktemp("spark") / "made1465.txt"
    lines = ["# 1,465 puzzles made for the test", ""] + made_puzzles()
    path.write_text("\n".join(lines) + "\n")
    return path


def test_the_stand_in_puzzles_are_1465_unique_ones():
    # Runs without Spark: what the Spark tests read when the shared collections are absent.
    puzzles = made_puzzles()
    assert len(puzzles) == 1465 and len(set(puzzles)) == 1465
    assert all(len(p) == 81 for p in puzzles)
    assert {sudoku_dlx.verdict(p) for p in puzzles} == {"unique"}


def binary():
    path = binary_path()
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


def test_the_spark_examples_of_docs_python_md(spark, spark_folder, puzzle_file, monkeypatch):
    # The two blocks that test_docs.py leaves to this test (marked `<!-- test: spark -->`),
    # run as written: the pipe route on puzzles.txt and target/release/sudoku-dlx in the
    # session's working folder (as in a checkout), then the Python routes on `puzzles` (an
    # RDD of strings) and `frame` (a DataFrame with a puzzle column), which the text
    # presents as given.
    from test_docs import python_blocks

    blocks = [(line, code) for line, marker, code in python_blocks("docs/python.md") if marker == "spark"]
    assert len(blocks) == 2
    binary()
    puzzles = puzzle_lines(puzzle_file)[:300]
    (spark_folder / "puzzles.txt").write_text("\n".join(puzzles) + "\n")
    namespace = {"spark": spark, "sudoku_dlx": sudoku_dlx}
    monkeypatch.chdir(spark_folder)
    exec(compile(blocks[0][1], f"docs/python.md:{blocks[0][0]}", "exec"), namespace)
    answers = namespace["answers"].collect()
    assert len(answers) == len(puzzles) and all(is_solution(a, p) for a, p in zip(answers, puzzles))

    namespace["puzzles"] = spark.sparkContext.parallelize(puzzles, 3)
    namespace["frame"] = spark.createDataFrame([(p,) for p in puzzles], "puzzle string")
    exec(compile(blocks[1][1], f"docs/python.md:{blocks[1][0]}", "exec"), namespace)
    answers = namespace["answers"].collect()
    assert len(answers) == len(puzzles) and all(is_solution(a, p) for a, p in zip(answers, puzzles))
    rows = namespace["solved"].collect()
    assert sorted(row.puzzle for row in rows) == sorted(puzzles)
    assert all(is_solution(row.solution, row.puzzle) and row.verdict == "unique" for row in rows)


def test_the_xc_shards_of_docs_xc_md_add_up_to_the_whole_count(spark, spark_folder, monkeypatch):
    # The Spark recipe of docs/xc.md ("On Spark"), run as written in a working folder laid
    # out as a checkout: the counts of the shards, added over a local[2] session, are the
    # count of the whole problem on one machine.
    import subprocess

    from test_docs import python_blocks

    blocks = [(line, code) for line, marker, code in python_blocks("docs/xc.md") if marker == "spark_xc"]
    assert len(blocks) == 1
    binary()
    examples = spark_folder / "docs" / "examples"
    examples.mkdir(parents=True, exist_ok=True)
    shutil.copy(REPO / "docs" / "examples" / "queens8.dlx", examples / "queens8.dlx")
    whole = subprocess.run(
        [str(binary_path()), "xc", str(examples / "queens8.dlx")], capture_output=True, text=True, check=True
    )
    namespace = {"spark": spark}
    monkeypatch.chdir(spark_folder)
    exec(compile(blocks[0][1], f"docs/xc.md:{blocks[0][0]}", "exec"), namespace)
    assert namespace["total"] == int(whole.stdout) == 92
