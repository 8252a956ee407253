"""Work done on the machine's second core, when it has one.

Forked, not spawned: a child starts with what this process has already loaded (WeasyPrint, the
corpus), and only a call's arguments and result travel between them. Without a second core, or
where forking is not offered, the same calls run one after the other here.
"""
from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any, TypeVar

T = TypeVar("T")
U = TypeVar("U")


def two_cores() -> bool:
    """Whether a second process would run beside this one, forked."""
    return (os.cpu_count() or 1) > 1 and "fork" in multiprocessing.get_all_start_methods()


def _forking(workers: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("fork"))


def map_on_two(fn: Callable[..., T], jobs: Sequence[tuple[Any, ...]]) -> list[T]:
    """`fn(*job)` for every job, in order: two at a time when there are two cores and two jobs.

    `fn` and the jobs' arguments are pickled to the workers: `fn` must be a module's function."""
    if len(jobs) > 1 and two_cores():
        with _forking(2) as pool:
            return list(pool.map(fn, *zip(*jobs)))
    return [fn(*job) for job in jobs]


def beside(here: Callable[[], T], there: Callable[..., U], *args: Any, gives_way: bool = False,
           **kwargs: Any) -> tuple[T, U]:
    """`here()` in this process while `there(*args, **kwargs)` runs in a forked one; in turn
    (here first) without a second core. `there` is pickled: a module's function, or a class's.

    `gives_way`: the forked process (and any it forks) runs at the lowest priority, taking only
    what `here` leaves of the cores; it then takes them all once `here` is done."""
    if not two_cores():
        return here(), there(*args, **kwargs)
    with _forking(1) as pool:
        later = pool.submit(_giving_way, there, args, kwargs) if gives_way else pool.submit(there, *args, **kwargs)
        return here(), later.result()


# Lowest: four WeasyPrint processes of equal priority on two cores each took about a third
# more processor time for the same work (switched out of a core more often).
GIVING_WAY = 19


def _giving_way(there: Callable[..., U], args: tuple[Any, ...], kwargs: dict[str, Any]) -> U:
    os.nice(GIVING_WAY)
    return there(*args, **kwargs)
