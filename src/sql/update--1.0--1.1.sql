/* @SCRIPT@: made by tools/gen-sql from src/sql/update--1.0--1.1.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "ALTER EXTENSION bloomfilter UPDATE TO '1.1'" to load this file. \quit

-- Every function and aggregate of 1.0 is made again as it is now: by its
-- bloomfilter_* C name (1.0 named them after their SQL functions, and
-- bloom_create is also a function of the PostgreSQL server, which JIT
-- inlining took in place of ours), with its cost and planner support;
-- those new in 1.1 are made beside them.  bloom_info gains the standard
-- error of its count as a last column, so it is dropped first (a view
-- that reads it must be dropped before the update).
DROP FUNCTION bloom_info(bloom);

-- @include io.sql or-replace

-- ANALYZE of a column of filters records what the planner's estimates read
ALTER TYPE bloom SET (ANALYZE = bloom_typanalyze);

-- @include functions.sql or-replace

-- @include aggregates.sql or-replace

-- @include selectivity.sql or-replace

-- @include sortsupport.sql

-- @include parquet.sql

-- @include parts.sql
