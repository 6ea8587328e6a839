#!/usr/bin/perl
# test/t/symbols.t: bloomfilter.so names its functions so that no server
# function can stand in for one (issue 24).
#
# A server with JIT inlining looks the C name of a SQL function up in the
# server's own bitcode before the module's, and code it compiles calls
# functions by name, looked up in the whole process, the server binary
# first.  The server's own Bloom filter (src/backend/lib/bloomfilter.c)
# defines bloom_create, so under JIT inlining bloom_create(g, 0.01) called
# the server's function with our arguments and crashed it.  Checked:
#
#  1. the installed library exports its SQL entry points (f and
#     pg_finfo_f), its magic block and _PG_init, and nothing else: every
#     other symbol is hidden (-fvisibility=hidden, PGDLLEXPORT);
#  2. no symbol it exports is exported by the server binary
#     (nm -D --defined-only), but the C names that catalogs of 1.0 call
#     their functions by (bloomfilter--1.0.sql, which stays as released),
#     which the library must still export for them: bloom_create is one,
#     and the test says so;
#  3. no global symbol of the module's bitcode, which the inliner reads
#     (installed with the library when the server is built with LLVM; its
#     llvm-nm lists it), is exported by the server: the inliner looks up
#     the functions an inlined one calls by name too, hidden or not, and
#     finds the server's first (in the library itself the link editor
#     makes hidden symbols local);
#  4. on a cluster, every C function of a fresh install of the default
#     version, and of 1.0 updated to it, names a symbol the library exports
#     and the server does not, with the module's prefix bloomfilter_.
#
# Symbols the link editor defines in every shared object (_init, _fini,
# __bss_start, _edata, _end), none of them a function of ours, are left
# out of every comparison.
use strict;
use warnings;
use FindBin;
use lib "$FindBin::RealBin/../lib";
use BloomTest;
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
# bloom_names_1_0.c makes the 1.0 names by a macro: read them from the
# released 1.0 script, each function's C name or, without one, its own
my %names_1_0;
{
	my $script = slurp_file("$source/bloomfilter--1.0.sql");
	while ($script =~ /^CREATE FUNCTION (\w+)\((.*?);$/msg)
	{
		my ($name, $rest) = ($1, $2);
		$names_1_0{ $rest =~ /AS 'MODULE_PATHNAME', '(\w+)'/ ? $1 : $name } = 1;
	}
}
$entry{$_} = 1 for keys %names_1_0;
ok(keys %names_1_0 >= 30, scalar(keys %names_1_0) . ' C names in the 1.0 script');

my $exported = symbols('nm', $library, '-D');
my $server_exported = symbols('nm', $server, '-D');
ok(keys %$server_exported > 1000, 'nm lists the server\'s exported symbols');

# 1. the exports are the entry points, their info records, the magic block
# and _PG_init
my %expected = map { ($_ => 1, "pg_finfo_$_" => 1) } keys %entry;
$expected{$_} = 1 for qw(Pg_magic_func _PG_init);
is_deeply([ sort keys %$exported ], [ sort keys %expected ],
	'bloomfilter.so exports its SQL entry points, its magic block and _PG_init, and nothing else');

# 2. none is the server's, but names that 1.0's catalogs call
my @shared = sort grep { $server_exported->{$_} } keys %$exported;
my @shared_new = grep { !$names_1_0{$_} } @shared;
is_deeply(\@shared_new, [],
	'no symbol bloomfilter.so exports for this release is exported by the server');
diag('exported for catalogs of 1.0 only, and also by the server: '
	  . join(', ', @shared)
	  . ' (JIT inlining takes the server\'s function for them until ALTER EXTENSION bloomfilter UPDATE)')
  if @shared;
ok(!grep({ /^bloomfilter_/ } keys %$server_exported),
	'the server exports no symbol of the module\'s prefix bloomfilter_');

# 3. no global symbol of the bitcode is the server's (but the 1.0 names)
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
	my @global_shared = sort grep { $server_exported->{$_} && !$names_1_0{$_} } keys %global;
	is_deeply(\@global_shared, [],
		'no global symbol of the module\'s bitcode, hidden in the library or not, is exported by the server');
}

# 4. what catalogs call: fresh, and 1.0 updated
my $node = PostgreSQL::Test::Cluster->new('symbols');
$node->init;
$node->start;
$node->safe_psql('postgres', 'CREATE DATABASE fresh');
$node->safe_psql('postgres', 'CREATE DATABASE updated');
$node->safe_psql('fresh', 'CREATE EXTENSION bloomfilter');
$node->safe_psql('updated', "CREATE EXTENSION bloomfilter VERSION '1.0'");
$node->safe_psql('updated', 'ALTER EXTENSION bloomfilter UPDATE');

my $c_names_sql = q{
SELECT DISTINCT p.prosrc
  FROM pg_proc AS p
  JOIN pg_depend AS d ON d.classid = 'pg_proc'::regclass AND d.objid = p.oid
  JOIN pg_extension AS e ON e.oid = d.refobjid
 WHERE d.refclassid = 'pg_extension'::regclass AND d.deptype = 'e'
   AND e.extname = 'bloomfilter'
   AND p.prolang = (SELECT oid FROM pg_language WHERE lanname = 'c')
 ORDER BY 1};
for my $db (qw(fresh updated))
{
	my @names = split /\n/, $node->safe_psql($db, $c_names_sql);
	ok(@names >= 30, "$db: " . scalar(@names) . ' C names');
	is_deeply([ grep { !$exported->{$_} || $server_exported->{$_} || !/^bloomfilter_/ } @names ],
		[], "$db: every C function names a bloomfilter_* symbol the library exports and the server does not");
}

$node->stop;
done_testing();
