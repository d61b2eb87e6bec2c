"""The rules of an f-puzzles document as a plain test on a filled grid, and a brute-force
count on small grids: the third opinion of the held-out sets (scripts/make-heldout).

`satisfies(doc, grid)` says whether `grid` (n*n digits, row by row) keeps every rule of the
document; it shares no code with the CP-SAT model of scripts/cpsat-peer and reads each rule
as its meaning on a finished grid (a sum, an order, a count), not as constraints for a
search. `brute_count(doc, limit)` fills the rows, columns and regions by plain
backtracking (givens and given pencil marks only prune) and keeps the grids that satisfy
the rest: fine on 4x4 (288 grids at most), slow beyond. Standard library only.
"""


def box_shape(n):
    rows = max(d for d in range(1, n + 1) if n % d == 0 and d * d <= n)
    return rows, n // rows


def cell(name, n):
    row, col = name.upper()[1:].split("C")
    return (int(row) - 1) * n + int(col) - 1


def outside(name, n):
    """The n cells an outside clue looks along, nearest first."""
    row, col = (int(v) for v in name.upper()[1:].split("C"))
    if row == 0:
        return [r * n + col - 1 for r in range(n)]
    if row == n + 1:
        return [r * n + col - 1 for r in range(n - 1, -1, -1)]
    if col == 0:
        return [(row - 1) * n + c for c in range(n)]
    return [(row - 1) * n + c for c in range(n - 1, -1, -1)]


def regions(doc):
    n = doc["size"]
    rows, cols = box_shape(n)
    label = {}
    for r in range(n):
        for c in range(n):
            given = doc["grid"][r][c].get("region")
            label[r * n + c] = given if given is not None else (r // rows) * (n // cols) + c // cols
    groups = {}
    for i in range(n * n):
        groups.setdefault(label[i], []).append(i)
    return [g for g in groups.values() if len(g) == n]


def entropic_band(n, d):
    third, up = n // 3, (n + 2) // 3
    low = third if third * 2 + up == n else up
    middle = up if third * 2 + up == n else third
    if d <= low:
        return "low"
    return "middle" if d <= low + middle else "high"


def value_or(entry, default):
    v = entry.get("value")
    return default if v in (None, "") else int(v)


def lines_of(doc, key):
    n = doc["size"]
    return [[cell(name, n) for name in line] for e in doc.get(key, []) for line in e["lines"]]


def distinct(values):
    return len(set(values)) == len(values)


def neighbours4(i, n):
    r, c = divmod(i, n)
    return [rr * n + cc for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
            if 0 <= rr < n and 0 <= cc < n]


def satisfies(doc, g):
    """True when the filled grid g keeps every rule of doc (givens included)."""
    n = doc["size"]
    for r, row in enumerate(doc["grid"]):
        for c, entry in enumerate(row):
            if entry.get("given") and entry.get("value"):
                if g[r * n + c] != int(entry["value"]):
                    return False
            elif entry.get("givenPencilMarks"):
                if g[r * n + c] not in {int(d) for d in entry["givenPencilMarks"]}:
                    return False
    units = [list(range(r * n, r * n + n)) for r in range(n)]
    units += [list(range(c, n * n, n)) for c in range(n)]
    units += regions(doc)
    if doc.get("diagonal-"):
        units.append([k * (n + 1) for k in range(n)])
    if doc.get("diagonal+"):
        units.append([(n - 1 - k) * n + k for k in range(n)])
    for e in doc.get("extraregion", []):
        units.append([cell(x, n) for x in e["cells"]])
    for e in doc.get("killercage", []) + doc.get("cage", []):
        cage = [cell(x, n) for x in e["cells"]]
        units.append(cage)
        v = str(e.get("value", ""))
        if v.isdigit() and int(v) > 0 and sum(g[i] for i in cage) != int(v):
            return False
    if not all(distinct([g[i] for i in u]) for u in units):
        return False
    rows, cols = box_shape(n)
    if doc.get("disjointgroups"):
        for a in range(n * n):
            for b in range(a + 1, n * n):
                (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
                if ra % rows == rb % rows and ca % cols == cb % cols and g[a] == g[b]:
                    return False
    for key, moves in (("antiknight", {(1, 2), (2, 1)}), ("antiking", {(1, 1)})):
        if doc.get(key):
            for a in range(n * n):
                for b in range(a + 1, n * n):
                    (ra, ca), (rb, cb) = divmod(a, n), divmod(b, n)
                    if (abs(ra - rb), abs(ca - cb)) in moves and g[a] == g[b]:
                        return False
    dots = {}
    for e in doc.get("difference", []):
        a, b = (cell(x, n) for x in e["cells"])
        dots.setdefault(frozenset((a, b)), set()).add("difference")
        if abs(g[a] - g[b]) != value_or(e, 1):
            return False
    for e in doc.get("ratio", []):
        a, b = (cell(x, n) for x in e["cells"])
        dots.setdefault(frozenset((a, b)), set()).add("ratio")
        v = value_or(e, 2)
        if g[a] != v * g[b] and g[b] != v * g[a]:
            return False
    for e in doc.get("xv", []):
        a, b = (cell(x, n) for x in e["cells"])
        dots.setdefault(frozenset((a, b)), set()).add("xv")
        if g[a] + g[b] != (10 if str(e["value"]).upper() == "X" else 5):
            return False
    pairs = [(i, j) for i in range(n * n) for j in neighbours4(i, n) if i < j]
    # Two cells joined by a kropki dot, white or black, are free of non-consecutive
    # (dclamage's reading, docs/variants.md).
    kropki = {"difference", "ratio"}
    if doc.get("nonconsecutive") and any(
            abs(g[a] - g[b]) == 1 and not kropki & dots.get(frozenset((a, b)), set())
            for a, b in pairs):
        return False
    for kind in doc.get("negative", []):
        bad = {"difference": lambda p, q: abs(p - q) == 1,
               "ratio": lambda p, q: p == 2 * q or q == 2 * p,
               "xv": lambda p, q: p + q in (5, 10)}[kind]
        for a, b in pairs:
            if kind not in dots.get(frozenset((a, b)), ()) and bad(g[a], g[b]):
                return False
    for e in doc.get("odd", []):
        if g[cell(e["cell"], n)] % 2 == 0:
            return False
    for e in doc.get("even", []):
        if g[cell(e["cell"], n)] % 2 == 1:
            return False
    for line in lines_of(doc, "thermometer"):
        if any(g[a] >= g[b] for a, b in zip(line, line[1:])):
            return False
    for line in lines_of(doc, "slowthermometer"):
        if any(g[a] > g[b] for a, b in zip(line, line[1:])):
            return False
    for e in doc.get("arrow", []):
        pill = int("".join(str(g[cell(x, n)]) for x in e["cells"]))
        for line in e["lines"]:
            if sum(g[cell(x, n)] for x in line[1:]) != pill:
                return False
    # lines of published puzzles
    for e in doc.get("whispers", []):
        gap = value_or(e, (n + 1) // 2)
        for line in e["lines"]:
            digits = [g[cell(x, n)] for x in line]
            if any(abs(p - q) < gap for p, q in zip(digits, digits[1:])):
                return False
    for line in lines_of(doc, "renban"):
        digits = sorted(g[i] for i in line)
        if digits != list(range(digits[0], digits[0] + len(digits))):
            return False
    for line in lines_of(doc, "palindrome"):
        digits = [g[i] for i in line]
        if digits != digits[::-1]:
            return False
    for key, kind in (("entropicline", lambda d: entropic_band(n, d)),
                      ("modularline", lambda d: d % 3)):
        for line in lines_of(doc, key):
            for k in range(len(line) - 2):
                if len({kind(g[i]) for i in line[k:k + 3]}) != 3:
                    return False
            if len(line) == 2 and kind(g[line[0]]) == kind(g[line[1]]):
                return False
    for line in lines_of(doc, "nabner"):
        digits = [g[i] for i in line]
        if any(abs(p - q) < 2 for k, p in enumerate(digits) for q in digits[k + 1:]):
            return False
    for e in doc.get("clone", []):
        for a, b in zip(e["cells"], e["cloneCells"]):
            if g[cell(a, n)] != g[cell(b, n)]:
                return False
    for key, wrong in (("minimum", lambda p, q: p >= q), ("maximum", lambda p, q: p <= q)):
        marked = {cell(e["cell"], n) for e in doc.get(key, [])}
        for i in marked:
            if any(j not in marked and wrong(g[i], g[j]) for j in neighbours4(i, n)):
                return False
    # round two
    for e in doc.get("quadruple", []):
        held = [g[cell(x, n)] for x in e["cells"]]
        if any(held.count(int(v)) < [int(w) for w in e["values"]].count(int(v))
               for v in e["values"]):
            return False
    for e in doc.get("littlekillersum", []):
        if e.get("value") not in (None, "") and \
                sum(g[cell(x, n)] for x in e["cells"]) != int(e["value"]):
            return False
    for line in lines_of(doc, "betweenline"):
        if len(line) > 2:
            lo, hi = sorted((g[line[0]], g[line[-1]]))
            if not all(lo < g[i] < hi for i in line[1:-1]):
                return False
    for line in lines_of(doc, "lockout"):
        if len(line) >= 2:
            lo, hi = sorted((g[line[0]], g[line[-1]]))
            if hi - lo < n // 2 or any(lo <= g[i] <= hi for i in line[1:-1]):
                return False
    for e in doc.get("sandwichsum", []):
        digits = [g[i] for i in outside(e["cell"], n)]
        a, b = sorted((digits.index(1), digits.index(n)))
        if sum(digits[a + 1:b]) != int(e["value"]):
            return False
    for e in doc.get("xsum", []):
        digits = [g[i] for i in outside(e["cell"], n)]
        if sum(digits[:digits[0]]) != int(e["value"]):
            return False
    for e in doc.get("skyscraper", []):
        seen, top = 0, 0
        for d in (g[i] for i in outside(e["cell"], n)):
            if d > top:
                seen, top = seen + 1, d
        if seen != int(e["value"]):
            return False
    region_of = {i: k for k, reg in enumerate(regions(doc)) for i in reg}
    for line in lines_of(doc, "regionsumline"):
        sums, last = [], None
        for i in line:
            if i not in region_of:
                continue
            if region_of[i] != last:
                sums.append(0)
                last = region_of[i]
            sums[-1] += g[i]
        if len(set(sums)) > 1:
            return False
    for line in lines_of(doc, "zipperline"):
        half = len(line) // 2
        totals = {g[line[k]] + g[line[-1 - k]] for k in range(half)}
        if len(line) % 2:
            totals.add(g[line[half]])
        if len(totals) > 1:
            return False
    for line in lines_of(doc, "doublearrow"):
        if len(line) > 2 and g[line[0]] + g[line[-1]] != sum(g[i] for i in line[1:-1]):
            return False
    for e in doc.get("rowindexer", []):
        for i in (cell(x, n) for x in e["cells"]):
            r, c = divmod(i, n)
            if g[(g[i] - 1) * n + c] != r + 1:
                return False
    for e in doc.get("columnindexer", []):
        for i in (cell(x, n) for x in e["cells"]):
            r, c = divmod(i, n)
            if g[r * n + g[i] - 1] != c + 1:
                return False
    box = {i: reg for reg in regions(doc) for i in reg}
    for e in doc.get("boxindexer", []):
        for i in (cell(x, n) for x in e["cells"]):
            reg = box[i]
            if g[reg[g[i] - 1]] != reg.index(i) + 1:
                return False
    return True


def grids(doc):
    """Every grid with distinct digits in rows, columns and regions that keeps the givens."""
    n = doc["size"]
    allowed = []
    for r in range(n):
        for c in range(n):
            e = doc["grid"][r][c]
            if e.get("given") and e.get("value"):
                allowed.append([int(e["value"])])
            elif e.get("givenPencilMarks"):
                allowed.append(sorted({int(d) for d in e["givenPencilMarks"]}))
            else:
                allowed.append(list(range(1, n + 1)))
    region_of = {i: k for k, reg in enumerate(regions(doc)) for i in reg}
    g = [0] * (n * n)
    used = set()

    def place(i):
        if i == n * n:
            yield list(g)
            return
        r, c = divmod(i, n)
        for d in allowed[i]:
            keys = (("r", r, d), ("c", c, d), ("g", region_of.get(i, ("cell", i)), d))
            if any(k in used for k in keys):
                continue
            used.update(keys)
            g[i] = d
            yield from place(i + 1)
            used.difference_update(keys)
        g[i] = 0

    yield from place(0)


def brute_count(doc, limit=2):
    """(solutions up to limit, the first one as a string of digits)."""
    found, first = 0, None
    for grid in grids(doc):
        if satisfies(doc, grid):
            found += 1
            if first is None:
                first = "".join("123456789ABCDEFG"[d - 1] for d in grid)
            if found == limit:
                break
    return found, first
