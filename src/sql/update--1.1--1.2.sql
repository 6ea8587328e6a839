/* @SCRIPT@: made by tools/gen-sql from src/sql/update--1.1--1.2.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "ALTER EXTENSION bloomfilter UPDATE TO '1.2'" to load this file. \quit

-- bloombank, the index access method over a column of filters, is new
-- @include bank.sql
