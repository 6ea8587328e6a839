--
-- retag.sql: a filter of an enum or composite type after the type was
-- renamed (issue 16, item 13)
--
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TYPE point3 AS (x int, y int, z int);
CREATE TABLE moods AS
SELECT bloom_agg(m) AS f FROM unnest(ARRAY['sad', 'happy']::mood[]) AS m;
CREATE TABLE points AS
SELECT bloom_agg(ROW(g, g, g)::point3) AS f FROM generate_series(1, 100) AS g;
SELECT (bloom_info(f)).value_kind FROM moods;

-- a kind is a hash of the type's name: renamed, the type's filters hold a
-- kind no type has, and a probe is refused
ALTER TYPE mood RENAME TO feeling;
ALTER TYPE point3 RENAME TO triple;
SELECT (bloom_info(f)).value_kind LIKE 'unknown (kind %)' AS unknown_kind FROM moods;
SELECT f @> 'happy'::feeling FROM moods;

-- re-tagged, they answer as before: the values hash as they did
UPDATE moods SET f = bloom_retag(f, 'feeling');
UPDATE points SET f = bloom_retag(f, 'triple');
SELECT (bloom_info(f)).value_kind, f @> 'happy'::feeling AS happy,
       f @> 'ok'::feeling AS ok
FROM moods;
SELECT (SELECT count(*) FROM generate_series(1, 100) AS g
        WHERE NOT f @> ROW(g, g, g)::triple) AS false_negatives
FROM points;
-- re-tagging to the type it already names changes nothing
SELECT bloom_retag(f, 'feeling') = f AS unchanged FROM moods;

-- refused where it could mix up types
SELECT bloom_retag(bloom_agg(g), 'feeling') FROM generate_series(1, 3) AS g;
SELECT bloom_retag(f, 'triple') FROM moods;
SELECT bloom_retag(f, 'int4') FROM moods;

-- the names of kinds are kept while no type changes: a rename, even in
-- one transaction, one statement to the next, shows at once
BEGIN;
SELECT (bloom_info(f)).value_kind AS before_rename FROM moods;
ALTER TYPE feeling RENAME TO sentiment;
SELECT (bloom_info(f)).value_kind LIKE 'unknown (kind %)' AS unknown_kind FROM moods;
ALTER TYPE sentiment RENAME TO feeling;
SELECT (bloom_info(f)).value_kind AS renamed_back FROM moods;
COMMIT;

DROP TABLE moods, points;
DROP TYPE feeling, triple;
