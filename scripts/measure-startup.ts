/**
 * How soon `mgmt-kit serve` answers after it is started: the time from the spawn to the first
 * answer of GET /openapi.json, run after run, with the server's own CPU time until then (Linux
 * /proc) and the machine's load. Prints every run and the median; never a test, never fails on a
 * figure (src/cli/serve-start-modules.test.ts checks what serve loads instead).
 *
 * npm run bench:startup                        the clone's command (node bin/mgmt-kit.js serve)
 * npm run bench:startup -- --installed         packs the three packages, installs them into an
 *                                              empty project and runs node_modules/.bin/mgmt-kit there
 * npm run bench:startup -- --npx               `npx mgmt-kit serve` in the clone (npm's own start-up included)
 * npm run bench:startup -- --runs 15           more runs (default 9)
 * npm run bench:startup -- --report-dir DIR     also writes DIR/bench-startup.md (the published run:
 *                                              --installed --report-dir docs/bench)
 *
 * Each run of the command is followed by a run of plain Node on the same port handling (a
 * node:http server answering GET /openapi.json, started the same way): the floor no command
 * can go under on that machine at that moment. On a busy machine both grow; the difference is
 * what the kit's own start costs.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findFreePort, readCpuMs, statusOf } from '../src/bench/bench-processes.js';
import { packPackages, REPO } from './packages/pack-packages.js';

const { values: flags } = parseArgs({
  options: { runs: { type: 'string', default: '9' }, installed: { type: 'boolean' }, npx: { type: 'boolean' }, 'report-dir': { type: 'string' } },
});
const RUNS = Number(flags.runs);
type Run = Awaited<ReturnType<typeof measureOnce>>;

/** Plain Node answering GET /openapi.json on the port given as its last argument. */
const PLAIN_NODE_SERVER = [
  '-e',
  "require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{}'); }).listen(Number(process.argv.at(-1)), '127.0.0.1')",
];

async function measureOnce(command: string, args: string[], cwd: string) {
  const port = await findFreePort();
  const started = performance.now();
  const plain = args === PLAIN_NODE_SERVER;
  const child = spawn(command, plain ? [...args, String(port)] : [...args, 'serve', '--port', String(port), '--quiet'], { cwd, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${command} ${args.join(' ')} serve exited ${child.exitCode} before answering`);
      const status = await statusOf(`http://127.0.0.1:${port}/openapi.json`, {});
      if (status !== 0) {
        const ms = performance.now() - started;
        if (status !== 200) throw new Error(`/openapi.json answered ${status}`);
        return { ms, cpuMs: flags.npx && !plain ? undefined : readCpuMs(child.pid!) };
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

let cwd = REPO;
let command = process.execPath;
let args = [join(REPO, 'bin/mgmt-kit.js')];
let label = 'node bin/mgmt-kit.js serve (the clone)';
let project: string | undefined;
if (flags.installed) {
  project = mkdtempSync(join(tmpdir(), 'mgmt-kit-startup-'));
  const packed = packPackages(join(project, 'packed'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'startup', private: true }));
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', ...Object.values(packed).map((p) => p.tarball)], { cwd: project, encoding: 'utf8' });
  if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
  cwd = project;
  args = [join(project, 'node_modules/.bin/mgmt-kit')];
  label = 'node node_modules/.bin/mgmt-kit serve (a project that installed the packed kit)';
}
if (flags.npx) {
  command = 'npx';
  args = ['mgmt-kit'];
  label = `npx mgmt-kit serve (${flags.installed ? 'the installed project' : 'the clone'})`;
}

try {
  const loadBefore = loadavg()[0]!;
  await measureOnce(command, args, cwd); // warm-up: the file cache, not counted
  const runs: Run[] = [];
  const plainRuns: Run[] = [];
  for (let i = 0; i < RUNS; i += 1) {
    runs.push(await measureOnce(command, args, cwd));
    plainRuns.push(await measureOnce(process.execPath, PLAIN_NODE_SERVER, cwd));
  }
  const loadAfter = loadavg()[0]!;
  console.log(`mgmt-kit serve start-up: ${label}`);
  const machine = `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`;
  console.log(machine);
  const rows: string[] = [];
  const summary = (name: string, measured: Run[]): void => {
    const ms = measured.map((r) => r.ms);
    const cpu = measured.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs]));
    const cpuMedian = cpu.length > 0 ? `${median(cpu).toFixed(0)} ms` : 'n/a';
    const [middle, fastest, slowest] = [median(ms), Math.min(...ms), Math.max(...ms)].map((m) => `${m.toFixed(0)} ms`);
    const listed = ms.map((m) => m.toFixed(0)).join(' ');
    console.log(`${name}: runs (spawn → first answer of GET /openapi.json, ms): ${listed}`);
    console.log(`${name}: median ${middle}, fastest ${fastest}, slowest ${slowest}; CPU time until then: median ${cpuMedian}`);
    rows.push(`| ${name} | ${middle} | ${fastest} | ${slowest} | ${cpuMedian} | ${listed} |`);
  };
  summary('mgmt-kit serve', runs);
  summary('plain Node (node:http, the floor)', plainRuns);
  if (flags['report-dir'] !== undefined) {
    const command = `npm run bench:startup --${flags.installed ? ' --installed' : ''}${flags.npx ? ' --npx' : ''} --runs ${RUNS} --report-dir ${flags['report-dir']}`;
    const report = [
      '# mgmt-kit serve start-up, measured',
      '',
      `Written by \`${command}\` on ${new Date().toISOString().slice(0, 10)}.`,
      '',
      `${label}; ${machine}. Each run: the spawn to the first answer of \`GET /openapi.json\`; the CPU time is the process's own (user + system) until then. Plain Node (a \`node:http\` server answering the same request) is started after each run of serve: the floor on that machine at that moment.`,
      '',
      '| process | median | fastest | slowest | CPU until the answer (median) | runs |',
      '|---|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
    mkdirSync(flags['report-dir'], { recursive: true });
    writeFileSync(join(flags['report-dir'], 'bench-startup.md'), report);
    console.log(`wrote ${join(flags['report-dir'], 'bench-startup.md')}`);
  }
} finally {
  if (project !== undefined) rmSync(project, { recursive: true, force: true });
}
