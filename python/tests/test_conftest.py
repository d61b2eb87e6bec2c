"""The shared data folder of the tests: the one SUDOKU_DLX_DATA names is used even when it is
empty or absent (so that the suite can be run with the collections hidden), never replaced
by ../shared/data."""

import pytest

from conftest import REPO, collection, data_folder


def test_a_folder_named_by_the_variable_is_used_even_when_empty(monkeypatch, tmp_path):
    monkeypatch.setenv("SUDOKU_DLX_DATA", str(tmp_path))
    assert data_folder() == tmp_path
    with pytest.raises(pytest.skip.Exception, match="no shared data"):
        collection("puzzles3_magictour_top1465")


def test_a_missing_folder_named_by_the_variable_means_no_data(monkeypatch, tmp_path):
    monkeypatch.setenv("SUDOKU_DLX_DATA", str(tmp_path / "absent"))
    assert data_folder() is None


def test_without_the_variable_the_folder_beside_the_repository_is_used(monkeypatch):
    monkeypatch.delenv("SUDOKU_DLX_DATA", raising=False)
    beside = REPO.parent / "shared" / "data"
    assert data_folder() == (beside if beside.is_dir() else None)
