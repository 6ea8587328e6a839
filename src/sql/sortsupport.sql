-- src/sql/sortsupport.sql: sorting support in the btree operator family,
-- as the update from 1.0 adds it

ALTER OPERATOR FAMILY bloom_btree_ops USING btree ADD
	FUNCTION 2 (bloom, bloom) bloom_sortsupport(pg_catalog.internal);
