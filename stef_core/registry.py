"""The plugin manager facade: loads ``stef`` entry points one by one, collects the classes the
registration hooks return, and answers lookups by id.

No global manager exists at import time: each :class:`Registry` owns its own
``pluggy.PluginManager``. A plugin that fails to import, or that implements a hook STEF does
not have (a misspelled ``stef_register_normalisers``, which pluggy's ``check_pending`` finds),
is reported (``load_errors``) and skipped; the others still load. ``stef eval`` and ``stef
calibrate`` refuse to run with such a plugin installed (a rule silently missing changes
scores); :class:`~stef_core.engine.Engine` built without a registry warns and goes on.
"""

from __future__ import annotations

import difflib
import importlib
from dataclasses import dataclass
from importlib import metadata
from types import ModuleType
from typing import Any, TypeVar, overload

import pluggy

from stef_core import hookspecs
from stef_core.contracts import (
    Aligner,
    Judge,
    Normalizer,
    Plugin,
    QuestionExtractor,
    Scorer,
    SqlExtractor,
)
from stef_core.errors import PluginError

ENTRY_POINT_GROUP = "stef"

#: stage name -> (hook name, base class)
STAGES: dict[str, tuple[str, type[Plugin]]] = {
    "sql_extractor": ("stef_register_extractors", SqlExtractor),
    "question_extractor": ("stef_register_extractors", QuestionExtractor),
    "normalizer": ("stef_register_normalizers", Normalizer),
    "aligner": ("stef_register_aligners", Aligner),
    "judge": ("stef_register_judges", Judge),
    "scorer": ("stef_register_scorers", Scorer),
}

P = TypeVar("P", bound=Plugin)


def stage_of(kind: type[Plugin]) -> str:
    """The stage whose plugins derive from base class ``kind`` (``Judge`` -> ``judge``).

    >>> stage_of(Judge), stage_of(QuestionExtractor)
    ('judge', 'question_extractor')
    """
    for stage, (_, base) in STAGES.items():
        if base is kind:
            return stage
    raise PluginError(f"{kind.__qualname__} is not a stage's base class in stef_core.contracts; "
                      "one of " + ", ".join(base.__name__ for _, base in STAGES.values()))


@dataclass(frozen=True)
class Provided:
    """A registered plugin class and where it came from."""

    cls: type[Plugin]
    stage: str
    provider: str  # entry point name or module
    distribution: str
    dist_version: str


@dataclass(frozen=True)
class LoadError:
    name: str
    distribution: str
    error: str


def did_you_mean(name: str, choices: list[str]) -> str:
    """``' (did you mean 'offline'?)'`` or ``''``."""
    close = difflib.get_close_matches(name, choices, n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


class Registry:
    """All plugins of one run, by stage and id."""

    def __init__(self) -> None:
        self.pm = pluggy.PluginManager("stef")
        self.pm.add_hookspecs(hookspecs)
        self.load_errors: list[LoadError] = []
        self._origin: dict[str, tuple[str, str, str]] = {}  # module name -> provider, dist, ver
        self._by_stage: dict[str, dict[str, Provided]] | None = None

    # ---- loading -----------------------------------------------------------------------

    @classmethod
    def discover(cls, extra: list[ModuleType | str] | None = None) -> Registry:
        """A registry with every installed ``stef`` entry point plus ``extra`` modules."""
        reg = cls()
        reg.load_entry_points()
        for mod in extra or []:
            reg.add(mod)
        return reg

    def load_entry_points(self) -> None:
        for ep in sorted(metadata.entry_points(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            dist = ep.dist.name if ep.dist is not None else "?"
            version = ep.dist.version if ep.dist is not None else "?"
            try:
                module = ep.load()
                self.add(module, provider=ep.name, distribution=dist, dist_version=version)
            except PluginError as exc:
                self.load_errors.append(LoadError(ep.name, dist, str(exc)))
            except Exception as exc:  # a broken third-party plugin must not stop the others
                self.load_errors.append(LoadError(ep.name, dist, f"{type(exc).__name__}: {exc}"))

    def add(
        self,
        module: ModuleType | str | object,
        *,
        provider: str | None = None,
        distribution: str = "local",
        dist_version: str = "",
    ) -> None:
        """Register a plugin module (or an object with hookimpls) directly."""
        if isinstance(module, str):
            module = importlib.import_module(module)
        name: str = provider or str(getattr(module, "__name__", repr(module)))
        if self.pm.is_registered(module):
            return
        self.pm.register(module, name=name)
        try:
            self.pm.check_pending()  # a hook STEF does not have: a misspelling, most likely
        except pluggy.PluginValidationError:
            unknown = self._unknown_hooks(module)
            self.pm.unregister(module)
            known = sorted(n for n in dir(hookspecs) if n.startswith("stef_"))
            raise PluginError(
                f"unknown hook {unknown!r}{did_you_mean(unknown, known)} in plugin {name!r}; "
                f"STEF's hooks: {', '.join(known)}"
            ) from None
        self._origin[name] = (name, distribution, dist_version)
        self._by_stage = None

    def _unknown_hooks(self, module: object) -> str:
        """The first hook ``module`` implements that has no spec."""
        for caller in self.pm.get_hookcallers(module) or []:
            if caller.spec is None:
                return caller.name
        return "?"

    def problems(self) -> list[LoadError]:
        """Every plugin that could not be loaded or registered (every hook called once, so
        that a registration hook that raises is among them)."""
        for stage in STAGES:
            self.plugins(stage)
        return list(self.load_errors)

    def check(self) -> None:
        """A :class:`PluginError` naming the first plugin that failed to load, if any: for the
        commands that must not score without it."""
        errors = self.problems()
        if errors:
            err = errors[0]
            more = f" ({len(errors) - 1} more: `stef plugins` lists them)" if len(errors) > 1 \
                else ""
            raise PluginError(
                f"plugin {err.name!r} from {err.distribution} failed to load: {err.error}; fix "
                f"or uninstall it (`stef plugins` lists every plugin){more}"
            )

    # ---- lookups -----------------------------------------------------------------------

    def _collect(self) -> dict[str, dict[str, Provided]]:
        if self._by_stage is not None:
            return self._by_stage
        by_stage: dict[str, dict[str, Provided]] = {stage: {} for stage in STAGES}
        hooks = {hook for hook, _ in STAGES.values()}
        for hook_name in sorted(hooks):
            caller = getattr(self.pm.hook, hook_name)
            for impl in caller.get_hookimpls():
                provider, dist, version = self._origin.get(
                    impl.plugin_name, (impl.plugin_name, "?", "?")
                )
                try:
                    classes: Any = impl.function()
                except Exception as exc:
                    self.load_errors.append(
                        LoadError(
                            provider, dist, f"{hook_name} failed: {type(exc).__name__}: {exc}"
                        )
                    )
                    continue
                for plugin_cls in classes or []:
                    stage = self._stage_of(hook_name, plugin_cls, provider)
                    if not plugin_cls.id:
                        raise PluginError(
                            f"plugin class {plugin_cls.__qualname__} from {provider!r} has no id"
                        )
                    seen = by_stage[stage].get(plugin_cls.id)
                    if seen is not None and seen.cls is not plugin_cls:
                        raise PluginError(
                            f"duplicate {stage.replace('_', ' ')} id {plugin_cls.id!r}: provided "
                            f"by {seen.provider!r} ({seen.distribution}) and by {provider!r} "
                            f"({dist}); uninstall one or rename its id"
                        )
                    by_stage[stage][plugin_cls.id] = Provided(
                        plugin_cls, stage, provider, dist, version
                    )
        self._by_stage = by_stage
        return by_stage

    @staticmethod
    def _stage_of(hook_name: str, plugin_cls: Any, provider: str) -> str:
        for stage, (hook, base) in STAGES.items():
            if hook == hook_name and isinstance(plugin_cls, type) and issubclass(plugin_cls, base):
                return stage
        raise PluginError(
            f"{provider!r}: {hook_name} returned {plugin_cls!r}, which is not a subclass of the "
            f"stage's base class in stef_core.contracts"
        )

    def plugins(self, stage: str) -> dict[str, Provided]:
        return dict(self._collect()[stage])

    @overload
    def get(self, kind: type[P], plugin_id: str) -> type[P]: ...

    @overload
    def get(self, kind: str, plugin_id: str) -> type[Plugin]: ...

    def get(self, kind: type[Plugin] | str, plugin_id: str) -> type[Plugin]:
        """The plugin class registered under ``plugin_id`` for a stage, named by its base
        class (``get(Judge, "offline")`` is typed ``type[Judge]``) or by its stage name
        (``get("judge", "offline")``); :class:`PluginError` with "did you mean" when none is.
        """
        stage = kind if isinstance(kind, str) else stage_of(kind)
        found = self._collect()[stage]
        if plugin_id not in found:
            label = stage.replace("_", " ")
            known = sorted(found)
            raise PluginError(
                f"unknown {label} {plugin_id!r}{did_you_mean(plugin_id, known)}; "
                f"known: {', '.join(known) or 'none'}"
            )
        return found[plugin_id].cls

    def normalizers(self) -> list[type[Normalizer]]:
        """Every normalization rule, in run order."""
        classes = [p.cls for p in self._collect()["normalizer"].values()]
        out = [c for c in classes if issubclass(c, Normalizer)]
        return sorted(out, key=lambda c: (c.order, c.id))

    def rule_ids(self) -> list[str]:
        return [c.id for c in self.normalizers()]
