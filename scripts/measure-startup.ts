/**
 * How soon mgmt-kit answers, whichever way a user starts it: for each way, the time from the spawn
 * to the first answer of `serve` (GET /openapi.json) and to the end of `--help`, run after run,
 * the ways taking turns so that they share the machine's load alike. Beside them the floors no way
 * goes under on that machine at that moment: plain Node (`node -e 0`, and a node:http server
 * answering the same request) and npm's own start (`npx --version`, which every `npx …` pays
 * before it starts anything). Prints every run and the medians; never a test, never fails on a
 * figure (src/cli/serve-start-modules.test.ts checks what serve loads instead).
 *
 * npm run bench:startup                         every way: node bin/mgmt-kit.js and npx mgmt-kit in
 *                                               this clone; node_modules/.bin/mgmt-kit and npx mgmt-kit
 *                                               in an empty project that installed the packed kit;
 *                                               podman run mgmt-kit (when `npm run image` built it)
 * npm run bench:startup -- --ways clone,clone-npx   only those (clone, clone-npx, installed, installed-npx, image)
 * npm run bench:startup -- --runs 15            more runs (default 9)
 * npm run bench:startup -- --report-dir DIR     also writes DIR/bench-startup.md (the published run: --report-dir docs/bench)
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { findFreePort, readCpuMs } from '../src/server/bench/bench-processes.js';
import { has, podmanResult, ulimitFlags } from './image/podman.js';
import { packPackages, REPO } from './packages/pack-packages.js';

const WAYS = ['clone', 'clone-npx', 'installed', 'installed-npx', 'image'] as const;
type WayName = (typeof WAYS)[number];
const { values: flags } = parseArgs({ options: { runs: { type: 'string', default: '9' }, ways: { type: 'string' }, 'report-dir': { type: 'string' } } });
const RUNS = Number(flags.runs);
const asked = (flags.ways?.split(',') ?? WAYS) as WayName[];
for (const name of asked) if (!WAYS.includes(name)) throw new Error(`--ways: ${name} is none of ${WAYS.join(', ')}`);

/** The environment a user's shell has: without the variables `npm run` sets (npx reads npm_config_*). */
const env: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name)));

/** One way of starting mgmt-kit: the command line of `serve` on a port, and of `--help`. */
interface Way {
  label: string;
  cwd: string;
  serve: (port: number) => string[];
  help: string[];
  /** The server is the spawned process itself (its CPU time is readable). */
  direct: boolean;
}

let project: string | undefined;
function installedProject(): string {
  if (project !== undefined) return project;
  project = mkdtempSync(join(tmpdir(), 'mgmt-kit-startup-'));
  const packed = packPackages(join(project, 'packed'));
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'startup', private: true }));
  const install = spawnSync('npm', ['install', '--no-audit', '--no-fund', ...Object.values(packed).map((p) => p.tarball)], {
    cwd: project,
    env,
    encoding: 'utf8',
  });
  if (install.status !== 0) throw new Error(`npm install failed:\n${install.stderr}`);
  return project;
}

const serveArgs = (port: number) => ['serve', '--port', String(port), '--quiet'];
function way(name: WayName): Way | string {
  switch (name) {
    case 'clone':
      return {
        label: 'node bin/mgmt-kit.js (the clone)',
        cwd: REPO,
        serve: (p) => ['node', 'bin/mgmt-kit.js', ...serveArgs(p)],
        help: ['node', 'bin/mgmt-kit.js', '--help'],
        direct: true,
      };
    case 'clone-npx':
      return {
        label: 'npx mgmt-kit (the clone)',
        cwd: REPO,
        serve: (p) => ['npx', 'mgmt-kit', ...serveArgs(p)],
        help: ['npx', 'mgmt-kit', '--help'],
        direct: false,
      };
    case 'installed': {
      const cwd = installedProject();
      const bin = 'node_modules/.bin/mgmt-kit';
      return { label: 'node_modules/.bin/mgmt-kit (an install)', cwd, serve: (p) => [bin, ...serveArgs(p)], help: [bin, '--help'], direct: true };
    }
    case 'installed-npx':
      return {
        label: 'npx mgmt-kit (an install)',
        cwd: installedProject(),
        serve: (p) => ['npx', 'mgmt-kit', ...serveArgs(p)],
        help: ['npx', 'mgmt-kit', '--help'],
        direct: false,
      };
    case 'image': {
      if (!has('podman') || podmanResult(['image', 'exists', 'mgmt-kit']).status !== 0) return 'no podman image mgmt-kit (npm run image builds it)';
      const run = ['podman', 'run', '--rm', ...ulimitFlags()];
      return {
        label: 'podman run mgmt-kit (the image)',
        cwd: REPO,
        serve: (p) => [...run, '-p', `127.0.0.1:${p}:8080`, 'mgmt-kit', 'serve', '--quiet'],
        help: [...run, 'mgmt-kit', '--help'],
        direct: false,
      };
    }
  }
}

/**
 * The status of GET url, 0 when nothing answered within 300 ms: before a container listens, a
 * connection to its published port can hang rather than be refused, so every try is bounded.
 */
async function statusOf(url: string): Promise<number> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(300) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return 0;
  }
}

/** Spawn → first answer of GET /openapi.json, and the process's CPU time until then when it is the server itself. */
async function firstAnswer(line: string[], cwd: string, port: number, direct: boolean): Promise<{ ms: number; cpuMs: number | undefined }> {
  const started = performance.now();
  const child = spawn(line[0]!, line.slice(1), { cwd, env, stdio: 'ignore' });
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${line.join(' ')} exited ${child.exitCode} before answering`);
      const status = await statusOf(`http://127.0.0.1:${port}/openapi.json`);
      if (status !== 0) {
        const ms = performance.now() - started;
        if (status !== 200) throw new Error(`/openapi.json answered ${status}`);
        return { ms, cpuMs: direct ? readCpuMs(child.pid!) : undefined };
      }
      await new Promise((resolve) => setTimeout(resolve, 2));
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(undefined)));
  }
}

/** GNU time, when the machine has it: the CPU time of a command and every process it waited for (npm, sh, node). */
const GNU_TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const timeFile = join(tmpdir(), `mgmt-kit-startup-time-${process.pid}`);

/** Spawn → exit of a command that prints and ends, and the CPU time of all its processes when GNU time can tell. */
function toExit(line: string[], cwd: string): { ms: number; cpuMs: number | undefined } {
  const timed = GNU_TIME === undefined ? line : [GNU_TIME, '-o', timeFile, '-f', '%U %S', ...line];
  const started = performance.now();
  const result = spawnSync(timed[0]!, timed.slice(1), { cwd, env, stdio: 'ignore' });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${line.join(' ')} exited ${result.status}`);
  if (GNU_TIME === undefined) return { ms, cpuMs: undefined };
  const [user, system] = readFileSync(timeFile, 'utf8').trim().split('\n').at(-1)!.split(' ').map(Number);
  return { ms, cpuMs: ((user ?? 0) + (system ?? 0)) * 1000 };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const PLAIN_NODE_SERVER = (port: number) => [
  'node',
  '-e',
  `require('node:http').createServer((q, s) => { s.setHeader('content-type', 'application/json'); s.end('{}'); }).listen(${port}, '127.0.0.1')`,
];

try {
  const ways: Way[] = [];
  for (const name of asked) {
    const found = way(name);
    if (typeof found === 'string') console.log(`skipped ${name}: ${found}`);
    else ways.push(found);
  }
  const serve = new Map<string, Array<{ ms: number; cpuMs: number | undefined }>>();
  const help = new Map<string, Array<{ ms: number; cpuMs: number | undefined }>>();
  const record = <T>(map: Map<string, T[]>, key: string, value: T) => map.set(key, [...(map.get(key) ?? []), value]);
  type Measured = Pick<Way, 'label' | 'cwd' | 'help'> & Partial<Pick<Way, 'serve' | 'direct'>>;
  const floors: Measured[] = [
    {
      label: 'plain Node: a node:http server answering the same request (serve), node -e 0 (--help)',
      serve: PLAIN_NODE_SERVER,
      help: ['node', '-e', '0'],
      cwd: REPO,
      direct: true,
    },
    { label: "npm's own start: npx --version", help: ['npx', '--version'], cwd: REPO },
  ];
  const loadBefore = loadavg()[0]!;
  for (let run = 0; run <= RUNS; run += 1) {
    // Run 0 warms the file cache and is not counted.
    for (const w of [...ways, ...floors] as Measured[]) {
      const port = await findFreePort();
      if (w.serve !== undefined) {
        const measured = await firstAnswer(w.serve(port), w.cwd, port, w.direct ?? false);
        if (run > 0) record(serve, w.label, measured);
      }
      const exited = toExit(w.help, w.cwd);
      if (run > 0) record(help, w.label, exited);
    }
  }
  const loadAfter = loadavg()[0]!;
  const machine = `Node ${process.version}, ${cpus().length} CPUs (${cpus()[0]?.model ?? 'unknown'}), load ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after`;
  console.log(`mgmt-kit start-up, ${RUNS} runs of each; ${machine}`);
  const ms = (value: number | undefined) => (value === undefined ? '–' : `${value.toFixed(0)} ms`);
  const rows: string[] = [];
  for (const w of [...ways, ...floors] as Measured[]) {
    const served = serve.get(w.label);
    const cpu = served?.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs])) ?? [];
    const helped = help.get(w.label) ?? [];
    const helpCpu = helped.flatMap((r) => (r.cpuMs === undefined ? [] : [r.cpuMs]));
    const cells = [
      ms(served && median(served.map((r) => r.ms))),
      ms(cpu.length > 0 ? median(cpu) : undefined),
      ms(median(helped.map((r) => r.ms))),
      ms(helpCpu.length > 0 ? median(helpCpu) : undefined),
    ];
    const runs = `${served ? `serve ${served.map((r) => r.ms.toFixed(0)).join(' ')}; ` : ''}help ${helped.map((r) => r.ms.toFixed(0)).join(' ')}`;
    console.log(`${w.label}: serve answers ${cells[0]} (CPU ${cells[1]}), --help ends ${cells[2]} (CPU ${cells[3]}), medians — ${runs}`);
    rows.push(`| ${w.label} | ${cells.join(' | ')} | ${runs} |`);
  }
  if (flags['report-dir'] !== undefined) {
    const command = `npm run bench:startup --${flags.ways ? ` --ways ${flags.ways}` : ''} --runs ${RUNS} --report-dir ${flags['report-dir']}`;
    const report = [
      '# mgmt-kit serve start-up, measured',
      '',
      `Written by \`${command}\` on ${new Date().toISOString().slice(0, 10)}.`,
      '',
      `${machine}. Medians of ${RUNS} starts of each way, the ways taking turns. **serve**: the spawn to the first answer of \`GET /openapi.json\` (\`serve --quiet\` on a free port); **--help**: the spawn to the exit of \`--help\`; **CPU**: for serve, the server's own CPU time (user + system) until the answer, where the spawned process is the server; for --help, the CPU time of every process of the command (npm, sh, node — for the image, the podman client, not the container; GNU time), which the machine's load does not stretch. The last rows are the floors on that machine at that moment: plain Node, and npm's own start, which every \`npx\` pays before it starts anything.`,
      '',
      '| way | serve answers | serve CPU until then | --help ends | --help CPU, all processes | runs (ms) |',
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
  rmSync(timeFile, { force: true });
}
