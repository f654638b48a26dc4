"""Results: what `metricc run --format json`, `metricc explain` and
`metricc compare` print, as Python objects."""

from __future__ import annotations

import copy
import html
from collections.abc import Mapping
from typing import Any, Dict, Iterator, List, Optional


class MetricResult:
    """One metric over the corpus (or one document, or one key of a
    breakdown).

    ``precision``, ``recall`` and ``f1`` are None for a metric that is
    arithmetic on other metrics' values (its ``value`` is set); ``value``
    is None for a metric without a value of its own (its normalizer is P,
    R or F). ``sums`` are the sums the values follow from; ``ci`` the
    bootstrap intervals, by field; ``search`` the latent-variable search
    statistics; ``by`` the rows of a breakdown, by key."""

    __slots__ = ("name", "_d", "_by")

    def __init__(self, name: str, d: dict):
        self.name = name
        self._d = d
        self._by: Optional[Dict[str, MetricResult]] = None

    @property
    def precision(self) -> Optional[float]:
        return self._d.get("precision")

    @property
    def recall(self) -> Optional[float]:
        return self._d.get("recall")

    @property
    def f1(self) -> Optional[float]:
        return self._d.get("f1")

    @property
    def value(self) -> Optional[float]:
        return self._d.get("value")

    @property
    def average(self) -> Optional[str]:
        """How the metric declares its aggregation ("macro", "micro(gold)",
        ...), when it does."""
        return self._d.get("average")

    @property
    def sums(self) -> Optional[Dict[str, float]]:
        return self._d.get("sums")

    @property
    def ci(self) -> Optional[Dict[str, List[float]]]:
        return self._d.get("ci")

    @property
    def search(self) -> Optional[Dict[str, Any]]:
        return self._d.get("search")

    @property
    def by(self) -> Dict[str, "MetricResult"]:
        if self._by is None:
            self._by = {k: MetricResult(k, v) for k, v in (self._d.get("by") or {}).items()}
        return self._by

    def to_dict(self) -> dict:
        return copy.deepcopy(self._d)

    def __repr__(self) -> str:
        fields = ", ".join(f"{k}={self._d[k]!r}" for k in ("precision", "recall", "f1", "value") if k in self._d)
        return f"MetricResult({self.name!r}, {fields})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MetricResult) and self.name == other.name and self._d == other._d

    __hash__ = None  # type: ignore[assignment]


class Metrics(Mapping):
    """The metrics of a corpus or a document, by name, in the spec's
    order."""

    __slots__ = ("_d", "_cache")

    def __init__(self, d: dict):
        self._d = d
        self._cache: Dict[str, MetricResult] = {}

    def __getitem__(self, name: str) -> MetricResult:
        r = self._cache.get(name)
        if r is None:
            r = MetricResult(name, self._d[name])
            self._cache[name] = r
        return r

    def __iter__(self) -> Iterator[str]:
        return iter(self._d)

    def __len__(self) -> int:
        return len(self._d)

    def __repr__(self) -> str:
        return "{" + ", ".join(f"{k!r}: {self[k]!r}" for k in self) + "}"


def _pct(v: Optional[float]) -> str:
    return "" if v is None else f"{100 * v:.2f}"


def _rows(metrics: Mapping) -> List[List[str]]:
    """Table rows as the command line prints them: name, P, R, F1 (in
    percent), and a metric's own value."""
    rows = []
    for name, m in metrics.items():
        d = m._d if isinstance(m, MetricResult) else m
        label = name + (f" ({d['average']})" if d.get("average") else "")
        if "precision" in d:
            extra = f"value {d['value']:.6g}" if "value" in d else ""
            rows.append([label, _pct(d.get("precision")), _pct(d.get("recall")), _pct(d.get("f1")), extra])
        else:
            rows.append([label, "", "", _pct(d.get("value")), ""])
        for key, row in (d.get("by") or {}).items():
            rows.append([f"{name}[{key}]", _pct(row.get("precision")), _pct(row.get("recall")), _pct(row.get("f1")), ""])
    return rows


def _text_table(rows: List[List[str]]) -> str:
    head = ["metric", "P", "R", "F1"]
    widths = [max(len(head[i]), *(len(r[i]) for r in rows)) if rows else len(head[i]) for i in range(4)]
    widths[1:] = [max(w, 7) for w in widths[1:]]

    def line(r: List[str], extra: str = "") -> str:
        s = r[0].ljust(widths[0]) + "".join("  " + r[i].rjust(widths[i]) for i in range(1, 4))
        return (s + ("  " + extra if extra else "")).rstrip()

    return "\n".join([line(head)] + [line(r[:4], r[4]) for r in rows])


def _html_table(rows: List[List[str]], caption: str) -> str:
    e = html.escape
    out = [f"<table><caption style='text-align:left'>{e(caption)}</caption>",
           "<thead><tr><th style='text-align:left'>metric</th><th>P</th><th>R</th><th>F1</th><th></th></tr></thead><tbody>"]
    for r in rows:
        out.append("<tr><td style='text-align:left'>" + e(r[0]) + "</td>" + "".join(f"<td>{e(c)}</td>" for c in r[1:4]) + f"<td style='text-align:left'>{e(r[4])}</td></tr>")
    out.append("</tbody></table>")
    return "".join(out)


class Result(Mapping):
    """The results of a run: a mapping from metric name to MetricResult, in
    the spec's order, with the number of documents and, when asked, each
    document's results. ``to_dict()`` is the object `metricc run --format
    json` prints."""

    def __init__(self, d: dict):
        self._d = d
        self._metrics = Metrics(d["metrics"])
        self._per_doc: Optional[Dict[str, Metrics]] = None

    @property
    def documents(self) -> int:
        """The number of document pairs scored."""
        return self._d["documents"]

    @property
    def per_doc(self) -> Optional[Dict[str, Metrics]]:
        """Each document's metrics by document id (its position from 1 when
        documents pair by position), in corpus order; None unless the run
        was asked for them (per_doc=True)."""
        if self._per_doc is None and "per_doc" in self._d:
            self._per_doc = {d["id"]: Metrics(d["metrics"]) for d in self._d["per_doc"]}
        return self._per_doc

    @property
    def params(self) -> Dict[str, float]:
        """The values of the spec's params the run used."""
        return dict(self._d.get("params") or {})

    @property
    def bootstrap(self) -> Optional[Dict[str, Any]]:
        return self._d.get("bootstrap")

    @property
    def macro(self) -> bool:
        return self._d.get("average") == "macro"

    def __getitem__(self, name: str) -> MetricResult:
        return self._metrics[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._metrics)

    def __len__(self) -> int:
        return len(self._metrics)

    def to_dict(self) -> dict:
        """The object `metricc run --format json` prints for this run."""
        return copy.deepcopy(self._d)

    def to_pandas(self, per_doc: bool = False):
        """A DataFrame with one row per metric and per breakdown key
        (columns metric, key, precision, recall, f1, value and the sums);
        with per_doc=True, one row per document and metric instead, with a
        document column. Needs pandas."""
        try:
            import pandas as pd
        except ImportError:
            raise ImportError("metricc: Result.to_pandas needs pandas (pip install pandas, or pip install 'metricc[pandas]')") from None
        sum_fields = ["pred_gold", "pred_pred", "gold_gold", "pred_gold_recall"]

        def rows_of(metrics: dict, doc: Optional[str]) -> List[dict]:
            rows = []
            for name, d in metrics.items():
                base = {"document": doc} if doc is not None else {}
                row = dict(base, metric=name, key=None)
                for f in ("precision", "recall", "f1", "value"):
                    row[f] = d.get(f)
                for f in sum_fields:
                    row[f] = (d.get("sums") or {}).get(f)
                rows.append(row)
                for key, r in (d.get("by") or {}).items():
                    kr = dict(base, metric=name, key=key, value=None)
                    for f in ("precision", "recall", "f1"):
                        kr[f] = r.get(f)
                    for f in sum_fields:
                        kr[f] = (r.get("sums") or {}).get(f)
                    rows.append(kr)
            return rows

        cols = ["metric", "key", "precision", "recall", "f1", "value"] + sum_fields
        if per_doc:
            if "per_doc" not in self._d:
                raise ValueError("metricc: to_pandas(per_doc=True) needs a run with per_doc=True")
            rows = [r for d in self._d["per_doc"] for r in rows_of(d["metrics"], d["id"])]
            return pd.DataFrame(rows, columns=["document"] + cols)
        return pd.DataFrame(rows_of(self._d["metrics"], None), columns=cols)

    def _caption(self) -> str:
        s = f"{self.documents} documents"
        if self.macro:
            s += "; P, R and F1 averaged over documents (macro)"
        if self.params:
            s += "; params " + ", ".join(f"{k}={v:g}" for k, v in self.params.items())
        return s

    def __str__(self) -> str:
        return _text_table(_rows(self._d["metrics"])) + "\n" + self._caption()

    def __repr__(self) -> str:
        return f"<metricc.Result: {self._caption()}>\n" + _text_table(_rows(self._d["metrics"]))

    def _repr_html_(self) -> str:
        return _html_table(_rows(self._d["metrics"]), self._caption())

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and self._d == other._d

    __hash__ = None  # type: ignore[assignment]


class Explanation:
    """The optimal alignment of one document pair under each metric, as
    `metricc explain` prints it: ``str()`` is the text tree, ``to_dict()``
    the object of --format json, ``html`` the page of --format html (which
    a notebook shows)."""

    def __init__(self, text: str, d: dict, page: str):
        self.text = text
        self._d = d
        self.html = page

    def to_dict(self) -> dict:
        return copy.deepcopy(self._d)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text

    def _repr_html_(self) -> str:
        # The page is self-contained (its styles and script); an iframe
        # keeps them from the notebook's and the notebook's from it.
        return (
            '<iframe style="width:100%;height:480px;border:1px solid #ddd" sandbox="allow-scripts" srcdoc="'
            + html.escape(self.html, quote=True)
            + '"></iframe>'
        )


class Comparison:
    """Two systems compared on the same gold (`metricc compare`):
    ``to_dict()`` is the object of --format json; ``rows`` its rows, one
    per metric, breakdown key and value."""

    def __init__(self, d: dict):
        self._d = d

    @property
    def documents(self) -> int:
        return self._d["documents"]

    @property
    def rows(self) -> List[dict]:
        out = []
        for name, m in self._d["metrics"].items():
            for field, diff in m.items():
                if field == "by":
                    for key, byfields in diff.items():
                        for f, dd in byfields.items():
                            out.append(dict(dd, metric=name, key=key, field=f))
                    continue
                out.append(dict(diff, metric=name, key=None, field=field))
        return out

    def to_dict(self) -> dict:
        return copy.deepcopy(self._d)

    def _table(self) -> List[List[str]]:
        rows = []
        for r in self.rows:
            if r["field"] not in ("f1", "value"):
                continue
            name = r["metric"] + (f"[{r['key']}]" if r["key"] is not None else "") + f" ({'F1' if r['field'] == 'f1' else r['field']})"
            rows.append([name, _pct(r.get("a")), _pct(r.get("b")), _signed(r.get("diff")),
                         f"[{_signed(r['ci'][0])}, {_signed(r['ci'][1])}]" if r.get("ci") else "",
                         _p(r.get("p_bootstrap")), _p(r.get("p_randomization"))])
        return rows

    def _caption(self) -> str:
        d = self._d
        return (f"A = {d['a']}, B = {d['b']}; {d['documents']} documents, {d['samples']} paired bootstrap "
                f"resamples and random permutations (seed {d['seed']}); intervals at level {d['level']:g}; p-values are two-sided")

    def __repr__(self) -> str:
        head = ["metric", "A", "B", "B − A", "interval", "p (boot)", "p (rand)"]
        rows = self._table()
        widths = [max(len(head[i]), *(len(r[i]) for r in rows)) if rows else len(head[i]) for i in range(7)]
        lines = ["  ".join(c.ljust(widths[i]) if i == 0 else c.rjust(widths[i]) for i, c in enumerate(r)) for r in [head] + rows]
        return "\n".join(lines + [self._caption()])

    def _repr_html_(self) -> str:
        e = html.escape
        head = ["metric", "A", "B", "B − A", "interval", "p (boot)", "p (rand)"]
        out = [f"<table><caption style='text-align:left'>{e(self._caption())}</caption><thead><tr>"]
        out += [f"<th>{e(h)}</th>" for h in head] + ["</tr></thead><tbody>"]
        for r in self._table():
            out.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>")
        out.append("</tbody></table>")
        return "".join(out)


def _signed(v: Optional[float]) -> str:
    if v is None:
        return "n/a"
    return f"{100 * v:+.2f}"


def _p(v: Optional[float]) -> str:
    return "n/a" if v is None else f"{v:.4f}"
