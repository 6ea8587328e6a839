#!/usr/bin/perl
# test/t/fdw.t: the bloom join across two servers with postgres_fdw.
#
# A filter of the join keys is built on one server and shipped to the other,
# so that only the rows that probably have a partner cross the network.  With
# the server option "extensions 'bloomfilter'", postgres_fdw sends
# "col <@ filter" to the remote server; without it, it fetches every row and
# tests them locally.  This test starts two throwaway clusters and checks:
#
# - which forms of the filter postgres_fdw sends (EXPLAIN VERBOSE's Remote
#   SQL), and that without the option it sends none;
# - that the rows it returns hold every exact join partner, and that the
#   keys without a partner that still come back are as many as the filter's
#   false-positive rate (bloom_fpr) predicts, within a binomial bound;
# - that a join written with the filter gives exactly the join's rows.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use PostgreSQL::Test::Cluster;
use Test::More;

# The remote server: 200,000 orders of 100,000 customers, two each.
my $remote = PostgreSQL::Test::Cluster->new('remote');
$remote->init;
$remote->start;
$remote->safe_psql('postgres', q{
	CREATE EXTENSION bloomfilter;
	CREATE TABLE orders AS
		SELECT i AS order_id, i % 100000 + 1 AS customer_id,
			'C' || (i % 100000 + 1) AS customer_code, (i % 997) / 10.0 AS amount
		FROM generate_series(1, 200000) AS i;
	ANALYZE orders;
});

# The local server: 2,000 customers, 1,000 of whom have orders.  Three
# servers for the same remote database: "bloom" with the extension named,
# "bloom_est" with remote estimates as well, "plain" without either.
my $local = PostgreSQL::Test::Cluster->new('local');
$local->init;
$local->start;
my $conn = sprintf("host '%s', port '%s', dbname 'postgres'",
	$remote->host, $remote->port);
$local->safe_psql('postgres', qq{
	CREATE EXTENSION bloomfilter;
	CREATE EXTENSION postgres_fdw;
	CREATE SERVER bloom FOREIGN DATA WRAPPER postgres_fdw
		OPTIONS ($conn, extensions 'bloomfilter');
	CREATE SERVER bloom_est FOREIGN DATA WRAPPER postgres_fdw
		OPTIONS ($conn, extensions 'bloomfilter', use_remote_estimate 'true');
	CREATE SERVER plain FOREIGN DATA WRAPPER postgres_fdw OPTIONS ($conn);
	CREATE USER MAPPING FOR CURRENT_USER SERVER bloom;
	CREATE USER MAPPING FOR CURRENT_USER SERVER bloom_est;
	CREATE USER MAPPING FOR CURRENT_USER SERVER plain;
	CREATE SCHEMA est;
	CREATE SCHEMA plain;
	IMPORT FOREIGN SCHEMA public LIMIT TO (orders) FROM SERVER bloom INTO public;
	IMPORT FOREIGN SCHEMA public LIMIT TO (orders) FROM SERVER bloom_est INTO est;
	IMPORT FOREIGN SCHEMA public LIMIT TO (orders) FROM SERVER plain INTO plain;
	ALTER FOREIGN TABLE public.orders RENAME TO remote_orders;

	CREATE TABLE customers AS
		SELECT i * 100 - 50 AS id FROM generate_series(1, 1000) AS i
		UNION ALL
		SELECT 200000 + i * 7 FROM generate_series(1, 1000) AS i;
	ANALYZE customers;

	-- every remote row, fetched once, to check the filtered results against
	CREATE TABLE all_orders AS SELECT * FROM plain.orders;
});

# EXPLAIN (VERBOSE, COSTS OFF) of a query, with filter literals shortened.
sub plan_of
{
	my ($sql) = @_;
	my $plan = $local->safe_psql('postgres', "EXPLAIN (VERBOSE, COSTS OFF) $sql");
	$plan =~ s/'QkYB[^']*'/'<filter>'/g;
	return $plan;
}

my $keys = '(SELECT bloom_agg(id) FROM customers)';
my $filter = $local->safe_psql('postgres', "SELECT bloom_agg(id) FROM customers");
my $shipped = qr/Remote SQL: SELECT .* FROM public\.orders WHERE /;
my $param = qr/\$1::public\.bloom/;
my $literal = qr/'<filter>'::public\.bloom/;

#
# Which forms postgres_fdw sends to the remote server
#

my $plan = plan_of("SELECT * FROM remote_orders AS o WHERE o.customer_id <@ $keys");
like($plan, qr/${shipped}\(\(customer_id OPERATOR\(public\.<@\) $param\)\)/,
	'value <@ (subquery): sent as a parameter');
unlike($plan, qr/Filter:/, 'value <@ (subquery): nothing left to test locally');

like(plan_of("SELECT * FROM remote_orders AS o WHERE $keys @> o.customer_id"),
	qr/${shipped}\(\($param OPERATOR\(public\.@>\) customer_id\)\)/,
	'(subquery) @> value: sent');
like(plan_of("SELECT * FROM remote_orders AS o WHERE o.customer_id <@ '$filter'::bloom"),
	qr/${shipped}\(\(customer_id OPERATOR\(public\.<@\) $literal\)\)/,
	'value <@ constant: sent as a literal');
like(plan_of("SELECT * FROM remote_orders AS o WHERE bloom_contains('$filter', o.customer_id)"),
	qr/${shipped}\(public\.bloom_contains\($literal, customer_id\)\)/,
	'bloom_contains(constant, value): sent');
like(plan_of("SELECT * FROM remote_orders AS o WHERE o.customer_code <@ (SELECT bloom_agg('C' || id) FROM customers)"),
	qr/${shipped}\(\(customer_code OPERATOR\(public\.<@\) $param\)\)/,
	'text value <@ (subquery): sent');
like(plan_of("SELECT count(*) FROM remote_orders AS o WHERE o.customer_id <@ $keys"),
	qr/Remote SQL: SELECT count\(\*\) FROM public\.orders WHERE \(\(customer_id OPERATOR\(public\.<@\) $param\)\)/,
	'count(*) ... WHERE value <@ (subquery): aggregate and filter sent');

foreach my $mode ([ 'force_generic_plan', $param ], [ 'force_custom_plan', $literal ])
{
	my $explain = $local->safe_psql('postgres', qq{
		SET plan_cache_mode = $mode->[0];
		PREPARE q(bloom) AS SELECT * FROM remote_orders WHERE customer_id <@ \$1;
		EXPLAIN (VERBOSE, COSTS OFF) EXECUTE q('$filter');
	});
	$explain =~ s/'QkYB[^']*'/'<filter>'/g;
	like($explain, qr/${shipped}\(\(customer_id OPERATOR\(public\.<@\) $mode->[1]\)\)/,
		"prepared statement's parameter, $mode->[0]: sent");
}

# Without the extensions option nothing of the extension is sent.
$plan = plan_of("SELECT * FROM plain.orders AS o WHERE o.customer_id <@ $keys");
# The subquery's result: $0 up to PostgreSQL 16, (InitPlan 1).col1 from 17
like($plan, qr/Filter: \(o\.customer_id <@ (?:\$0|\(InitPlan 1\)\.col1)\)/,
	'without extensions: the filter is tested locally');
like($plan, qr/Remote SQL: SELECT order_id, customer_id, customer_code, amount FROM public\.orders$/m,
	'without extensions: every row is fetched');

# A filter from another relation of the query, not a subquery, is a join
# clause: postgres_fdw sends it only in a parameterized scan, which it
# considers only with use_remote_estimate.
my $joined = "FROM %s AS o, (SELECT bloom_agg(id) AS f FROM customers) AS k WHERE o.customer_id <@ k.f";
like(plan_of('SELECT o.* ' . sprintf($joined, 'remote_orders')),
	qr/Join Filter: \(o\.customer_id <@ \(bloom_agg\(customers\.id\)\)\)/,
	'filter in FROM, without use_remote_estimate: tested locally');
like(plan_of('SELECT o.* ' . sprintf($joined, 'est.orders')),
	qr/Nested Loop.*${shipped}\(\(customer_id OPERATOR\(public\.<@\) $param\)\)/s,
	'filter in FROM, with use_remote_estimate: sent in a parameterized scan');

#
# The rows that come back
#

# Fetches rows through a filter (after the setup statements) and counts them
# against all_orders.  Returns: exact partners missing, exact partners, rows
# fetched, rows and distinct keys fetched without a partner, distinct keys
# of all_orders without a partner, and the filter's bloom_fpr.
sub fetched
{
	my ($setup, $fetch, $fpr) = @_;
	my $counts = $local->safe_psql('postgres', qq{
		$setup
		DROP TABLE IF EXISTS fetched;
		CREATE TABLE fetched AS $fetch;
		WITH partner AS (
			SELECT a.* FROM all_orders AS a WHERE a.customer_id IN (SELECT id FROM customers)
		), stray AS (
			SELECT f.* FROM fetched AS f WHERE f.customer_id NOT IN (SELECT id FROM customers)
		)
		SELECT (SELECT count(*) FROM partner AS p
				WHERE NOT EXISTS (SELECT FROM fetched AS f WHERE f.order_id = p.order_id)),
			(SELECT count(*) FROM partner),
			(SELECT count(*) FROM fetched),
			(SELECT count(*) FROM stray),
			(SELECT count(DISTINCT customer_id) FROM stray),
			(SELECT count(DISTINCT customer_id) FROM all_orders
				WHERE customer_id NOT IN (SELECT id FROM customers)),
			$fpr;
	});
	return split /\|/, $counts;
}

# Checks one filter's results; the keys without a partner each come back
# with probability p, independently: a binomial count, within 4 sigma.
sub check_fetched
{
	my ($name, @counts) = @_;
	my ($missing, $partners, $rows, $stray_rows, $stray_keys, $outsiders, $p) = @counts;
	my $mean = $outsiders * $p;
	my $sigma = sqrt($outsiders * $p * (1 - $p));

	is($missing, 0, "$name: every one of the $partners exact partners comes back");
	ok(abs($stray_keys - $mean) <= 4 * $sigma,
		sprintf("%s: %d of %d keys without a partner come back, expected %.1f +- %.1f (4 sigma, fpr %.5f)",
			$name, $stray_keys, $outsiders, $mean, 4 * $sigma, $p));
	note(sprintf("%s: %d of 200000 rows sent: %d partners, %d without a partner "
		  . "(%.3f%% of the %d rows without one; bloom_fpr %.3f%%)",
		$name, $rows, $partners, $stray_rows,
		100 * $stray_rows / (200000 - $partners), 200000 - $partners, 100 * $p));
}

my @counts = fetched('',
	"SELECT o.* FROM remote_orders AS o WHERE o.customer_id <@ $keys",
	"(SELECT bloom_fpr(bloom_agg(id)) FROM customers)");
is($counts[1], 2000, 'the exact join has 2,000 rows');
check_fetched('bloom_agg(id) in a subquery', @counts);

# A larger rate gives a sharper test: about 5,000 keys instead of 100.
check_fetched('bloom_agg(id, 2000, 0.05) as a generic plan\'s parameter', fetched(q{
		SET plan_cache_mode = force_generic_plan;
		SELECT bloom_agg(id, 2000, 0.05) AS f FROM customers \gset
		PREPARE q(bloom) AS SELECT * FROM remote_orders WHERE customer_id <@ $1;
	}, "EXECUTE q(:'f')", "bloom_fpr(:'f')"));

check_fetched('text keys', fetched('',
	"SELECT o.* FROM remote_orders AS o WHERE o.customer_code <@ (SELECT bloom_agg('C' || id) FROM customers)",
	"(SELECT bloom_fpr(bloom_agg('C' || id)) FROM customers)"));

#
# The bloom join written as a join
#

my $join = "SELECT o.order_id, o.amount, c.id FROM %s AS o JOIN customers AS c ON o.customer_id = c.id";
$plan = plan_of(sprintf($join, 'remote_orders') . " WHERE o.customer_id <@ $keys");
like($plan, qr/(?:Hash Join|Merge Join|Nested Loop).*${shipped}\(\(customer_id OPERATOR\(public\.<@\) $param\)\)/s,
	'join with the filter: the filter is sent, the join done locally');
$local->safe_psql('postgres',
	'CREATE TABLE bloom_join AS ' . sprintf($join, 'remote_orders') . " WHERE o.customer_id <@ $keys;"
	. 'CREATE TABLE exact_join AS ' . sprintf($join, 'plain.orders'));
is($local->safe_psql('postgres', q{
	SELECT (SELECT count(*) FROM bloom_join), (SELECT count(*) FROM exact_join),
		(SELECT count(*) FROM (
			(TABLE bloom_join EXCEPT ALL TABLE exact_join)
			UNION ALL
			(TABLE exact_join EXCEPT ALL TABLE bloom_join)) AS d);
	}), '2000|2000|0', 'join with the filter: exactly the rows of the join without it');

done_testing();
