#!/usr/bin/perl
# test/t/upgrade.t: ALTER EXTENSION UPDATE from the released 1.0 keeps every
# stored filter and its answers, and leaves the same SQL surface as a fresh
# install of the default version.
#
# As PostgreSQL's own extension upgrade tests do: in one database the
# extension is created at version 1.0 (from the released script, which must
# be unchanged; no release installs it any more, so the cluster runs from
# the private installation tree of lib/Catalog10.pm, which can), the varied filters of test/lib/VariedFilters.pm are stored
# (empty, exact, auto-sized and out of line in TOAST, sized ones of several
# kinds) and a table of values, and a set of queries is answered: the
# filters' bytes, bloom_info (the columns of 1.0), estimates, membership of
# probe values, every pair's union, intersection and joint estimates (or
# the error they give), casts, aggregates over the table and the operators
# and operator classes.  After ALTER EXTENSION bloomfilter UPDATE the
# version must be the control file's default, every query must answer the
# same, and bloom_info must have its new column.
#
# Then a second database gets CREATE EXTENSION bloomfilter (the default
# version's full script), and the extension's members in both databases
# (pg_depend deptype 'e') are described from the catalogs, with their
# signatures, properties and comments: functions, aggregates, types,
# operators, operator classes and families with their members, casts, the
# extension itself.  Both descriptions must be equal, one assertion per kind
# of object, the differing lines printed.  Both sides are described alike,
# so a server that records more members (PostgreSQL 17 records array types
# such as bloom[]) needs no special case.  Last, changes made to the fresh
# database must show up as differences of the right kinds.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest copy => ['test/build/catalog-1.0'];
use Catalog10;
use VariedFilters;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Digest::SHA qw(sha256_hex);
use Test::More;

# The released 1.0 install script, which must never change
my $released_1_0 = 'e33a1a1bb00a60dda5232643ab458faa41b0d4c648ca91dfd8cdaccf52a7e647';

my $source = BloomTest::source_dir();
my $large  = 700_000;

# The default version, as the control file says
my ($default_version) =
  slurp_file("$source/bloomfilter.control") =~ /^default_version\s*=\s*'([^']+)'/m;

# The script is the released one
is(sha256_hex(slurp_file("$source/test/upgrade/bloomfilter--1.0.sql")),
	$released_1_0, 'test/upgrade/bloomfilter--1.0.sql is byte for byte as released');

my $node = PostgreSQL::Test::Cluster->new('upgrade',
	install_path => Catalog10::installation_path());
$node->init;
$node->start;

# The output of $sql in database $db, or why there is none, so that a
# failing query fails its own assertion and not the whole test
sub answer
{
	my ($db, $sql) = @_;
	my ($out, $err);

	my $status = $node->psql($db, $sql, stdout => \$out, stderr => \$err);
	return $status == 0 ? $out : "psql failed ($status): $err";
}

# Version 1.0, the filters and the values
$node->safe_psql('postgres', 'CREATE DATABASE upgraded');
Catalog10::create($node, 'upgraded');
is(answer('upgraded',
		q{SELECT extversion FROM pg_extension WHERE extname = 'bloomfilter'}),
	'1.0', 'the extension is created at version 1.0');

my $rows = VariedFilters::create($node, 'upgraded', $large);
$node->safe_psql(
	'upgraded', q{
CREATE TABLE vals AS
SELECT i, 'value ' || i AS t, md5(i::text)::uuid AS u
  FROM generate_series(1, 50000) AS i;
-- the result of a query as text, or the error it raises
CREATE FUNCTION answer_of(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
	result text;
BEGIN
	EXECUTE query INTO result;
	RETURN result;
EXCEPTION WHEN others THEN
	RETURN SQLSTATE || ' ' || SQLERRM;
END $$;
});

# The setup is what the test means it to be
my $toast = answer('upgraded',
	q{SELECT reltoastrelid::regclass FROM pg_class WHERE relname = 'filters'});
is(answer('upgraded', qq{
SELECT string_agg(DISTINCT (bloom_info(f)).layout, ','),
	   bool_or((bloom_info(f)).auto_sized), bool_or(NOT (bloom_info(f)).auto_sized),
	   (SELECT count(DISTINCT chunk_id) > 0 FROM $toast)
  FROM filters}),
	'blocks,exact|t|t|t',
	'exact and block filters, auto-sized and sized, one out of line in TOAST');

# Membership of probe values of each filter's kind: how many test
# positive by @>, <@ and bloom_contains, the md5 of the answers in order,
# and the filter with one more value added
my $membership = join("\nUNION ALL\n", map {
	my ($id, undef, undef, $probe) = @$_;
	defined $probe ? qq{
SELECT id, count(*) FILTER (WHERE f @> ($probe)),
	   count(*) FILTER (WHERE ($probe) <@ f),
	   count(*) FILTER (WHERE bloom_contains(f, $probe)),
	   md5(string_agg((f @> ($probe))::int::text, '' ORDER BY g)),
	   (SELECT md5(bloom_add(f, $probe)::bytea) FROM (SELECT -1 AS g) AS one)
  FROM filters, generate_series(-10000, 30000) AS g
 WHERE id = $id GROUP BY id, f} : ()
} VariedFilters::rows($large)) . "\nORDER BY id";

# The queries answered before and after the update, by name
my @queries = (
	[ 'stored bytes' => $VariedFilters::FINGERPRINTS ],
	[ 'bloom_info, the columns of 1.0' => q{
SELECT id, version, layout, hash, bytes, bits, blocks, bits_set, fill_ratio, hashes,
	   capacity, target_fpr, auto_sized, cardinality, fpr, value_kind
  FROM filters, bloom_info(f) ORDER BY id} ],
	[ 'estimates' => 'SELECT id, # f, bloom_cardinality(f), bloom_fpr(f) FROM filters ORDER BY id' ],
	[ 'membership of probe values' => $membership ],
	[ 'pairs: union, intersection, joint estimates, comparisons' => q{
SELECT a.id, b.id, answer_of(format($$
SELECT concat_ws(' ', md5((a.f | b.f)::bytea), md5((a.f & b.f)::bytea),
				 bloom_union_cardinality(a.f, b.f),
				 bloom_intersection_cardinality(a.f, b.f), bloom_jaccard(a.f, b.f),
				 a.f = b.f, a.f <> b.f, a.f #<# b.f, a.f #<=# b.f, a.f #># b.f, a.f #>=# b.f)
  FROM filters AS a, filters AS b WHERE a.id = %s AND b.id = %s$$, a.id, b.id))
  FROM filters AS a, filters AS b ORDER BY 1, 2} ],
	[ 'casts' => q{
SELECT id, f::bytea::bloom = f, f::text::bloom = f, md5(f::text),
	   answer_of(format('SELECT %L::bytea::bloom', substr(f::bytea, 1, 20)))
  FROM filters ORDER BY id} ],
	[ 'aggregates over a table' => q{
SELECT md5(bloom_agg(i)::bytea), md5(bloom_agg(t)::bytea),
	   md5(bloom_agg(u, 100000, 0.001)::bytea), md5(bloom_agg(i::bigint, 60000, 0.01)::bytea),
	   md5(bloom_agg(t) FILTER (WHERE i <= 5)::bytea)
  FROM vals} ],
	[ 'aggregates by group, union and intersection of the groups' => q{
WITH g AS (SELECT i % 7 AS k, bloom_agg(t, 60000, 0.01) AS f FROM vals GROUP BY 1)
SELECT string_agg(md5(f::bytea), ',' ORDER BY k),
	   md5(bloom_union_agg(f)::bytea), md5(bloom_intersect_agg(f)::bytea)
  FROM g} ],
	[ 'operators over a table' => q{
WITH w AS (SELECT bloom_agg(t) AS f FROM vals WHERE i % 3 = 0)
SELECT count(*) FILTER (WHERE t <@ w.f), count(*) FILTER (WHERE w.f @> t),
	   count(*) FILTER (WHERE bloom_contains(w.f, t))
  FROM vals, w} ],
	[ 'btree and hash operator classes' => q{
SET enable_hashagg = off;
SELECT string_agg(id::text, ',' ORDER BY f, id) FROM filters;
SELECT count(DISTINCT f) FROM filters;
SET enable_hashagg = on; SET enable_sort = off;
SELECT count(*) FROM (SELECT f FROM filters GROUP BY f) AS grouped;
SET enable_mergejoin = off; SET enable_nestloop = off;
SELECT count(*) FROM filters AS a JOIN filters AS b ON a.f = b.f;
SET enable_hashjoin = off; SET enable_mergejoin = on; SET enable_sort = on;
SELECT count(*) FROM filters AS a JOIN filters AS b ON a.f = b.f;
} ],
);

my %before = map { $_->[0] => answer('upgraded', $_->[1]) } @queries;
my @unanswered = grep { $before{$_} eq '' || $before{$_} =~ /^psql failed/ }
  map { $_->[0] } @queries;
is("@unanswered", '', 'every query answers before the update')
  or diag(map { "$_: $before{$_}\n" } @unanswered);

# The catalog as this release's library meets it, and the update
Catalog10::as_released($node, 'upgraded');
like(answer('upgraded', 'SELECT bloom_create(10, 0.01)'),
	qr/could not find function "bloom_create"/,
	"before the update, 1.0's bloom_create is an error");
is(answer('upgraded', 'ALTER EXTENSION bloomfilter UPDATE'), '',
	'ALTER EXTENSION bloomfilter UPDATE');
is(answer('upgraded',
		q{SELECT extversion FROM pg_extension WHERE extname = 'bloomfilter'}),
	$default_version, "the extension is at the default version, $default_version");

for my $query (@queries)
{
	my ($name, $sql) = @$query;
	is(answer('upgraded', $sql), $before{$name}, "after the update: $name, the same");
}

# bloom_info, made again by the update, has the column 1.1 added: the
# standard error of the count, 0 for an exact or an empty filter only
is(answer('upgraded', q{
SELECT count(*), count(*) FILTER (WHERE (layout = 'exact' OR bits_set = 0) = (cardinality_stderr = 0))
  FROM filters, bloom_info(f) WHERE f IS NOT NULL}),
	answer('upgraded', 'SELECT count(f), count(f) FROM filters'),
	'after the update: bloom_info has cardinality_stderr, 0 for exact and empty filters only');

# The extension's members, one line each, "kind <tab> identity <tab>
# properties <tab> comment"; operator family members get a line each
my $describe_sql = q{
WITH members AS (
	SELECT d.classid, d.objid, d.objsubid, i.type, i.identity,
		   (SELECT c.description FROM pg_description AS c
			 WHERE c.classoid = d.classid AND c.objoid = d.objid
			   AND c.objsubid = d.objsubid) AS comment
	  FROM pg_depend AS d
	  JOIN pg_extension AS e ON e.oid = d.refobjid
	 CROSS JOIN LATERAL pg_identify_object(d.classid, d.objid, d.objsubid) AS i
	 WHERE d.refclassid = 'pg_extension'::regclass
	   AND e.extname = 'bloomfilter' AND d.deptype = 'e'
),
procs AS (
	SELECT m.type, m.identity, m.comment, concat_ws(' ',
		'args:', pg_get_function_arguments(p.oid),
		'returns:', pg_get_function_result(p.oid),
		'kind:', p.prokind, 'language:', l.lanname,
		'volatility:', p.provolatile, 'strict:', p.proisstrict,
		'parallel:', p.proparallel, 'security definer:', p.prosecdef,
		'leakproof:', p.proleakproof, 'cost:', p.procost, 'rows:', p.prorows,
		'support:', p.prosupport::regprocedure, 'variadic:', p.provariadic::regtype,
		'returns set:', p.proretset, 'config:', p.proconfig::text,
		'source:', p.prosrc, 'binary:', p.probin, 'acl:', p.proacl::text,
		CASE WHEN a.aggfnoid IS NOT NULL THEN concat_ws(' ',
			'aggregate:', a.aggkind, a.aggnumdirectargs,
			'transition:', a.aggtransfn::oid::regprocedure,
			'final:', a.aggfinalfn::oid::regprocedure, a.aggfinalextra, a.aggfinalmodify,
			'combine:', a.aggcombinefn::oid::regprocedure,
			'serial:', a.aggserialfn::oid::regprocedure,
			'deserial:', a.aggdeserialfn::oid::regprocedure,
			'moving:', a.aggmtransfn::oid::regprocedure,
			a.aggminvtransfn::oid::regprocedure, a.aggmfinalfn::oid::regprocedure,
			a.aggmfinalextra, a.aggmfinalmodify, a.aggmtranstype::regtype,
			a.aggmtransspace, a.aggminitval,
			'sort operator:', a.aggsortop::regoperator,
			'state:', a.aggtranstype::regtype, a.aggtransspace, a.agginitval) END)
	  FROM members AS m
	  JOIN pg_proc AS p ON m.classid = 'pg_proc'::regclass AND p.oid = m.objid
	  JOIN pg_language AS l ON l.oid = p.prolang
	  LEFT JOIN pg_aggregate AS a ON a.aggfnoid = p.oid
),
types AS (
	SELECT m.type, m.identity, m.comment, concat_ws(' ',
		'type:', t.typtype, 'length:', t.typlen, 'by value:', t.typbyval,
		'category:', t.typcategory, t.typispreferred, 'delimiter:', t.typdelim,
		'input:', t.typinput::regprocedure, 'output:', t.typoutput::regprocedure,
		'receive:', t.typreceive::regprocedure, 'send:', t.typsend::regprocedure,
		'modifier in:', t.typmodin::regprocedure, 'out:', t.typmodout::regprocedure,
		'analyze:', t.typanalyze::regprocedure,
		'subscript:', t.typsubscript::regprocedure,
		'alignment:', t.typalign, 'storage:', t.typstorage,
		'element:', t.typelem::regtype, 'array:', t.typarray::regtype,
		'relation:', t.typrelid::regclass, 'base:', t.typbasetype::regtype,
		t.typtypmod, t.typndims, 'not null:', t.typnotnull,
		'collation:', t.typcollation::regcollation, 'default:', t.typdefault,
		'acl:', t.typacl::text)
	  FROM members AS m
	  JOIN pg_type AS t ON m.classid = 'pg_type'::regclass AND t.oid = m.objid
),
operators AS (
	SELECT m.type, m.identity, m.comment, concat_ws(' ',
		'kind:', o.oprkind, 'result:', o.oprresult::regtype,
		'function:', o.oprcode::oid::regprocedure,
		'commutator:', o.oprcom::regoperator, 'negator:', o.oprnegate::regoperator,
		'restrict:', o.oprrest::oid::regprocedure,
		'join:', o.oprjoin::oid::regprocedure,
		'hashes:', o.oprcanhash, 'merges:', o.oprcanmerge)
	  FROM members AS m
	  JOIN pg_operator AS o ON m.classid = 'pg_operator'::regclass AND o.oid = m.objid
),
opclasses AS (
	SELECT m.type, m.identity, m.comment, concat_ws(' ',
		'for:', c.opcintype::regtype, 'default:', c.opcdefault,
		'family:', (pg_identify_object('pg_opfamily'::regclass, c.opcfamily, 0)).identity,
		'key type:', c.opckeytype::regtype)
	  FROM members AS m
	  JOIN pg_opclass AS c ON m.classid = 'pg_opclass'::regclass AND c.oid = m.objid
),
-- What holds each operator and support function of an operator family: its
-- operator class, or the family for a loose member, and how (pg_depend's
-- deptype)
holders AS (
	SELECT d.classid, d.objid,
		   string_agg(pg_describe_object(d.refclassid, d.refobjid, 0)
					  || ' (' || d.deptype::text || ')', ', ' ORDER BY 1) AS holders
	  FROM pg_depend AS d
	 WHERE d.classid IN ('pg_amop'::regclass, 'pg_amproc'::regclass)
	   AND d.refclassid IN ('pg_opclass'::regclass, 'pg_opfamily'::regclass)
	 GROUP BY d.classid, d.objid
),
-- An operator family, and each of its operators and support functions
opfamilies AS (
	SELECT m.type, m.identity, m.comment, ''
	  FROM members AS m WHERE m.classid = 'pg_opfamily'::regclass
	UNION ALL
	SELECT m.type || ' member', m.identity, NULL, concat_ws(' ',
		'operator', o.amopstrategy, o.amoplefttype::regtype, o.amoprighttype::regtype,
		o.amopopr::regoperator, 'purpose:', o.amoppurpose,
		'sort family:', (pg_identify_object('pg_opfamily'::regclass, o.amopsortfamily, 0)).identity,
		'held by:', h.holders)
	  FROM members AS m
	  JOIN pg_amop AS o ON m.classid = 'pg_opfamily'::regclass AND o.amopfamily = m.objid
	  LEFT JOIN holders AS h ON h.classid = 'pg_amop'::regclass AND h.objid = o.oid
	UNION ALL
	SELECT m.type || ' member', m.identity, NULL, concat_ws(' ',
		'function', p.amprocnum, p.amproclefttype::regtype, p.amprocrighttype::regtype,
		p.amproc::oid::regprocedure,
		'held by:', h.holders)
	  FROM members AS m
	  JOIN pg_amproc AS p ON m.classid = 'pg_opfamily'::regclass AND p.amprocfamily = m.objid
	  LEFT JOIN holders AS h ON h.classid = 'pg_amproc'::regclass AND h.objid = p.oid
),
casts AS (
	SELECT m.type, m.identity, m.comment, concat_ws(' ',
		'function:', c.castfunc::regprocedure, 'context:', c.castcontext,
		'method:', c.castmethod)
	  FROM members AS m
	  JOIN pg_cast AS c ON m.classid = 'pg_cast'::regclass AND c.oid = m.objid
),
-- Other kinds of object: their identity and comment only
others AS (
	SELECT m.type, m.identity, m.comment, 'not described further'
	  FROM members AS m
	 WHERE m.classid NOT IN ('pg_proc'::regclass, 'pg_type'::regclass,
							 'pg_operator'::regclass, 'pg_opclass'::regclass,
							 'pg_opfamily'::regclass, 'pg_cast'::regclass)
),
extension AS (
	SELECT 'extension', e.extname::text, NULL, concat_ws(' ',
		'version:', e.extversion, 'schema:', e.extnamespace::regnamespace,
		'relocatable:', e.extrelocatable,
		'configuration:', e.extconfig::regclass[]::text, e.extcondition::text)
	  FROM pg_extension AS e WHERE e.extname = 'bloomfilter'
)
SELECT concat_ws(E'\t', type, identity, details,
				 'comment: ' || coalesce(quote_literal(comment), 'none'))
  FROM (SELECT * FROM procs UNION ALL SELECT * FROM types
		UNION ALL SELECT * FROM operators UNION ALL SELECT * FROM opclasses
		UNION ALL SELECT * FROM opfamilies UNION ALL SELECT * FROM casts
		UNION ALL SELECT * FROM others UNION ALL SELECT * FROM extension)
	AS described (type, identity, comment, details)
};

# The description of the extension in database $db: kind => sorted lines
sub describe
{
	my ($db) = @_;
	my %kinds;

	for my $line (split /\n/, answer($db, $describe_sql))
	{
		my ($kind) = $line =~ /^([^\t]*)\t/;
		push @{ $kinds{ $kind // 'unreadable' } }, $line;
	}
	@$_ = sort @$_ for values %kinds;
	return \%kinds;
}

# The lines of kind $kind that only one of descriptions $left and $right has,
# marked "-" for $left and "+" for $right
sub differences
{
	my ($left, $right, $kind) = @_;
	my %count;

	$count{$_}++ for @{ $left->{$kind} // [] };
	$count{$_}-- for @{ $right->{$kind} // [] };
	return map { ($count{$_} > 0 ? '-' : '+') . " $_\n" }
	  grep { $count{$_} != 0 } sort keys %count;
}

# The kinds of object of which descriptions $left and $right differ
sub differing_kinds
{
	my ($left, $right) = @_;
	my %kinds = map { $_ => 1 } keys %$left, keys %$right;

	return grep { differences($left, $right, $_) } sort keys %kinds;
}

$node->safe_psql('postgres', 'CREATE DATABASE fresh');
is(answer('fresh', 'CREATE EXTENSION bloomfilter'), '',
	'CREATE EXTENSION bloomfilter in a second database');

my $upgraded = describe('upgraded');
my $fresh    = describe('fresh');

# Both describe at least what 1.0 has, so that an empty or broken
# description cannot pass
my @expected = ('aggregate', 'cast', 'extension', 'function', 'operator',
	'operator class', 'operator family', 'operator family member', 'type');
for my $side ([ 'updated', $upgraded ], [ 'fresh', $fresh ])
{
	my ($name, $kinds) = @$side;
	is(join(',', grep { $kinds->{$_} } @expected), join(',', @expected),
		"the $name extension's members are described, of every kind 1.0 has");
}

# One assertion per kind of object, each one independent
my %all_kinds = map { $_ => 1 } keys %$upgraded, keys %$fresh;
for my $kind (sort keys %all_kinds)
{
	my @diff = differences($upgraded, $fresh, $kind);
	my $count = @{ $upgraded->{$kind} // [] };
	is(scalar @diff, 0,
		"$kind: updated and fresh extension alike ($count described)")
	  or diag("- updated only, + fresh only:\n", @diff);
}

# The comparison tells changes apart: a function's property, an operator's
# comment, a cast no longer a member
$node->safe_psql(
	'fresh', q{
ALTER FUNCTION bloom_fpr(bloom) COST 2;
COMMENT ON OPERATOR | (bloom, bloom) IS 'changed';
ALTER EXTENSION bloomfilter DROP CAST (bloom AS bytea);
});
my $changed = describe('fresh');
is(join(',', differing_kinds($upgraded, $changed)), 'cast,function,operator',
	'a changed function, operator comment and cast membership are differences');
is(join('', map { differences($upgraded, $changed, $_) } 'cast', 'function', 'operator')
	  =~ tr/\n//,
	5, 'of five lines: the cast gone, the function and operator before and after');

$node->stop;
done_testing();
