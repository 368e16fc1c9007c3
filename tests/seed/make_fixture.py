"""Rebuild tests/fixtures/release_56b9e82.sql.gz, the database of an older release that test_sync upgrades.

    uv run python tests/seed/make_fixture.py

Release 56b9e82 (2026-11-24) is checked out into a temporary worktree, migrated and seeded there (on this
checkout's virtualenv: its dependencies are a subset), and then edited as a site would have: the operator
renamed a menu, added one of their own, removed a button and made a package of every menu; and what a still
older release lacked is taken out (the knowledge base area, a dictionary, a business dictionary, a parameter).
"""

import gzip
import os
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path

RELEASE = "56b9e82"
ROOT = Path(__file__).resolve().parents[2]
FIXTURE = ROOT / "tests" / "fixtures" / f"release_{RELEASE}.sql.gz"

SITE = """
UPDATE blade_menu SET name = '公告通知' WHERE code = 'notice';
INSERT INTO blade_menu (id, parent_id, code, name, name_en, alias, path, source, sort, category, action, is_open,
                        is_show, menu_type, is_deleted)
SELECT 900001, id, 'ops_wiki', '运维手册', 'Operations wiki', 'menu', '/desk/opswiki', 'BookOutlined', 9, 1, 0, 1,
       1, 'sys', 0 FROM blade_menu WHERE code = 'desk';
UPDATE blade_menu SET is_deleted = 1 WHERE code = 'user_import';
DELETE FROM blade_role_menu WHERE menu_id IN (SELECT id FROM blade_menu WHERE code = 'knowledgebase'
    OR parent_id IN (SELECT id FROM blade_menu WHERE code = 'knowledgebase')
    OR parent_id IN (SELECT id FROM blade_menu WHERE parent_id IN
        (SELECT id FROM blade_menu WHERE code = 'knowledgebase')));
DELETE FROM blade_menu WHERE parent_id IN (SELECT id FROM blade_menu WHERE parent_id IN
    (SELECT id FROM blade_menu WHERE code = 'knowledgebase'));
DELETE FROM blade_menu WHERE parent_id IN (SELECT id FROM blade_menu WHERE code = 'knowledgebase');
DELETE FROM blade_menu WHERE code = 'knowledgebase';
INSERT INTO blade_tenant_package (id, package_name, menu_id, remark, is_deleted, status)
SELECT 900002, '全部菜单', group_concat(id), NULL, 0, 1 FROM blade_menu WHERE is_deleted = 0;
INSERT INTO blade_tenant_package (id, package_name, menu_id, remark, is_deleted, status)
SELECT 900003, '工作台', group_concat(id), NULL, 0, 1 FROM blade_menu WHERE code IN ('desk', 'notice');
DELETE FROM blade_dict WHERE code = '2001';
DELETE FROM blade_dict_biz WHERE code = 'measure_unit';
DELETE FROM blade_param WHERE param_key = 'log.retentionDays';
"""


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        checkout, data = Path(tmp) / "release", Path(tmp) / "data"
        subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", str(checkout), RELEASE], check=True)
        try:
            env = {**os.environ, "PYTHONPATH": str(checkout), "PLANTDESK_DATA_DIR": str(data),
                   "PLANTDESK_DATABASE_URL": "", "PLANTDESK_REDIS_URL": "", "PLANTDESK_JOBS": "embedded"}
            for command in ("migrate", "seed"):
                subprocess.run([sys.executable, "-m", "plantdesk", command], cwd=checkout, env=env, check=True)
        finally:
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(checkout)], check=True)
        connection = sqlite3.connect(data / "plantdesk.db")
        connection.executescript(SITE)
        connection.commit()
        FIXTURE.write_bytes(gzip.compress("\n".join(connection.iterdump()).encode(), mtime=0))
        connection.close()


if __name__ == "__main__":
    main()
