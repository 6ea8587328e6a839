--
-- setup: create the extension that the other regression files use
--
CREATE EXTENSION bloomfilter;
SELECT extname, extversion, extrelocatable
  FROM pg_extension WHERE extname = 'bloomfilter';
