"""Exact cover with the sudoku-dlx engine: any problem of items and options, read in
Knuth's format (``read_knuth``) or built from lists of names (``Problem``), then counted,
listed lazily or checked for a unique solution, with the GIL released and Ctrl-C heard.

Items are primary (covered exactly once) or secondary (at most once); an option is a list
of item names, a secondary one optionally colored as ``"name:color"`` (options that agree
on an item's color may share it, as in Knuth's ``dlx2``). A solution is a list of option
indices in increasing order. A primary item may be covered ``u`` to ``v`` times
(``"u:v|name"``, Knuth's ``dlx3``), and options may have costs (``costs=[...]`` or ``|n``
words in Knuth's format, his ``dlx5``): ``best(k)`` gives the ``k`` cheapest solutions
with their costs, ``min_cost()`` the least cost.

>>> from sudoku_dlx import xc
>>> queens = xc.Problem(
...     primary=[f"r{i}" for i in range(4)] + [f"c{i}" for i in range(4)],
...     secondary=[f"a{i}" for i in range(7)] + [f"b{i}" for i in range(7)],
...     options=[[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + 3}"] for r in range(4) for c in range(4)])
>>> queens.count()
2
>>> queens.first()
[1, 7, 8, 14]
>>> # Every square costs 1 but the top row's third, which costs nothing.
>>> costed = xc.Problem(primary=queens.primary, secondary=queens.secondary,
...                     options=queens.options, costs=[0 if k == 2 else 1 for k in range(16)])
>>> costed.best(2)
[(3, [2, 4, 11, 13]), (4, [1, 7, 8, 14])]
>>> costed.min_cost()
3
"""

from ._native import xc as _xc

InvalidProblem = _xc.InvalidProblem
Problem = _xc.Problem
Solutions = _xc.Solutions
read_knuth = _xc.read_knuth

__all__ = ["InvalidProblem", "Problem", "Solutions", "read_knuth"]
