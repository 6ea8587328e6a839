// test/duckdb/peer.js: DuckDB's side of test/t/parquet.t.
//
//   node peer.js write DIR    writes DIR/data.parquet, one row group whose
//                             columns hold the first 10,000 of 20,000
//                             values of each type (three times each, so
//                             that DuckDB encodes them with a dictionary
//                             and writes a Bloom filter), and the values,
//                             the column chunks' filters (read at each
//                             chunk's bloom_filter_offset, for its
//                             bloom_filter_length) and DuckDB's answer to
//                             parquet_bloom_probe for values of each column
//   node peer.js splice DIR   writes, for each column DIR/spliced.csv names,
//                             a copy of data.parquet with that column's
//                             filter replaced by the bytes given (of the
//                             same length), and DuckDB's answer for 2,000
//                             values of the column
//
// Files in DIR, all CSV without a header: columns.csv (column, DuckDB type,
// PostgreSQL type, how many values are probed), values.csv (i, then one
// value per column: i < 10,000 are in the file), filters.csv (column,
// Parquet physical type, offset, length, filter as hex), probes.csv and
// spliced-probes.csv (column, i, whether DuckDB excludes the value),
// spliced.csv (column, filter as hex).
'use strict';

const fs = require('fs');
const path = require('path');
const { DuckDBInstance } = require('@duckdb/node-api');

const TOTAL = 20000;
const PRESENT = 10000;
const SPLICED = 2000;			/* values probed in a spliced file */

// Column, DuckDB type and expression of i, PostgreSQL type, values probed
// (the first and last half of them present and absent)
const COLUMNS = [
	['t', 'VARCHAR', "'https://example.com/p/' || i || '/' || substr(md5(i::VARCHAR), 1, 10) || CASE WHEN i % 7 = 0 THEN '/ü' ELSE '' END", 'text', TOTAL],
	['b', 'BIGINT', 'i * 1000003 - 5000000000', 'bigint', TOTAL],
	['n', 'INTEGER', 'i * 7919 - 40000000', 'integer', TOTAL],
	['d', 'DATE', "DATE '1900-01-01' + (i * 3)::INTEGER", 'date', TOTAL],
	['u', 'UUID', 'md5(i::VARCHAR)::UUID', 'uuid', TOTAL],
	['s', 'SMALLINT', 'i - 10000', 'smallint', 2000],
	['ts', 'TIMESTAMP', "TIMESTAMP '1960-01-01' + to_microseconds(i * 3600000017)", 'timestamp', 2000],
	['tz', 'TIMESTAMPTZ', "TIMESTAMPTZ '1960-01-01 00:00:00+00' + to_microseconds(i * 3600000017)", 'timestamptz', 2000],
	['f8', 'DOUBLE', 'i / 8.0 - 600', 'double precision', 2000],
	['f4', 'FLOAT', 'i / 4.0 - 2000', 'real', 2000],
	['y', 'BLOB', "encode('blob-' || i)", 'bytea', 2000],
	['dl', 'DECIMAL(15,2)', 'i * 1.25 - 3000', 'numeric(15,2)', 2000],
	['ds', 'DECIMAL(9,2)', 'i * 0.75 - 2000', 'numeric(9,2)', 2000],
];

// The rows of a query as objects
async function rows(conn, sql) {
	return (await conn.runAndReadAll(sql)).getRowObjects();
}

// The i values probed in a column: the first and last n / 2 of 0..TOTAL-1
// on either side of PRESENT
function probed(n) {
	const out = [];
	for (let i = 0; i < n / 2; i++)
		out.push(i, PRESENT + i);
	return out;
}

// DuckDB's answer, for values of each column, to parquet_bloom_probe on
// file: lines "column,i,excludes", probed on two connections at once
async function probeAll(db, file, columns, values) {
	const conns = [await db.connect(), await db.connect()];
	const lines = [];
	for (const [name, type, , , n] of columns) {
		const is = probed(n);
		const work = async (conn, part) => {
			for (let k = part; k < is.length; k += conns.length) {
				const i = is[k];
				const literal = values[i][name].replace(/'/g, "''");
				const r = await rows(conn,
					`SELECT bool_and(bloom_filter_excludes) AS e FROM parquet_bloom_probe('${file}', '${name}', CAST('${literal}' AS ${type}))`);
				lines[lines.length] = `${name},${i},${r[0].e}`;
			}
		};
		await Promise.all(conns.map((c, part) => work(c, part)));
	}
	return lines.join('\n') + '\n';
}

// The values of every column, by i, as DuckDB writes them to CSV
async function readValues(conn, dir) {
	const out = [];
	for (const r of await rows(conn, `SELECT * FROM read_csv('${dir}/values.csv', header = false, all_varchar = true, quote = '"')`)) {
		const v = {};
		COLUMNS.forEach(([name], k) => { v[name] = r[`column${String(k + 1).padStart(2, '0')}`]; });
		out[Number(r.column00)] = v;
	}
	return out;
}

async function write(dir) {
	const db = await DuckDBInstance.create(':memory:');
	const conn = await db.connect();
	const file = `${dir}/data.parquet`;

	await conn.run("SET TimeZone = 'UTC'");
	await conn.run(`CREATE TABLE v AS SELECT i, ${COLUMNS.map(([name, type, expr]) =>
		`CAST(${expr} AS ${type}) AS ${name}`).join(', ')} FROM range(${TOTAL}) AS r(i)`);
	await conn.run(`COPY (SELECT * EXCLUDE (i, k) FROM v, range(3) AS c(k) WHERE i < ${PRESENT})
		TO '${file}' (FORMAT parquet, ROW_GROUP_SIZE 1000000, DICTIONARY_SIZE_LIMIT 100000)`);
	await conn.run(`COPY v TO '${dir}/values.csv' (HEADER false)`);
	fs.writeFileSync(`${dir}/columns.csv`, COLUMNS.map(([name, type, , pgtype, n]) =>
		`${name},"${type}","${pgtype}",${n}`).join('\n') + '\n');

	const data = fs.readFileSync(file);
	const filters = [];
	for (const m of await rows(conn, `SELECT path_in_schema AS col, type, bloom_filter_offset AS o, bloom_filter_length AS l FROM parquet_metadata('${file}')`)) {
		if (m.o === null)
			throw new Error(`DuckDB wrote no Bloom filter for column ${m.col}`);
		const bytes = data.subarray(Number(m.o), Number(m.o) + Number(m.l));
		filters.push(`${m.col},${m.type},${m.o},${m.l},${bytes.toString('hex')}`);
	}
	fs.writeFileSync(`${dir}/filters.csv`, filters.join('\n') + '\n');
	fs.writeFileSync(`${dir}/probes.csv`,
		await probeAll(db, file, COLUMNS, await readValues(conn, dir)));
}

async function splice(dir) {
	const db = await DuckDBInstance.create(':memory:');
	const conn = await db.connect();
	const values = await readValues(conn, dir);
	const offsets = {};
	const out = [];

	for (const line of fs.readFileSync(`${dir}/filters.csv`, 'utf8').trim().split('\n')) {
		const [col, , o, l] = line.split(',');
		offsets[col] = [Number(o), Number(l)];
	}
	for (const line of fs.readFileSync(`${dir}/spliced.csv`, 'utf8').trim().split('\n')) {
		const [col, hex] = line.split(',');
		const [offset, length] = offsets[col];
		const bytes = Buffer.from(hex, 'hex');
		const data = fs.readFileSync(`${dir}/data.parquet`);
		const file = `${dir}/spliced-${col}.parquet`;

		if (bytes.length !== length)
			throw new Error(`filter for ${col} has ${bytes.length} bytes, not ${length}`);
		bytes.copy(data, offset);
		fs.writeFileSync(file, data);
		/* 1,000 values on either side: the bytes are those read back */
		out.push(await probeAll(db, file, COLUMNS.filter(([name]) => name === col)
			.map(([name, type, expr, pgtype]) => [name, type, expr, pgtype, SPLICED]), values));
	}
	fs.writeFileSync(`${dir}/spliced-probes.csv`, out.join(''));
}

const [mode, dir] = process.argv.slice(2);
const run = { write, splice }[mode];
if (!run || !dir) {
	console.error('usage: node peer.js write|splice DIR');
	process.exit(2);
}
run(path.resolve(dir)).catch((e) => {
	console.error(e);
	process.exit(1);
});
