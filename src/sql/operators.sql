-- src/sql/operators.sql: the operators on filters

--
-- Operators
--

-- @include selectivity.sql

-- No bloom @> bloom: it would capture f @> 'literal' as a bloom input
CREATE OPERATOR @> (
	LEFTARG = bloom,
	RIGHTARG = pg_catalog.anycompatible,
	FUNCTION = bloom_contains,
	COMMUTATOR = <@,
	RESTRICT = bloom_membership_sel
);

CREATE OPERATOR <@ (
	LEFTARG = pg_catalog.anycompatible,
	RIGHTARG = bloom,
	FUNCTION = bloom_contained,
	COMMUTATOR = @>,
	RESTRICT = bloom_membership_sel
);

CREATE OPERATOR | (
	LEFTARG = bloom,
	RIGHTARG = bloom,
	FUNCTION = bloom_union,
	COMMUTATOR = |
);

CREATE OPERATOR & (
	LEFTARG = bloom,
	RIGHTARG = bloom,
	FUNCTION = bloom_intersect,
	COMMUTATOR = &
);

CREATE OPERATOR # (
	RIGHTARG = bloom,
	FUNCTION = bloom_cardinality
);

CREATE OPERATOR = (
	LEFTARG = bloom,
	RIGHTARG = bloom,
	FUNCTION = bloom_eq,
	COMMUTATOR = =,
	NEGATOR = <>,
	RESTRICT = pg_catalog.eqsel,
	JOIN = pg_catalog.eqjoinsel,
	HASHES,
	MERGES
);

CREATE OPERATOR <> (
	LEFTARG = bloom,
	RIGHTARG = bloom,
	FUNCTION = bloom_ne,
	COMMUTATOR = <>,
	NEGATOR = =,
	RESTRICT = pg_catalog.neqsel,
	JOIN = pg_catalog.neqjoinsel
);

-- The ordering operators exist only for the btree operator class: the
-- order of the serialized bytes means nothing else, hence the odd names
CREATE OPERATOR #<# (
	LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_lt,
	COMMUTATOR = #>#, NEGATOR = #>=#,
	RESTRICT = pg_catalog.scalarltsel, JOIN = pg_catalog.scalarltjoinsel
);
CREATE OPERATOR #<=# (
	LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_le,
	COMMUTATOR = #>=#, NEGATOR = #>#,
	RESTRICT = pg_catalog.scalarlesel, JOIN = pg_catalog.scalarlejoinsel
);
CREATE OPERATOR #># (
	LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_gt,
	COMMUTATOR = #<#, NEGATOR = #<=#,
	RESTRICT = pg_catalog.scalargtsel, JOIN = pg_catalog.scalargtjoinsel
);
CREATE OPERATOR #>=# (
	LEFTARG = bloom, RIGHTARG = bloom, FUNCTION = bloom_ge,
	COMMUTATOR = #<=#, NEGATOR = #<#,
	RESTRICT = pg_catalog.scalargesel, JOIN = pg_catalog.scalargejoinsel
);

COMMENT ON OPERATOR @> (bloom, pg_catalog.anycompatible) IS 'false if the value was never added to the filter; true if it probably was';
COMMENT ON OPERATOR <@ (pg_catalog.anycompatible, bloom) IS 'false if the value was never added to the filter; true if it probably was';
COMMENT ON OPERATOR | (bloom, bloom) IS 'union';
COMMENT ON OPERATOR & (bloom, bloom) IS 'intersection';
COMMENT ON OPERATOR # (NONE, bloom) IS 'estimated number of distinct values added';
COMMENT ON OPERATOR = (bloom, bloom) IS 'same filter';
COMMENT ON OPERATOR <> (bloom, bloom) IS 'different filters';
COMMENT ON OPERATOR #<# (bloom, bloom) IS 'sorts before, for the btree operator class only';
COMMENT ON OPERATOR #<=# (bloom, bloom) IS 'sorts before or is equal, for the btree operator class only';
COMMENT ON OPERATOR #># (bloom, bloom) IS 'sorts after, for the btree operator class only';
COMMENT ON OPERATOR #>=# (bloom, bloom) IS 'sorts after or is equal, for the btree operator class only';

