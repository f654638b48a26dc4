"""metricc: evaluation metrics for structured prediction, declared in the
notation of Chen et al. (EMNLP 2023) and scored exactly, in process.

    import metricc
    spec = metricc.load("coref")
    res = spec.score("key.json", "response.jsonl")
    res["conll"].value, res["muc"].f1, res.to_dict()

docs/python.md in the repository is the guide. The Go core is loaded on
first use; a process forked after that scores through a worker process.
"""

from ._errors import (
    DataError,
    DataProblem,
    InternalError,
    MetriccError,
    MetriccWarning,
    NotFoundError,
    SpecError,
    SpecProblem,
)
from ._result import Comparison, Explanation, MetricResult, Metrics, Result
from ._spec import Accumulator, Spec, compare, compile, input_formats, load, specs, version

__version__ = "0.1.0"

__all__ = [
    "Accumulator",
    "Comparison",
    "DataError",
    "DataProblem",
    "Explanation",
    "InternalError",
    "MetricResult",
    "MetriccError",
    "MetriccWarning",
    "Metrics",
    "NotFoundError",
    "Result",
    "Spec",
    "SpecError",
    "SpecProblem",
    "compare",
    "compile",
    "input_formats",
    "load",
    "specs",
    "version",
]
