#!/usr/bin/perl
# test/t/symbols.t: bloomfilter.so names its functions so that no server
# function can stand in for one, in any catalog a database can have
# (issues 24 and 31).
#
# A server with JIT inlining looks the C name of a SQL function up in the
# server's own bitcode before the module's, and code it compiles calls
# functions by name, looked up in the whole process, the server binary
# first.  The server's own Bloom filter (src/backend/lib/bloomfilter.c)
# defines bloom_create, so under JIT inlining bloom_create(g, 0.01) called
# the server's function with our arguments and crashed it; 1.0's catalog
# named its C function so.  Checked:
#
#  1. the installed library exports its SQL entry points (f and
#     pg_finfo_f: this release's, and 1.0's names that
#     src/bloom_names_1_0.c passes on), its magic block and _PG_init, and
#     nothing else: every other symbol is hidden (-fvisibility=hidden,
#     PGDLLEXPORT);
#  2. no symbol it exports is exported by the server binary (nm -D
#     --defined-only), with no exception;
#  3. no global symbol of the module's bitcode, which the inliner reads
#     (installed with the library when the server is built with LLVM; its
#     llvm-nm lists it), is exported by the server: the inliner looks up
#     the functions an inlined one calls by name too, hidden or not, and
#     finds the server's first (in the library itself the link editor
#     makes hidden symbols local);
#  4. no version can be installed but the default one: the installation
#     holds no other install script (1.0's is gone);
#  5. on a cluster that compiles every query with inlining, every catalog
#     a database can have names no C symbol that both the library and the
#     server export: a fresh install; 1.0's (lib/Catalog10.pm), whose
#     bloom_create then fails with an error, for a role with no privilege,
#     and the server stays up; and each step of the update from it, after
#     which every C function names a bloomfilter_* symbol the library
#     exports and the server does not, and bloom_create works.
#
# Symbols the link editor defines in every shared object (_init, _fini,
# __bss_start, _edata, _end), none of them a function of ours, are left
# out of every comparison.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest copy => ['test/build/catalog-1.0'];
use Catalog10;
use PostgreSQL::Test::Cluster;
use PostgreSQL::Test::Utils;
use IPC::Run;
use Test::More;

my $source = BloomTest::source_dir();
chomp(my $bindir = `pg_config --bindir`);
chomp(my $pkglibdir = `pg_config --pkglibdir`);
chomp(my $configure = `pg_config --configure`);
chomp(my $makefile_global = `pg_config --pgxs`);
$makefile_global =~ s{makefiles/pgxs\.mk$}{Makefile.global};
my $library = "$pkglibdir/bloomfilter.so";
my $server = "$bindir/postgres";
my %linker = map { $_ => 1 } qw(_init _fini __bss_start _edata _end);

# The names of the defined symbols that the program $nm (nm, llvm-nm)
# lists in $file with these options, less the link editor's
sub symbols
{
	my ($nm, $file, @options) = @_;
	my ($out, $err) = ('', '');

	IPC::Run::run([ $nm, @options, '--defined-only', $file ],
		'>', \$out, '2>', \$err)
	  or die "$nm @options $file: $err\n";
	my %names = map { (split ' ')[2] => 1 }
	  grep { /^\S+\s+\S\s+\S+$/ } split /\n/, $out;
	delete @names{ keys %linker };
	return \%names;
}

# The SQL entry points the module defines (PG_FUNCTION_INFO_V1), from its
# sources
my %entry;
for my $file (glob("$source/src/*.c"))
{
	my $code = slurp_file($file);
	$entry{$1} = 1 while $code =~ /^PG_FUNCTION_INFO_V1\((\w+)\)/mg;
}
# bloom_names_1_0.c makes 1.0's names by a macro, BLOOM_NAME_1_0(x) the
# function bloom_x
my $names_1_0 = slurp_file("$source/src/bloom_names_1_0.c");
my $count_1_0 = 0;
while ($names_1_0 =~ /^BLOOM_NAME_1_0\((\w+)\);/mg)
{
	$entry{"bloom_$1"} = 1;
	$count_1_0++;
}
ok($count_1_0 >= 30, "$count_1_0 C names of 1.0 passed on");

my $exported = symbols('nm', $library, '-D');
my $server_exported = symbols('nm', $server, '-D');
ok(keys %$server_exported > 1000, 'nm lists the server\'s exported symbols');

# 1. the exports are the entry points, their info records, the magic block
# and _PG_init
my %expected = map { ($_ => 1, "pg_finfo_$_" => 1) } keys %entry;
$expected{$_} = 1 for qw(Pg_magic_func _PG_init);
is_deeply([ sort keys %$exported ], [ sort keys %expected ],
	'bloomfilter.so exports its SQL entry points, its magic block and _PG_init, and nothing else');

# 2. none is the server's
is_deeply([ sort grep { $server_exported->{$_} } keys %$exported ], [],
	'no symbol bloomfilter.so exports is exported by the server');
ok(!grep({ /^bloomfilter_/ } keys %$server_exported),
	'the server exports no symbol of the module\'s prefix bloomfilter_');

# 3. no global symbol of the bitcode is the server's
SKIP:
{
	skip 'the server is built without LLVM: no bitcode, no inliner', 2
	  unless $configure =~ /--with-llvm\b/;
	my ($llvm_bin) = slurp_file($makefile_global) =~ /^LLVM_BINPATH\s*=\s*(\S+)/m;
	my @bitcode = split /\n/, `find $pkglibdir/bitcode/bloomfilter -name '*.bc'`;
	my %global;
	for my $file (@bitcode)
	{
		my $names = symbols("$llvm_bin/llvm-nm", $file, '--extern-only');
		$global{$_} = 1 for keys %$names;
	}
	ok(@bitcode > 10 && exists $global{bf_validate} && exists $global{bloomfilter_create},
		scalar(@bitcode) . " bitcode files, with the core's functions and the entry points");
	my @global_shared = sort grep { $server_exported->{$_} } keys %global;
	is_deeply(\@global_shared, [],
		'no global symbol of the module\'s bitcode, hidden in the library or not, is exported by the server');
}

# 4. the installation can create the default version only
my ($default_version) =
  slurp_file("$source/bloomfilter.control") =~ /^default_version\s*=\s*'([^']+)'/m;
chomp(my $sharedir = `pg_config --sharedir`);
my @install_scripts = sort map { m{/bloomfilter--([^-]+)\.sql$} ? $1 : () }
  glob("$sharedir/extension/bloomfilter--*.sql");
is_deeply(\@install_scripts, [$default_version],
	"the only install script installed is the default version's ($default_version)");

# 5. what catalogs call, on a server that compiles every query with
# inlining where it can (with JIT or without, every check holds)
my $node = PostgreSQL::Test::Cluster->new('symbols',
	install_path => Catalog10::installation_path());
$node->init;
$node->append_conf('postgresql.conf', qq{
jit = on
jit_above_cost = 0
jit_inline_above_cost = 0
jit_optimize_above_cost = 0
});
$node->start;
$node->safe_psql('postgres', q{
CREATE DATABASE fresh;
CREATE DATABASE updated;
CREATE ROLE nobody LOGIN});

my $c_names_sql = q{
SELECT DISTINCT p.prosrc
  FROM pg_proc AS p
  JOIN pg_depend AS d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
  JOIN pg_extension AS e ON e.oid = d.refobjid
 WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
   AND e.extname = 'bloomfilter'
   AND p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'c')
 ORDER BY 1};
my $query_sql = q{
SELECT count(*) FROM generate_series(1, 5) AS g WHERE bloom_create(g, 0.01) IS NOT NULL};

# Every C function of database $db names a bloomfilter_* symbol the
# library exports and the server does not, and bloom_create works
sub catalog_ok
{
	my ($db, $what) = @_;
	my @names = split /\n/, $node->safe_psql($db, $c_names_sql);
	ok(@names >= 30, "$what: " . scalar(@names) . ' C names');
	is_deeply([ grep { !$exported->{$_} || $server_exported->{$_} || !/^bloomfilter_/ } @names ],
		[], "$what: every C function names a bloomfilter_* symbol the library exports and the server does not");
	is($node->safe_psql($db, $query_sql), '5', "$what: bloom_create works");
	return;
}

$node->safe_psql('fresh', 'CREATE EXTENSION bloomfilter');
catalog_ok('fresh', 'a fresh install');
like($node->safe_psql('fresh', "EXPLAIN (ANALYZE) $query_sql"),
	$configure =~ /--with-llvm\b/ ? qr/Inlining true/ : qr/^(?!.*JIT)/s,
	'the query is compiled with inlining where the server has JIT');

Catalog10::create($node, 'updated');
Catalog10::as_released($node, 'updated');
my @names = split /\n/, $node->safe_psql('updated', $c_names_sql);
ok(grep({ $_ eq 'bloom_create' } @names), "1.0's catalog names bloom_create");
is_deeply([ grep { $exported->{$_} && $server_exported->{$_} } @names ], [],
	"1.0's catalog names no C symbol that both the library and the server export");
my ($ret, $out, $err) = $node->psql('updated', $query_sql,
	extra_params => [ '-U', 'nobody' ]);
like($err, qr/could not find function "bloom_create"/,
	"1.0's bloom_create is an error, for a role with no privilege");
is($node->safe_psql('updated', 'SELECT bloom_agg(g) @> 7 FROM generate_series(1, 10) AS g'),
	't', "1.0's other functions work until the update");
ok(!$node->log_contains('terminated by signal'), 'no server process crashed');

# each step of the update, by the update scripts installed
my %next = map { m{/bloomfilter--([^-]+)--([^-]+)\.sql$} ? ($1 => $2) : () }
  glob("$sharedir/extension/bloomfilter--*--*.sql");
my $version = '1.0';
while (defined $next{$version} && $version ne $default_version)
{
	$version = $next{$version};
	$node->safe_psql('updated', "ALTER EXTENSION bloomfilter UPDATE TO '$version'");
	catalog_ok('updated', "1.0 updated to $version");
}
is($node->safe_psql('updated',
		q{SELECT extversion FROM pg_extension WHERE extname = 'bloomfilter'}),
	$default_version, "1.0 updated to the default version, $default_version");

$node->stop;
done_testing();
