"""Loaders and jobs are registered by `core.areas.wire()`, never by importing a module: a process that imported
less (a worker) would otherwise apply no data scope. Without its loaders a process refuses."""

import subprocess
import sys

import pytest

from plantdesk.core import datascope, permissions
from plantdesk.core.cache import MemoryCache
from plantdesk.core.context import Identity

BARE_IMPORT = """
import importlib, pkgutil
import plantdesk.modules
from plantdesk.core import areas, datascope, jobs, permissions
for module in pkgutil.walk_packages(plantdesk.modules.__path__, "plantdesk.modules."):
    importlib.import_module(module.name)
print(permissions._loader is None, datascope._loaders is None, jobs.declared() == {}, jobs._tenants is None)
areas.wire()
print(permissions._loader is None, datascope._loaders is None, "log.retention" in jobs.declared())
"""

USER = Identity(user_id=1, tenant_id="356782", account="u", client_id="c", session_id=1, role_ids=(9,))


def test_importing_every_module_registers_nothing_and_setup_registers_all():
    result = subprocess.run([sys.executable, "-c", BARE_IMPORT], capture_output=True, text=True, check=True)
    assert result.stdout.split("\n")[:2] == ["True True True True", "False False True"]


class TestWithoutLoaders:
    @pytest.fixture
    def bare(self, monkeypatch):
        monkeypatch.setattr(datascope, "_loaders", None)
        monkeypatch.setattr(permissions, "_loader", None)

    async def test_data_scope_refuses(self, bare):
        with pytest.raises(RuntimeError, match="not registered"):
            await datascope.clause(USER, "user", object, db=None, cache=MemoryCache())
        with pytest.raises(RuntimeError, match="not registered"):
            await datascope.api_denied(USER, "/api/blade-user/page", db=None, cache=MemoryCache())

    async def test_permissions_refuse(self, bare):
        with pytest.raises(RuntimeError, match="not registered"):
            await permissions.codes_for(USER, db=None, cache=MemoryCache())
