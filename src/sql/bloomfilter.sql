/* @SCRIPT@: made by tools/gen-sql from src/sql/bloomfilter.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "CREATE EXTENSION bloomfilter" to load this file. \quit

-- Every C function is named bloomfilter_*, a prefix no PostgreSQL server
-- uses for its own functions (src/bloom_names_1_0.c says why)

-- @include type.sql

-- @include functions.sql

-- @include aggregates.sql

-- @include operators.sql

-- @include opclasses.sql

-- @include parquet.sql

-- @include parts.sql
