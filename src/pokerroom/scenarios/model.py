"""Results of running scenario files (SCENARIOS.md): what failed, where, expected vs actual."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenarioFailure:
    file: str
    step: str
    expected: str
    actual: str
    reason: str = ""

    def __str__(self) -> str:
        text = f"{self.file}: step {self.step}: expected {self.expected}, got {self.actual}"
        return f"{text} ({self.reason})" if self.reason else text


@dataclass(frozen=True, slots=True, kw_only=True)
class ScenarioResult:
    file: str
    name: str
    failures: tuple[ScenarioFailure, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.failures
