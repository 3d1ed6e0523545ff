"""``stef plugins``: what is registered, per stage, and what failed to load."""

from __future__ import annotations

import click

from stef_core.cli import cli


@cli.command("plugins")
def plugins_command() -> None:
    """List the registered plugins per stage (id, version, distribution)."""
    from stef_core.registry import STAGES, Registry

    registry = Registry.discover()
    for stage in STAGES:
        found = registry.plugins(stage)
        click.echo(f"{stage}:")
        if not found:
            click.echo("  (none)")
        for plugin_id, p in sorted(found.items()):
            click.echo(f"  {plugin_id:<22} v{p.cls.version:<4} {p.distribution} "
                       f"{p.dist_version}  {p.cls.description()}")
    for err in registry.load_errors:
        click.echo(f"failed to load plugin {err.name!r} from {err.distribution}: {err.error}",
                   err=True)
