"""What a PQL query returns: :class:`PQLResult`."""

from __future__ import annotations

import html
import math
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

__all__ = ["PQLResult"]


def _finite(value: Any) -> Any:
    """``value``, or None for a float that is NaN or infinite."""
    return None if isinstance(value, float) and not math.isfinite(value) else value


@dataclass(frozen=True)
class PQLResult(Mapping[str, Any]):
    """The selectors' values by name (``result["eq"]``), in query order.

    ``avg``: the weighted mean (a float; ``fractionalRiverEquity`` gives an
    exact :class:`~fractions.Fraction`); ``count``: the share of the trials
    in which the condition held (0..1; ``hits[name]`` has the weight of
    those trials); ``histogram``: a dict value -> share of trials; ``max`` /
    ``min``: the extreme value seen. ``trials``: the deals that passed the
    ``where`` clause (their total weight when ranges are weighted);
    ``deals``: all deals looked at; ``exact``: whether every deal was
    enumerated; ``seed`` the Monte Carlo seed (None when exact);
    ``timed_out``: Monte Carlo stopped early by ``timeout``.
    """

    data: dict[str, Any]
    kinds: dict[str, str]
    trials: int
    deals: int
    exact: bool
    seed: int | None
    hits: dict[str, int] = field(default_factory=dict)
    timed_out: bool = False
    query: str = ""

    def __getitem__(self, name: str) -> Any:
        return self.data[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.data)

    def __len__(self) -> int:
        return len(self.data)

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready data: the values (fractions as floats, with their
        text in ``fractions``), trials, deals, exact, seed, timed_out. A value
        that is not a finite number (``avg(0/0)``, ``max(1/0)``) is ``None``,
        so the data is strict JSON (RFC 8259 has no NaN or Infinity).

        >>> import json
        >>> from omaha8_fast import pql
        >>> r = pql.run("select avg(0/0) as n, max(1/0) as i, avg(1) as one from game='omaha8', "
        ...             "hero='AsAd2s3d', villain='KhKd9c8c', board='2h7s8h4c'")
        >>> json.dumps(r.to_dict()["values"], allow_nan=False)
        '{"n": null, "i": null, "one": 1.0}'
        """
        values: dict[str, Any] = {}
        fractions: dict[str, str] = {}
        for name, value in self.data.items():
            if isinstance(value, Fraction):
                fractions[name] = str(value)
                value = float(value)
            elif isinstance(value, dict):
                value = {str(k): _finite(float(v)) for k, v in value.items()}
            values[name] = _finite(value)
        out: dict[str, Any] = {"values": values, "trials": self.trials, "deals": self.deals, "exact": self.exact,
                               "seed": self.seed, "timed_out": self.timed_out}
        if fractions:
            out["fractions"] = fractions
        return out

    def __str__(self) -> str:
        lines = []
        for name, value in self.data.items():
            if isinstance(value, dict):
                lines.append(f"{name}:")
                lines += [f"  {k}: {100 * v:.2f}%" for k, v in value.items()]
            elif self.kinds[name] == "count":
                lines.append(f"{name}: {100 * value:.2f}% ({self.hits[name]:,} of {self.trials:,})")
            elif isinstance(value, Fraction):
                lines.append(f"{name}: {float(value):.6f} ({value})")
            else:
                lines.append(f"{name}: {value:.6g}" if isinstance(value, float) else f"{name}: {value}")
        how = "exact" if self.exact else f"Monte Carlo, seed {self.seed}"
        lines.append(f"{self.trials:,} trials ({how}{', timed out' if self.timed_out else ''})")
        return "\n".join(lines)

    def _repr_html_(self) -> str:
        rows = []
        for name, value in self.data.items():
            if isinstance(value, dict):
                cell = "<br>".join(f"{html.escape(str(k))}: {100 * v:.2f}%" for k, v in value.items())
            elif self.kinds[name] == "count":
                cell = f"{100 * value:.2f}%"
            else:
                cell = html.escape(str(value))
            rows.append(f"<tr><td>{html.escape(name)}</td><td>{html.escape(self.kinds[name])}</td><td>{cell}</td></tr>")
        how = "exact" if self.exact else f"Monte Carlo (seed {self.seed})"
        return ("<table><thead><tr><th>name</th><th>selector</th><th>value</th></tr></thead><tbody>"
                + "".join(rows) + f"</tbody></table><p>{self.trials:,} trials, {how}</p>")

    def plot(self, name: str | None = None, ax: Any = None) -> Any:
        """Bar chart of a histogram selector (the first one unless ``name``);
        needs matplotlib (the ``plot`` extra). Returns the axes."""
        names = [n for n, v in self.data.items() if isinstance(v, dict)]
        if name is None:
            if not names:
                raise ValueError("this result has no histogram to plot")
            name = names[0]
        if name not in names:
            raise ValueError(f"{name!r} is not a histogram of this result (histograms: {names or 'none'})")
        try:
            import matplotlib.pyplot as plt
        except ImportError:
            raise ImportError("plotting needs matplotlib: pip install 'omaha8_fast[plot]'") from None
        if ax is None:
            _, ax = plt.subplots(figsize=(7, 4))
        data = self.data[name]
        ax.bar([str(k) for k in data], [100 * v for v in data.values()])
        ax.set_ylabel("% of trials")
        ax.set_title(name)
        ax.tick_params(axis="x", labelrotation=45)
        return ax
