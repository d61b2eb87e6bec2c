"""Solve a file of puzzles on Spark with sudoku-dlx, by one of three routes, and print the
throughput.

    python examples/spark/solve_spark.py [--master local[2]] [--route pipe|python|dataframe]
                                         [--partitions N] [--bin PATH] [--out DIR] PUZZLES

- pipe:      the command line as a streaming filter, `rdd.pipe("sudoku-dlx solve
             --keep-lines --exit-zero")`: one output line per input line, comments included.
- python:    the Python package, `rdd.mapPartitions(sudoku_dlx.solve_many)`.
- dataframe: a DataFrame of (puzzle) rows given `solution` and `verdict` columns by
             `mapInPandas`.

On a cluster, ship the package's wheel to the executors (`--py-files` does not install a
compiled wheel: use `spark.archives` with a packed virtual environment, or install the wheel
on every node) or the `sudoku-dlx` binary with `--files sudoku-dlx` and pipe `./sudoku-dlx`.
"""

import argparse
import os
import shutil
import sys
import time


def parse_args():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("puzzles", help="a file of puzzles, one per line (# comments allowed)")
    parser.add_argument("--master", default="local[2]")
    parser.add_argument("--route", choices=["pipe", "python", "dataframe"], default="python")
    parser.add_argument("--partitions", type=int, default=None, help="default: 2 per core")
    parser.add_argument("--bin", default=shutil.which("sudoku-dlx") or "target/release/sudoku-dlx")
    parser.add_argument("--out", default=None, help="write the answers here (a Spark folder)")
    return parser.parse_args()


def solve_partition(boards):
    import sudoku_dlx  # imported on the executor

    # One thread per task: Spark already runs one task per core.
    return sudoku_dlx.solve_many(boards, jobs=1, errors="return")


def solve_batches(batches):
    import sudoku_dlx

    for batch in batches:
        batch["solution"] = sudoku_dlx.solve_many(batch["puzzle"], jobs=1)
        batch["verdict"] = [sudoku_dlx.verdict(p) for p in batch["puzzle"]]
        yield batch


def main():
    args = parse_args()
    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    from pyspark.sql import SparkSession

    spark = (
        SparkSession.builder.master(args.master)
        .appName(f"sudoku-dlx {args.route}")
        .config("spark.ui.enabled", "false")
        .config("spark.ui.showConsoleProgress", "false")
        .getOrCreate()
    )
    spark.sparkContext.setLogLevel("ERROR")
    cores = spark.sparkContext.defaultParallelism
    partitions = args.partitions or 2 * cores
    lines = spark.sparkContext.textFile(args.puzzles, minPartitions=partitions).cache()
    puzzles = lines.filter(lambda line: line.strip() and not line.startswith("#")).cache()
    count = puzzles.count()  # read (and cache) before the clock starts

    started = time.perf_counter()
    if args.route == "pipe":
        answers = lines.pipe(f"{os.path.abspath(args.bin)} solve --keep-lines --exit-zero --jobs 1", checkCode=True)
    elif args.route == "python":
        answers = puzzles.mapPartitions(solve_partition).map(str)
    else:
        frame = puzzles.map(lambda p: (p,)).toDF("puzzle string")
        answers = frame.mapInPandas(solve_batches, "puzzle string, solution string, verdict string")
    if args.out:
        (answers.write.json(args.out) if args.route == "dataframe" else answers.saveAsTextFile(args.out))
    else:
        answers.count() if args.route != "dataframe" else answers.write.format("noop").mode("overwrite").save()
    elapsed = time.perf_counter() - started
    print(f"{args.route} on {args.master}: {count} puzzles in {elapsed:.2f} s, {count / elapsed:,.0f} puzzles/s")
    spark.stop()


if __name__ == "__main__":
    main()
