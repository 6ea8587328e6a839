/* bloomfilter--1.0--1.1.sql */

-- complain if script is sourced in psql, rather than via CREATE EXTENSION
\echo Use "ALTER EXTENSION bloomfilter UPDATE TO '1.1'" to load this file. \quit
