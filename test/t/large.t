#!/usr/bin/perl
# test/t/large.t: a filter over 512 MiB goes through its text form and
# through pg_dump and pg_restore (issue 16, item 7).
#
# PostgreSQL's base64 functions take int lengths, so the text form of a
# filter over 512 MiB (more than 2^31 bits of base64 length arithmetic)
# failed with "invalid memory alloc request size" before bloom_io.c
# encoded and decoded it in chunks.  This makes one filter of about
# 565 MiB (bloom_create(450000000, 0.01), two values added), checks that
# f::text::bloom = f, dumps its database with pg_dump (custom format, whose
# COPY writes the text form) and restores it with pg_restore into another
# database, and compares the filters byte for byte (md5 of their bytes).
#
# Slow by nature: about three minutes on two cores (167 to 191 s
# measured), and some 4 GB of memory at the peak (the filter, its 754 MiB
# of text, and the decoded copy).  It runs by default all the same, since
# nothing smaller reaches the limit.
#
# Like the other cluster tests it runs the installed extension; to run it
# against a private installation tree instead (see test/Makefile's
# server-asan target for how one is made), set BLOOM_TEST_INSTALL_PATH to
# the tree's directory that holds bin/.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use Test::More;

my $capacity = 450_000_000;
my @install = $ENV{BLOOM_TEST_INSTALL_PATH}
  ? (install_path => $ENV{BLOOM_TEST_INSTALL_PATH}) : ();

my $node = PostgreSQL::Test::Cluster->new('large', @install);
$node->init;
$node->append_conf('postgresql.conf', "jit = off\n");
$node->start;

$node->safe_psql('postgres', 'CREATE DATABASE source');
$node->safe_psql('source', qq{
CREATE EXTENSION bloomfilter;
CREATE TABLE big (id int PRIMARY KEY, f bloom);
INSERT INTO big
SELECT 1, bloom_add(bloom_add(bloom_create($capacity, 0.01), 'a'::text), 'b'::text);
});

my $bytes = $node->safe_psql('source', 'SELECT (bloom_info(f)).bytes FROM big');
cmp_ok($bytes, '>', 512 * 1024 * 1024, "the filter has $bytes bytes, over 512 MiB");

is($node->safe_psql('source', 'SELECT f::text::bloom = f FROM big'),
	't', 'f::text::bloom = f');
is($node->safe_psql('source', 'SELECT length(f::text) = (length(f::bytea) + 2) / 3 * 4 FROM big'),
	't', 'its text has the length of its base64');

my $fingerprint_sql = q{SELECT md5(f::bytea), f @> 'a'::text, f @> 'b'::text FROM big};
my $original = $node->safe_psql('source', $fingerprint_sql);

my $dump = "$PostgreSQL::Test::Utils::tmp_check/large.dump";
$node->command_ok([ 'pg_dump', '-Fc', '-Z', '0', '-d', $node->connstr('source'), '-f', $dump ],
	'pg_dump of the database');
$node->safe_psql('postgres', 'CREATE DATABASE restored');
$node->command_ok([ 'pg_restore', '-d', $node->connstr('restored'), $dump ],
	'pg_restore into a new database');
is($node->safe_psql('restored', $fingerprint_sql), $original,
	'the restored filter is the same, byte for byte');

$node->stop;
done_testing();
