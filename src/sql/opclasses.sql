-- src/sql/opclasses.sql: the btree and hash operator classes

--
-- Operator classes
--

CREATE OPERATOR CLASS bloom_btree_ops
DEFAULT FOR TYPE bloom USING btree AS
	OPERATOR 1 #<#,
	OPERATOR 2 #<=#,
	OPERATOR 3 =,
	OPERATOR 4 #>=#,
	OPERATOR 5 #>#,
	FUNCTION 1 bloom_cmp(bloom, bloom);

-- @include sortsupport.sql

CREATE OPERATOR CLASS bloom_hash_ops
DEFAULT FOR TYPE bloom USING hash AS
	OPERATOR 1 =,
	FUNCTION 1 bloom_hash(bloom),
	FUNCTION 2 bloom_hash_extended(bloom, pg_catalog.int8);

