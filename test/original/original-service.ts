// Test helper (not a test): the public original of the management service (cb-manager, Python on
// Falcon, with an in-memory stand-in for its Elasticsearch), as a CI target. It is not part of this
// repository: the machines that run the kit's CI hold it beside the clone, with a start script
// `start.sh PORT SECRET` that prints the server's PID once it answers (and takes CBM_SRC=DIR to run
// another copy of its source). MGMT_KIT_ORIGINAL=DIR names that folder elsewhere.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);
const REPOSITORY = fileURLToPath(new URL('../../', import.meta.url));

/** Where the original is looked for, in this order. */
function candidateFolders(): string[] {
  const named = process.env['MGMT_KIT_ORIGINAL'];
  return [...(named ? [named] : []), resolve(REPOSITORY, '../shared/original'), '/work/shared/original'];
}

/** The folder holding the original's start.sh, or undefined when this machine has none (the tests then skip, saying so). */
export function findOriginal(): string | undefined {
  return candidateFolders().find((folder) => existsSync(join(folder, 'start.sh')) && existsSync(join(folder, 'cb-manager')));
}

/** A free TCP port on loopback (the original takes a port number, not 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  await new Promise<void>((done) => server.close(() => done()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A running original service. */
export interface OriginalService {
  baseUrl: string;
  secret: string;
  stop(): Promise<void>;
}

/**
 * Starts the original on a free port with a fresh secret; `source` runs a changed copy of its
 * source instead (see {@link copyWithRegression}). Each start begins with the two preloaded
 * network link types only.
 */
export async function startOriginal(folder: string, options: { source?: string } = {}): Promise<OriginalService> {
  const port = await freePort();
  const secret = `kit-${port}-${Date.now()}`;
  const env = { ...process.env, ...(options.source ? { CBM_SRC: options.source } : {}) };
  const { stdout } = await run(join(folder, 'start.sh'), [String(port), secret], { env, timeout: 90_000 });
  const pid = Number(stdout.trim().split('\n').at(-1));
  if (!Number.isInteger(pid) || pid <= 0) throw new Error(`start.sh printed no PID: ${stdout}`);
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    secret,
    async stop() {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        return; // already gone
      }
      for (let i = 0; i < 50; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await new Promise((done) => setTimeout(done, 100));
      }
      process.kill(pid, 'SIGKILL');
    },
  };
}

/** One deliberate change to a copy of the original's source: a single-rule regression a team's CI must catch. */
export interface Regression {
  name: string;
  /** Which operation it breaks, and the rule of the description it violates. */
  breaks: string;
  /** The file of cb-manager/ it changes, the text it replaces (must occur exactly once) and the replacement. */
  file: string;
  find: string;
  replace: string;
}

/** A temporary copy of the original's source with one regression applied; `remove()` deletes it. */
export async function copyWithRegression(folder: string, regression: Regression): Promise<{ source: string; remove(): Promise<void> }> {
  const source = await mkdtemp(join(tmpdir(), `cb-manager-${regression.name}-`));
  await cp(join(folder, 'cb-manager'), source, { recursive: true });
  const path = join(source, regression.file);
  const text = await readFile(path, 'utf8');
  const count = text.split(regression.find).length - 1;
  if (count !== 1) {
    await rm(source, { recursive: true, force: true });
    throw new Error(`regression ${regression.name}: ${regression.file} holds its text ${count} times, not once`);
  }
  // The original ships read-only; its start script makes its own copy writable, this one is ours to change.
  await chmod(path, 0o644);
  await writeFile(path, text.replace(regression.find, regression.replace));
  return { source, remove: () => rm(source, { recursive: true, force: true }) };
}
