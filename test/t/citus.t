#!/usr/bin/perl
#
# test/t/citus.t: bloomfilter on a Citus cluster (a coordinator and two
# workers on 127.0.0.1, a third worker added later), where Citus is
# installed (tools/setup-citus builds it from the vendored source).
#
# Citus aggregates a custom aggregate partially on its workers
# (worker_partial_agg) when the state type is a real type with a combine
# function, and then requires the aggregate's declared argument type to be
# the value's type: bloom_agg has an overload for every type with its own
# hash.  This test checks, each assertion on its own so that a failure
# hides nothing after it:
#
# - every aggregate, bloom_agg(value) and bloom_agg(value, capacity, fpr)
#   on every such type, bloom_union_agg and bloom_intersect_agg, gives the
#   same bytes over a distributed table as over a local copy: ungrouped,
#   grouped by another column, grouped by the distribution column, over no
#   rows and over NULLs only, and past the exact phase (more than 524,288
#   distinct values), with row-gathering forbidden;
# - the plans aggregate on the workers (worker_partial_agg);
# - membership tests are in the queries the shards run, and the bloom joins
#   (a filter of one distributed table against another, as a join and as a
#   subquery; filters in a reference table) keep the same rows as locally;
# - a filter kept in parts and distributed by part number is built from a
#   table distributed by id by a repartitioned INSERT ... SELECT and a
#   build on the workers (and by one that goes through the coordinator),
#   byte-equal to the local build, and probed by part on one worker; a
#   table of 10,000 stored filters answers which hold x on the workers;
# - CREATE EXTENSION reaches the workers, and a
#   worker added later gets the extension.
#
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use PostgreSQL::Test::Cluster;
use Test::More;

chomp(my $pkglibdir = `pg_config --pkglibdir`);
if (!-e "$pkglibdir/citus.so")
{
	diag('*' x 72);
	diag("SKIPPING THE CITUS TEST: Citus is not installed here "
		  . "($pkglibdir/citus.so is missing).");
	diag("Run tools/setup-citus (as root) to build it from "
		  . "../shared/vendor/citus/citus-v13.2.2.tar.gz or CITUS_SOURCE.");
	diag('*' x 72);
	plan skip_all => "Citus is not installed ($pkglibdir/citus.so is missing); "
	  . "run tools/setup-citus";
}

# The types with their own hash, and "char"; each with an expression over
# i (1 .. n) that makes a value of it
my @types = (
	[ 'text',        q{'k' || i % 700} ],
	[ 'varchar',     q{('k' || i % 700)::varchar} ],
	[ 'bpchar',      q{('k' || i % 700)::char(10)} ],
	[ 'name',        q{('k' || i % 700)::name} ],
	[ 'int2',        q{(i % 700)::int2} ],
	[ 'int4',        q{(i % 700)::int4} ],
	[ 'int8',        q{(i % 700)::int8} ],
	[ 'float4',      q{(i % 700 / 8.0)::float4} ],
	[ 'float8',      q{(i % 700 / 8.0)::float8} ],
	[ 'numeric',     q{(i % 700 / 8.0)::numeric} ],
	[ 'uuid',        q{md5((i % 700)::text)::uuid} ],
	[ 'bytea',       q{decode(md5((i % 700)::text), 'hex')} ],
	[ 'date',        q{date '2026-01-01' + i % 700} ],
	[ 'timestamp',   q{timestamp '2026-01-01' + i % 700 * interval '1 minute'} ],
	[ 'timestamptz', q{timestamptz '2026-01-01 UTC' + i % 700 * interval '1 minute'} ],
	[ 'inet',        q{('10.0.' || (i % 700 / 256) || '.' || (i % 256))::inet} ],
	[ 'cidr',        q{('10.' || (i % 256) || '.0.0/16')::cidr} ],
	[ 'bool',        q{i % 3 = 0} ],
	[ 'char',        q{chr(65 + i % 26)::"char"} ]);

# Start a node that preloads Citus, listening on 127.0.0.1
sub citus_node
{
	my ($name) = @_;
	my $node = PostgreSQL::Test::Cluster->new($name);

	$node->init;
	$node->append_conf('postgresql.conf', q{
listen_addresses = '127.0.0.1'
shared_preload_libraries = 'citus'
citus.node_conninfo = 'sslmode=disable'
citus.local_hostname = '127.0.0.1'
max_worker_processes = 16
shared_buffers = 64MB
});
	$node->start;
	$node->safe_psql('postgres', 'CREATE EXTENSION citus');
	return $node;
}

my $coordinator = citus_node('coordinator');
my @workers     = map { citus_node("worker$_") } 1 .. 2;
my $late_worker = citus_node('worker3');

# Nothing may fall back to gathering rows on the coordinator
my $strict = "SET citus.coordinator_aggregation_strategy = 'disabled';";

# Run SQL on a node; an error fails a test named after what it was for,
# and the test goes on
sub run_ok
{
	my ($node, $sql, $name) = @_;
	my ($out, $err);
	my $ret = $node->psql('postgres', $sql, stdout => \$out, stderr => \$err);

	ok($ret == 0, $name) or diag($err);
	return $ret == 0;
}

# The output of SQL on the coordinator is as expected; an error fails the
# test, showing the message, and the test goes on
sub query_is
{
	my ($sql, $expected, $name) = @_;
	my ($out, $err);

	$coordinator->psql('postgres', $sql, stdout => \$out, stderr => \$err);
	is($out, $expected, $name) or diag($err);
	return;
}

# The aggregate agg grouped by column group gives the same bytes per group
# over the distributed table as over the local one
sub grouped_is
{
	my ($agg, $table, $group, $name) = @_;

	query_is(qq{$strict
SELECT count(*) FROM (SELECT $group, $agg AS f FROM $table GROUP BY $group) AS d
  FULL JOIN (SELECT $group, $agg AS f FROM ${table}_local GROUP BY $group) AS l USING ($group)
 WHERE d.f::bytea IS DISTINCT FROM l.f::bytea}, '0', $name);
	return;
}

# The plan of a query on the coordinator, or the error as text
sub plan_of
{
	my ($sql) = @_;
	my ($out, $err);

	$coordinator->psql('postgres',
		"SET citus.explain_all_tasks = on; EXPLAIN (VERBOSE, COSTS OFF) $sql",
		stdout => \$out, stderr => \$err);
	return $out || $err;
}

run_ok($coordinator,
	sprintf("SELECT citus_set_coordinator_host('127.0.0.1', %d)", $coordinator->port),
	'the coordinator is registered');
for my $worker (@workers)
{
	run_ok($coordinator,
		sprintf("SELECT citus_add_node('127.0.0.1', %d)", $worker->port),
		$worker->name . ' is added');
}

# CREATE EXTENSION on the coordinator reaches the workers
run_ok($coordinator, 'CREATE EXTENSION bloomfilter',
	'CREATE EXTENSION on the coordinator');
my ($version, $aggregates) = split /\|/, $coordinator->safe_psql('postgres', q{
SELECT extversion, (SELECT count(*) FROM pg_proc WHERE proname = 'bloom_agg')
  FROM pg_extension WHERE extname = 'bloomfilter'});
cmp_ok($aggregates, '>=', 2 * (@types + 1),
	'bloom_agg has an overload per type, with and without a size');
for my $worker (@workers)
{
	is($worker->safe_psql('postgres', q{
SELECT extversion || '|' || (SELECT count(*) FROM pg_proc WHERE proname = 'bloom_agg')
  FROM pg_extension WHERE extname = 'bloomfilter'}),
		"$version|$aggregates",
		$worker->name . " has the extension at $version with every overload, through the coordinator");
}

#
# Every type: one column each in a distributed table and a local copy.  700
# distinct values, 3000 rows, a NULL in every fifth row; g groups the rows
# by another column than the distribution column, id.
#
my $columns = join(",\n\t", map { "$_->[1] AS c_$_->[0]" } @types);
run_ok($coordinator, qq{
CREATE TABLE kinds AS
SELECT i::bigint AS id, i % 7 AS g,
	$columns
  FROM generate_series(1, 3000) AS i;
UPDATE kinds SET } . join(', ', map { "c_$_->[0] = NULL" } @types) . q{ WHERE id % 5 = 0;
CREATE TABLE kinds_local AS SELECT * FROM kinds;
SELECT create_distributed_table('kinds', 'id', shard_count := 8);
SELECT truncate_local_data_after_distributing_table('kinds');
}, 'tables of every type, distributed and local');

for my $type (map { $_->[0] } @types)
{
	my $col = "c_$type";

	for my $call ([ 'bloom_agg(%s)', '' ], [ 'bloom_agg(%s, 5000, 0.01)', ', sized' ])
	{
		my $agg = sprintf($call->[0], $col);
		my $what = "$type$call->[1]";

		query_is(qq{$strict
SELECT (SELECT ${agg}::bytea FROM kinds) = (SELECT ${agg}::bytea FROM kinds_local)},
			't', "$what: distributed bloom_agg equals local");
		grouped_is($agg, 'kinds', 'g',
			"$what: grouped by another column, equals local per group");
		grouped_is($agg, 'kinds', 'id',
			"$what: grouped by the distribution column, equals local per group");
		# Over no rows the final step on the coordinator runs under Citus's
		# own aggregate, which does not pass the size on: a sized call gives
		# the empty filter of bloom_agg(value), as doc/citus.md says
		my $empty = $call->[1] ? sprintf('bloom_agg(%s)', $col) : $agg;
		query_is(qq{$strict
SELECT (SELECT ${agg}::bytea FROM kinds WHERE g < 0)
     = (SELECT ${empty}::bytea FROM kinds_local WHERE g < 0)},
			't', $call->[1]
			? "$what: over no rows, the empty filter of bloom_agg(value)"
			: "$what: over no rows, equals local");
		query_is(qq{$strict
SELECT (SELECT ${agg}::bytea FROM kinds WHERE $col IS NULL)
     = (SELECT ${agg}::bytea FROM kinds_local WHERE $col IS NULL)},
			't', "$what: over NULLs only, equals local");
	}
	like(plan_of("SELECT bloom_agg($col) FROM kinds"),
		qr/worker_partial_agg\('public\.bloom_agg\(/,
		"$type: bloom_agg is aggregated partially on the workers");
}

#
# A domain over a type with an overload goes through that overload.  A type
# without one (an enum here) reaches only bloom_agg(anycompatible), which
# Citus cannot aggregate partially (doc/citus.md), but which runs whole on
# the workers when grouped by the distribution column.
#
run_ok($coordinator, q{
CREATE DOMAIN price AS numeric CHECK (VALUE >= 0);
CREATE TYPE mood AS ENUM ('sad', 'ok', 'happy');
CREATE TABLE extra (id bigint, p price, m mood);
SELECT create_distributed_table('extra', 'id', shard_count := 8);
INSERT INTO extra
SELECT i, i % 300 / 4.0, (enum_range(NULL::mood))[1 + i % 3]
  FROM generate_series(1, 3000) AS i;
CREATE TABLE extra_local AS SELECT * FROM extra;
}, 'a table with a domain column and an enum column');
query_is(qq{$strict
SELECT (SELECT bloom_agg(p)::bytea FROM extra) = (SELECT bloom_agg(p)::bytea FROM extra_local)},
	't', 'a domain over numeric: distributed bloom_agg equals local');
like(plan_of('SELECT bloom_agg(p) FROM extra'),
	qr/worker_partial_agg\('public\.bloom_agg\(numeric\)'/,
	'a domain over numeric: aggregated partially through bloom_agg(numeric)');
grouped_is('bloom_agg(m)', 'extra', 'id',
	'an enum grouped by the distribution column: equals local per group');
{
	my ($out, $err);

	$coordinator->psql('postgres', "$strict SELECT bloom_agg(m) FROM extra",
		stdout => \$out, stderr => \$err);
	like($err, qr/worker_partial_agg_sfunc could not confirm type correctness/,
		'an enum, not grouped by the distribution column: the documented Citus error');
}

#
# Past the exact phase: 600,000 distinct values in the whole table
#
run_ok($coordinator, q{
CREATE TABLE big (id bigint, v text);
SELECT create_distributed_table('big', 'id', shard_count := 8);
INSERT INTO big SELECT i, 'v' || i FROM generate_series(1, 600000) AS i;
CREATE TABLE big_local AS SELECT * FROM big;
}, 'a distributed table of 600,000 distinct values, and its local copy');
for my $agg ('bloom_agg(v)', 'bloom_agg(id)', 'bloom_agg(v, 1000000, 0.01)')
{
	query_is(qq{$strict
SELECT (SELECT ${agg}::bytea FROM big) = (SELECT ${agg}::bytea FROM big_local)},
		't', "past the exact phase: distributed $agg equals local");
}
query_is(q{SELECT (bloom_info(bloom_agg(v))).layout FROM big_local}, 'blocks',
	'past the exact phase: the filter is a block filter');

#
# Stored filters: per site and day, co-located with the rows, and the
# unions and intersections over them
#
run_ok($coordinator, q{
CREATE TABLE visits (site int, day int, url text);
SELECT create_distributed_table('visits', 'site', shard_count := 8);
INSERT INTO visits
SELECT i % 40, i % 7, 'https://example.com/' || (i % 30000)
  FROM generate_series(1, 200000) AS i;
CREATE TABLE visits_local AS SELECT * FROM visits;
CREATE TABLE daily (site int, day int, f bloom, fs bloom);
SELECT create_distributed_table('daily', 'site', colocate_with => 'visits');
INSERT INTO daily
SELECT site, day, bloom_agg(url), bloom_agg(url, 50000, 0.01)
  FROM visits GROUP BY site, day;
CREATE TABLE daily_local AS SELECT * FROM daily;
}, 'filters per site and day, built on the workers into a co-located table');
query_is(q{SELECT count(*) FROM daily d JOIN daily_local l USING (site, day)
 WHERE d.f::bytea = l.f::bytea AND d.fs::bytea = l.fs::bytea}, '280',
	'filters per site and day equal those built locally');
for my $agg ('bloom_union_agg(f)', 'bloom_union_agg(fs)', 'bloom_intersect_agg(fs)')
{
	query_is(qq{$strict
SELECT (SELECT ${agg}::bytea FROM daily) = (SELECT ${agg}::bytea FROM daily_local)},
		't', "distributed $agg equals local");
	grouped_is($agg, 'daily', 'day',
		"$agg grouped by day (not the distribution column) equals local");
	query_is(qq{$strict
SELECT (SELECT ${agg}::bytea FROM daily WHERE day < 0)
     IS NOT DISTINCT FROM (SELECT ${agg}::bytea FROM daily_local WHERE day < 0)},
		't', "$agg over no rows equals local");
	like(plan_of("SELECT $agg FROM daily"), qr/worker_partial_agg/,
		"$agg is aggregated partially on the workers");
}
query_is(q{SELECT count(*) FROM visits_local
 WHERE NOT url <@ (SELECT bloom_union_agg(f) FROM daily)}, '0',
	'the distributed union holds every url');

#
# Membership tests on the shards, and bloom joins
#
run_ok($coordinator, q{
CREATE TABLE wanted AS
SELECT bloom_agg('https://example.com/' || i) AS f FROM generate_series(1, 500) AS i;
CREATE TABLE customers (id bigint, region int);
SELECT create_distributed_table('customers', 'id', shard_count := 8);
INSERT INTO customers SELECT i * 3, i % 5 FROM generate_series(1, 20000) AS i;
CREATE TABLE orders (order_id bigint, k int4, day int);
SELECT create_distributed_table('orders', 'order_id', shard_count := 8);
INSERT INTO orders SELECT i, i % 100000, i % 7 FROM generate_series(1, 200000) AS i;
CREATE TABLE customers_local AS SELECT * FROM customers;
CREATE TABLE orders_local AS SELECT * FROM orders;
CREATE TABLE day_filters (day int PRIMARY KEY, f bloom);
SELECT create_reference_table('day_filters');
INSERT INTO day_filters SELECT day, bloom_agg(url) FROM visits GROUP BY day;
CREATE TABLE day_filters_local AS SELECT * FROM day_filters;
}, 'tables for the membership tests and bloom joins');

like(plan_of('SELECT count(*) FROM visits WHERE url <@ (SELECT f FROM wanted)'),
	qr/Query: SELECT .*<@/,
	'url <@ filter is in the queries the shards run');
like(plan_of('SELECT count(*) FROM visits WHERE bloom_contains((SELECT f FROM wanted), url)'),
	qr/Query: SELECT .*bloom_contains/,
	'bloom_contains(filter, url) is in the queries the shards run');
query_is(q{
SELECT (SELECT count(*) FROM visits WHERE url <@ (SELECT f FROM wanted))
     = (SELECT count(*) FROM visits_local WHERE url <@ (SELECT f FROM wanted))},
	't', 'a membership filter keeps the same rows as locally');

my $subquery = 'SELECT count(*) FROM orders WHERE k <@ (SELECT bloom_agg(id) FROM customers)';
like(plan_of($subquery), qr/worker_partial_agg.*bloom_agg\(bigint\)/s,
	'bloom join as a subquery: the filter is aggregated on the workers');
like(plan_of($subquery), qr/Query: SELECT .*<@/,
	'bloom join as a subquery: the membership test runs on the shards');
query_is(qq{$strict
SELECT ($subquery)
     = (SELECT count(*) FROM orders_local WHERE k <@ (SELECT bloom_agg(id) FROM customers_local))},
	't', 'bloom join as a subquery keeps the same rows as locally');
query_is(qq{$strict
SELECT count(*) FROM orders
 WHERE k <@ (SELECT bloom_agg(id) FROM customers) AND k % 3 = 0 AND k BETWEEN 3 AND 60000},
	'40000', 'bloom join as a subquery keeps every order that has a customer');
query_is(qq{$strict
WITH c AS (SELECT region, bloom_agg(id) AS f FROM customers GROUP BY region)
SELECT count(*) FROM orders AS o JOIN c ON o.k <@ c.f AND c.region = o.day % 5},
	$coordinator->safe_psql('postgres', q{
WITH c AS (SELECT region, bloom_agg(id) AS f FROM customers_local GROUP BY region)
SELECT count(*) FROM orders_local AS o JOIN c ON o.k <@ c.f AND c.region = o.day % 5}),
	'bloom join with per-region filters of one distributed table against another equals local');
like(plan_of(q{SELECT count(*) FROM orders AS o JOIN day_filters AS d USING (day)
 WHERE o.k::text <@ d.f}), qr/Query: SELECT .*<@/,
	'bloom join with a reference table of filters runs on the shards');
query_is(q{
SELECT (SELECT count(*) FROM orders AS o JOIN day_filters AS d USING (day)
         WHERE ('https://example.com/' || o.k) <@ d.f)
     = (SELECT count(*) FROM orders_local AS o JOIN day_filters_local AS d USING (day)
         WHERE ('https://example.com/' || o.k) <@ d.f)},
	't', 'bloom join with a reference table of filters equals local');

#
# A filter kept in parts, distributed by part number (doc/partitioned.md):
# built from big, distributed by id, by moving its rows to the workers of
# their parts (a repartitioned INSERT ... SELECT, worker to worker) and
# building each part there, byte for byte the local build; probes by part
# go to one worker.  Built by one INSERT ... GROUP BY instead, the partial
# parts go through the coordinator, and give the same parts.
#
my $parts_size = '600000, 0.01, 64';
run_ok($coordinator, qq{
CREATE TABLE big_parts (part int PRIMARY KEY, f bloom);
SELECT create_distributed_table('big_parts', 'part', shard_count := 8);
CREATE TABLE big_item_parts (part int, v text);
SELECT create_distributed_table('big_item_parts', 'part', colocate_with => 'big_parts');
CREATE TABLE big_parts_coord (part int PRIMARY KEY, f bloom);
SELECT create_distributed_table('big_parts_coord', 'part', colocate_with => 'big_parts');
CREATE TABLE big_parts_local AS
	SELECT bloom_part_of(v, $parts_size) AS part, bloom_part_agg(v, $parts_size) AS f
	  FROM big_local GROUP BY 1;
}, 'a table of parts distributed by part, its rows by part beside it, and the parts built locally');
my $move = "INSERT INTO big_item_parts SELECT bloom_part_of(v, $parts_size), v FROM big";
my $build = "INSERT INTO big_parts SELECT part, bloom_part_agg(v, $parts_size) FROM big_item_parts GROUP BY part";
my $coord = "INSERT INTO big_parts_coord SELECT bloom_part_of(v, $parts_size), bloom_part_agg(v, $parts_size) FROM big GROUP BY 1";
like(plan_of($move), qr{INSERT/SELECT method: repartition},
	'parts: the rows move to the workers of their parts (a repartitioned INSERT ... SELECT)');
my $build_plan = plan_of($build);
like($build_plan, qr{Task Count: 8.*Query: INSERT INTO public\.big_parts_\d+ .*GROUP BY}s,
	'parts: each shard builds its parts where it stands');
unlike($build_plan, qr{INSERT/SELECT method|worker_partial_agg},
	'parts: the build sends nothing through the coordinator');
like(plan_of($coord), qr{INSERT/SELECT method: pull to coordinator.*worker_partial_agg}s,
	'parts: one INSERT ... GROUP BY over big pulls partial parts to the coordinator');
run_ok($coordinator, "$strict $move; $build; $coord",
	'parts: built both ways, with row-gathering forbidden');
query_is(q{SELECT count(*) FROM big_parts AS d JOIN big_parts_local AS l USING (part)
 WHERE d.f::bytea = l.f::bytea}, '64',
	'parts: the 64 parts built on the workers equal the local ones, byte for byte');
query_is(q{SELECT count(*) FROM big_parts_coord AS d JOIN big_parts_local AS l USING (part)
 WHERE d.f::bytea = l.f::bytea}, '64',
	'parts: the 64 parts built through the coordinator equal the local ones, byte for byte');
query_is(q{SELECT (SELECT bloom_assemble_agg(f) FROM big_parts) = (SELECT bloom_assemble_agg(f) FROM big_parts_local)},
	't', 'parts: assembled on the cluster, they are the local whole');
like(plan_of("SELECT f @> 'v17'::text FROM big_parts WHERE part = bloom_part_of('v17'::text, $parts_size)"),
	qr{Task Count: 1\n}, 'parts: a probe by part goes to one worker');
run_ok($coordinator, qq{
CREATE FUNCTION parts_missing(n int) RETURNS bigint LANGUAGE plpgsql AS \$\$
DECLARE
	missing bigint := 0;
	v text;
BEGIN
	FOR v IN SELECT 'v' || i FROM generate_series(1, 600000, 600000 / n) AS i LOOP
		IF NOT (SELECT f @> v FROM big_parts WHERE part = bloom_part_of(v, $parts_size)) THEN
			missing := missing + 1;
		END IF;
	END LOOP;
	RETURN missing;
END
\$\$}, 'parts: a function that probes values one by one, each by its part');
query_is('SELECT parts_missing(500)', '0',
	'parts: 500 members probed by part on the cluster are all found');

#
# Many stored filters distributed over the workers answer "which hold x"
# on the workers, every shard at once
#
run_ok($coordinator, q{
CREATE TABLE many_local AS
	SELECT (id % 10000)::int AS id, bloom_agg(v, 100, 0.01) AS f FROM big_local GROUP BY 1;
CREATE TABLE many (id int, f bloom);
SELECT create_distributed_table('many', 'id', shard_count := 8);
INSERT INTO many SELECT * FROM many_local;
}, '10,000 stored filters, distributed by their id');
my $which = plan_of(q{SELECT id FROM many WHERE f @> 'v4242'::text});
like($which, qr{Task Count: 8\n.*\@>}s, 'many filters: which hold x runs a task per shard');
my %nodes;
$nodes{$_}++ for $which =~ /Node: host=127\.0\.0\.1 port=(\d+) /g;
is(join(' ', map { $nodes{ $_->port } // 0 } @workers), '4 4',
	'many filters: the tasks run on both workers, four shards each');
query_is(q{SELECT (SELECT array_agg(id ORDER BY id) FROM many WHERE f @> 'v4242'::text)
     = (SELECT array_agg(id ORDER BY id) FROM many_local WHERE f @> 'v4242'::text)},
	't', 'many filters: the same filters hold x as locally');

#
# A worker added later gets the extension, and takes part
#
run_ok($coordinator,
	sprintf("SELECT citus_add_node('127.0.0.1', %d)", $late_worker->port),
	'a third worker is added');
is($late_worker->safe_psql('postgres', q{
SELECT extversion || ' ' || (SELECT count(*) FROM pg_proc WHERE proname = 'bloom_agg')
  FROM pg_extension WHERE extname = 'bloomfilter'}),
	"$version $aggregates",
	'the worker added later has the extension, with every overload');
run_ok($coordinator, q{
CREATE TABLE later (id bigint, v text);
SELECT create_distributed_table('later', 'id', shard_count := 12);
INSERT INTO later SELECT i, 'v' || i FROM generate_series(1, 10000) AS i;
}, 'a table with shards on all three workers');
query_is(qq{$strict
SELECT count(DISTINCT nodeport) FROM pg_dist_shard_placement
 WHERE shardid IN (SELECT shardid FROM pg_dist_shard WHERE logicalrelid = 'later'::regclass)},
	'3', 'the table has shards on all three workers');
query_is(qq{$strict
SELECT (SELECT bloom_agg(v)::bytea FROM later)
     = (SELECT bloom_agg('v' || i)::bytea FROM generate_series(1, 10000) AS i)},
	't', 'bloom_agg over shards on all three workers equals local');

$_->stop for ($coordinator, @workers, $late_worker);
done_testing();
