"""The second core: the same results, in the same order, whether the work is forked or done in turn."""
from __future__ import annotations

import os

import pytest

from generator.handbook import workers


def _square_and_pid(x: int, plus: int = 0) -> tuple[int, int]:
    return x * x + plus, os.getpid()


@pytest.mark.parametrize("forked", [True, False])
def test_map_on_two_keeps_the_order_of_the_jobs(forked: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if forked and not workers.two_cores():
        pytest.skip("one core here: nothing is forked")
    monkeypatch.setattr(workers, "two_cores", lambda: forked)
    done = workers.map_on_two(_square_and_pid, [(x,) for x in range(7)])
    assert [value for value, _ in done] == [x * x for x in range(7)]
    assert any(pid != os.getpid() for _, pid in done) == forked
    assert workers.map_on_two(_square_and_pid, []) == []


@pytest.mark.parametrize("forked", [True, False])
def test_beside_returns_here_then_there(forked: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if forked and not workers.two_cores():
        pytest.skip("one core here: nothing is forked")
    monkeypatch.setattr(workers, "two_cores", lambda: forked)
    here, (there, pid) = workers.beside(lambda: "here", _square_and_pid, 3, plus=1)
    assert here == "here" and there == 10
    assert (pid != os.getpid()) == forked


def _niceness_and_pid() -> tuple[int, int]:
    return os.nice(0), os.getpid()


@pytest.mark.parametrize("forked", [True, False])
def test_a_process_that_gives_way_runs_at_the_lowest_priority_and_this_one_is_left_as_it_was(
        forked: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    if forked and not workers.two_cores():
        pytest.skip("one core here: nothing is forked")
    monkeypatch.setattr(workers, "two_cores", lambda: forked)
    before = os.nice(0)
    _, (niceness, pid) = workers.beside(lambda: None, _niceness_and_pid, gives_way=True)
    assert os.nice(0) == before
    # Done in turn, here, it must not lower this process's own priority for the rest of the build.
    assert niceness == (min(before + workers.GIVING_WAY, 19) if forked else before)
    assert (pid != os.getpid()) == forked
