-- bench/sql/many.sql: 1,000 filters of 100 kB (capacity 77,000 at 1%),
-- the rows of visits(url) dealt among them in turn; for setup.sql and
-- shapes.sql
CREATE TABLE many AS
	SELECT g, bloom_agg(url, 77000, 0.01) AS f
	FROM (SELECT row_number() OVER () % 1000 AS g, url FROM visits) AS v
	GROUP BY g;
