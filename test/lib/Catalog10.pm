# test/lib/Catalog10.pm: a database whose bloomfilter catalog is 1.0's, for
# the tests that update one (t/upgrade.t, t/symbols.t).
#
# No release installs 1.0: its catalog names the C function of bloom_create
# bloom_create, which the server's own Bloom filter defines too, and under
# JIT inlining that name ran the server's function and crashed it (issue
# 31).  A database created at 1.0 before still updates.  To make one, a
# test starts its cluster from the private installation tree that "make -C
# test catalog-1.0" builds (installation_path), where 1.0's install script
# as released can run, with bloom_create pointed at bloomfilter_create:
# the catalog a database had under 1.0's own library.  After storing what
# it needs, the test calls as_released(), which gives bloom_create back its
# released C name: the catalog as this release's library meets it.
package Catalog10;

use strict;
use warnings;
use BloomTest;

# The private installation tree, to pass as PostgreSQL::Test::Cluster's
# install_path
sub installation_path
{
	chomp(my $bindir = `pg_config --bindir`);
	my $root = BloomTest::source_dir() . '/test/build/catalog-1.0/root';
	die "$root$bindir/postgres not found: run make -C test catalog-1.0\n"
	  unless -x "$root$bindir/postgres";
	return "$root" . ($bindir =~ s{/bin$}{}r);
}

# Create the extension at 1.0 in database $db of $node, a cluster of
# installation_path(): its catalog as 1.0's library ran it
sub create
{
	my ($node, $db) = @_;

	$node->safe_psql($db, "CREATE EXTENSION bloomfilter VERSION '1.0'");
	return;
}

# Give bloom_create of database $db its C name of 1.0, which this release's
# library does not define: the catalog is then 1.0's exactly
sub as_released
{
	my ($node, $db) = @_;

	$node->safe_psql($db, q{
UPDATE pg_catalog.pg_proc SET prosrc = 'bloom_create'
 WHERE oid = 'bloom_create(pg_catalog.int8, pg_catalog.float8)'::pg_catalog.regprocedure});
	return;
}

1;
