"""Deterministic series for the tests: the same numbers on every run."""
from __future__ import annotations

import calendar
import math
from typing import List


def seasonal(n: int, offset: int = 0, level: float = 100.0) -> List[float]:
    """A monthly-looking series: level, a slow trend, a yearly wave and a fixed wobble."""
    return [level + 0.05 * i + 10 * math.sin(2 * math.pi * (i + offset) / 12) + ((i * 7919 + offset) % 13) / 4 for i in range(n)]


def month_ends(year: int, month: int, n: int) -> List[str]:
    """n month-end dates from the given month on, as RFC 3339 dates."""
    out = []
    for k in range(n):
        y, m = year + (month - 1 + k) // 12, (month - 1 + k) % 12 + 1
        out.append(f"{y:04d}-{m:02d}-{calendar.monthrange(y, m)[1]:02d}")
    return out
