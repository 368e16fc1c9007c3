-- The alarm tracking demo's and tests' MariaDB accounts (docs/decisions.md "Alarm tracking"), run once as root:
--   mysql -uroot < scripts/mariadb-demo-accounts.sql
-- plantdesk_mes owns the plantdesk_mes* databases (the demo MES and the tests' throw-away ones);
-- plantdesk_reader may only read them: it is what the sources use.
CREATE USER IF NOT EXISTS 'plantdesk_mes'@'127.0.0.1' IDENTIFIED BY 'plantdesk_mes';
CREATE USER IF NOT EXISTS 'plantdesk_mes'@'localhost' IDENTIFIED BY 'plantdesk_mes';
GRANT ALL PRIVILEGES ON `plantdesk\_mes%`.* TO 'plantdesk_mes'@'127.0.0.1';
GRANT ALL PRIVILEGES ON `plantdesk\_mes%`.* TO 'plantdesk_mes'@'localhost';
CREATE USER IF NOT EXISTS 'plantdesk_reader'@'127.0.0.1' IDENTIFIED BY 'plantdesk-read-only';
CREATE USER IF NOT EXISTS 'plantdesk_reader'@'localhost' IDENTIFIED BY 'plantdesk-read-only';
GRANT SELECT ON `plantdesk\_mes%`.* TO 'plantdesk_reader'@'127.0.0.1';
GRANT SELECT ON `plantdesk\_mes%`.* TO 'plantdesk_reader'@'localhost';
FLUSH PRIVILEGES;
