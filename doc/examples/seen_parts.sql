--
-- doc/examples/seen_parts.sql: doc/partitioned.md's recipe for one filter
-- of every URL ever seen, up to a billion of them at 1% (1.3 GB, more than
-- one value holds), kept as a table of its 1,024 parts of 1.3 MB.  A
-- statement-level trigger on visits folds each statement's new URLs into
-- the parts they fall in, and only those (a part is made when its first
-- URL comes); seen(url) reads the one part a URL belongs to.  Both
-- functions name their arguments' exact types and run with a search_path
-- of their own, so that no function or operator of another schema stands
-- in for the extension's (doc/maintenance.md says why).  sql/parts.sql
-- tests it, against such functions too.
--
CREATE TABLE visits (day date, url text);
CREATE TABLE seen_parts (part int PRIMARY KEY, f bloom NOT NULL);
CREATE FUNCTION seen_parts_add() RETURNS trigger
LANGUAGE plpgsql SET search_path = public, pg_temp AS $$
BEGIN
	INSERT INTO seen_parts AS s (part, f)
	SELECT bloom_part_of(url, 1000000000::bigint, 0.01::float8, 1024),
		   bloom_part_agg(url, 1000000000::bigint, 0.01::float8, 1024)
	  FROM new_visits WHERE url IS NOT NULL GROUP BY 1
	ON CONFLICT (part) DO UPDATE SET f = s.f | EXCLUDED.f;
	RETURN NULL;
END
$$;
CREATE TRIGGER visits_seen AFTER INSERT ON visits
	REFERENCING NEW TABLE AS new_visits
	FOR EACH STATEMENT EXECUTE FUNCTION seen_parts_add();
-- The test is in the select list, so that it only ever meets its own part
CREATE FUNCTION seen(url text) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE SET search_path = public, pg_temp AS $$
	SELECT coalesce((SELECT f @> url FROM seen_parts
					  WHERE part = bloom_part_of(url, 1000000000::bigint, 0.01::float8, 1024)),
					false)
$$;
