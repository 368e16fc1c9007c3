"""The operator commands work on a fresh data dir (SQLite)."""

import pytest
from typer.testing import CliRunner

from plantdesk.cli import app


@pytest.fixture
def run(tmp_path, monkeypatch):
    monkeypatch.setenv("PLANTDESK_DATA_DIR", str(tmp_path))
    monkeypatch.delenv("PLANTDESK_DATABASE_URL", raising=False)
    runner = CliRunner()

    def invoke(*args: str):
        return runner.invoke(app, list(args))

    return invoke


class TestCli:
    def test_migrate_seed_and_operator_commands(self, run):
        assert run("migrate").output.strip() == "migrated"
        assert run("seed").output.strip() == "seeded"
        assert "already seeded" in run("seed").output
        created = run("create-tenant", "测试工厂", "--tenant-id", "222333")
        assert created.exit_code == 0 and "222333" in created.output
        assert run("create-tenant", "again", "--tenant-id", "222333").exit_code != 0
        assert "reset" in run("reset-password", "zhangwei", "--tenant", "356782").output
        assert run("reset-password", "nobody", "--tenant", "356782").exit_code != 0
        assert "0 session(s)" in run("kick", "admin").output

    def test_several_workers_need_redis(self, run, monkeypatch):
        monkeypatch.delenv("PLANTDESK_REDIS_URL", raising=False)
        result = run("serve", "--workers", "2", "--no-migrate")
        assert result.exit_code != 0 and "PLANTDESK_REDIS_URL" in result.output

    def test_several_workers_need_the_queue_mode(self, run, monkeypatch):
        monkeypatch.setenv("PLANTDESK_REDIS_URL", "redis://127.0.0.1:6379/15")
        monkeypatch.delenv("PLANTDESK_JOBS", raising=False)
        result = run("serve", "--workers", "2", "--no-migrate")
        assert result.exit_code != 0 and "PLANTDESK_JOBS=queue" in result.output

    def test_worker_needs_the_queue_mode(self, run, monkeypatch):
        monkeypatch.delenv("PLANTDESK_JOBS", raising=False)
        result = run("worker")
        assert result.exit_code != 0 and "PLANTDESK_JOBS=queue" in result.output
