/**
 * What `mgmt-kit serve --data FILE` costs, measured once and printed (never a test, never fails on a figure):
 * - 10 000 creates (POST /event, unique ids, 32 connections, autocannon) against `serve` without
 *   and with `--data`, in one run: requests/s, latency, how often the data file was replaced;
 * - start-up (spawn → the "listening" line) with 100 000 events of about 200 bytes in the data
 *   file, beside an empty server and the same records given as `--seed`.
 *
 * npm run bench:data            (= node scripts/run-ts.mjs scripts/measure-data-file.ts)
 * npm run bench:data -- --report-dir DIR   also writes what it printed to DIR/bench-data.md
 *                                          (docs/bench holds the run the docs link to)
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, watch, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cpus, loadavg, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { benchEvents } from '../src/server/bench/bench-data.js';
import { startChildServer, type ChildServer } from '../src/server/bench/bench-processes.js';

const BIN = fileURLToPath(new URL('../bin/mgmt-kit.js', import.meta.url));
const CREATES = 10_000;
const CONNECTIONS = 32;
const START_RECORDS = 100_000;
const { values: flags } = parseArgs({ options: { 'report-dir': { type: 'string' } } });
/** Every line printed, for DIR/bench-data.md. */
const printed: string[] = [];
const print = (line: string) => {
  printed.push(line);
  console.log(line);
};
const dir = mkdtempSync(join(tmpdir(), 'mgmt-kit-bench-data-'));

function serve(args: string[]): Promise<ChildServer> {
  return startChildServer([BIN, 'serve', '--port', '0', '--quiet', '--no-auth', ...args], /listening on (http:\/\/127\.0\.0\.1:\d+)/, 180_000);
}

/** Counts the renames that replace `file` (one per write) while `run` goes on. */
async function countReplacements<T>(file: string | undefined, run: () => Promise<T>): Promise<{ result: T; replacements: number | undefined }> {
  if (file === undefined) return { result: await run(), replacements: undefined };
  let replacements = 0;
  const watcher = watch(join(file, '..'), (event, name) => {
    if (event === 'rename' && name === basename(file)) replacements += 1;
  });
  try {
    return { result: await run(), replacements };
  } finally {
    watcher.close();
  }
}

async function measureCreates(dataFile: string | undefined) {
  const server = await serve(['--empty', ...(dataFile === undefined ? [] : ['--data', dataFile])]);
  try {
    const { result, replacements } = await countReplacements(dataFile, () =>
      autocannon({
        url: server.url,
        connections: CONNECTIONS,
        amount: CREATES,
        idReplacement: true,
        requests: [
          { method: 'POST', path: '/event', headers: { 'content-type': 'application/json' }, body: '{"id":"[<id>]","kind":"bench","source":"10.0.0.1"}' },
        ],
      }),
    );
    const created = result.statusCodeStats?.['201']?.count ?? 0;
    await server.stop();
    const inFile = dataFile === undefined ? undefined : (JSON.parse(readFileSync(dataFile, 'utf8')) as { event: unknown[] }).event.length;
    return {
      reqPerSec: created / (result.duration || 1),
      created,
      errors: result.errors,
      p50: result.latency.p50,
      p99: result.latency.p99,
      replacements,
      inFile,
    };
  } finally {
    await server.stop();
  }
}

async function measureStart(args: string[]): Promise<number> {
  const server = await serve(args);
  await server.stop();
  return server.startMs;
}

const round = (n: number) => Math.round(n).toLocaleString('en-US').replace(/,/g, ' ');
try {
  print(
    `mgmt-kit serve --data: Node ${process.version}, ${cpus().length} CPUs, load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}\n`,
  );
  const without = await measureCreates(undefined);
  const withData = await measureCreates(join(dir, 'creates.json'));
  print(`${round(CREATES)} creates (POST /event, ${CONNECTIONS} connections, one run each)`);
  print('| | req/s | p50 ms | p99 ms | created | file replaced | events in the file after SIGTERM |');
  print('|---|---|---|---|---|---|---|');
  for (const [name, r] of [
    ['without --data', without],
    ['with --data', withData],
  ] as const) {
    print(
      `| ${name} | ${round(r.reqPerSec)} | ${r.p50} | ${r.p99} | ${r.created}${r.errors ? ` (${r.errors} errors)` : ''} | ${r.replacements ?? '-'} | ${r.inFile ?? '-'} |`,
    );
  }
  print(`with / without: ${(withData.reqPerSec / without.reqPerSec).toFixed(2)}\n`);

  const file = join(dir, 'records-100k.json');
  writeFileSync(file, JSON.stringify({ event: benchEvents(START_RECORDS) }));
  const mb = (readFileSync(file).length / 1e6).toFixed(1);
  const empty = await measureStart(['--empty']);
  const seeded = await measureStart(['--seed', file]);
  const loaded = await measureStart(['--data', file]);
  print(`start-up, spawn to "listening" (bin/mgmt-kit.js, compiled dist/), one run each; ${round(START_RECORDS)} events, ${mb} MB`);
  print('| | ms |\n|---|---|');
  print(`| serve --empty (no records) | ${round(empty)} |`);
  print(`| serve --seed FILE | ${round(seeded)} |`);
  print(`| serve --data FILE | ${round(loaded)} |`);
  const reportDir = flags['report-dir'];
  if (reportDir !== undefined) {
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(
      join(reportDir, 'bench-data.md'),
      `# mgmt-kit serve --data, measured\n\nWritten by \`npm run bench:data -- --report-dir ${reportDir}\` on ${new Date().toISOString().slice(0, 10)}.\n\n${printed.join('\n')}\n`,
    );
    console.log(`written: ${join(reportDir, 'bench-data.md')}`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
