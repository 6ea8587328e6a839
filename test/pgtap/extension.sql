--
-- extension.sql: pgTAP checks that the extension installs as declared
--
BEGIN;
CREATE EXTENSION IF NOT EXISTS pgtap;
CREATE EXTENSION bloomfilter;
SELECT plan(3);

SELECT has_extension('bloomfilter', 'bloomfilter is installed');
SELECT is((SELECT extversion FROM pg_extension WHERE extname = 'bloomfilter'),
          '1.1', 'its version is 1.1');
SELECT is((SELECT extrelocatable FROM pg_extension WHERE extname = 'bloomfilter'),
          true, 'it is relocatable');

SELECT * FROM finish();
ROLLBACK;
