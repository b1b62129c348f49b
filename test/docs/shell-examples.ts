// Running a shell block of the docs as written, with bash: only its ports change (a free port
// for each of 8080 and 4010, so runs never collide), and it runs in a fresh directory inside the
// clone, where `npx mgmt-kit` finds the command. Whatever it leaves running is stopped after it.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';

export const DOCUMENTED_PORTS = ['8080', '4010'] as const;

/**
 * `count` ports free a moment ago, all different: held open together, so two examples running at
 * once never get the same one (another process may still take one before an example binds it).
 */
export async function distinctFreePorts(count: number): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i += 1) {
      const server = createServer();
      servers.push(server);
      await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    }
    return servers.map((server) => {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      return address.port;
    });
  } finally {
    await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
  }
}

/** The block with each documented port replaced as `ports` says. */
export function withPorts(script: string, ports: Readonly<Record<string, number>>): string {
  return script.replace(/\b(8080|4010)\b/g, (port) => String(ports[port] ?? port));
}

export interface ShellRun {
  status: number | null;
  output: string;
}

/** Runs `script` with bash in a new directory under `repo`; its process group is ended afterwards. */
export function runShell(script: string, repo: string, env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ShellRun> {
  const cwd = mkdtempSync(join(repo, '.docs-example-'));
  // `npx mgmt-kit` in a clone runs node_modules/.bin/mgmt-kit (packages/clone-bin): the clone's own build.
  const child = spawn('bash', ['-c', script], { cwd, env, detached: true });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const stopGroup = (): void => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // the group is gone already: nothing was left running
    }
  };
  const timer = setTimeout(stopGroup, timeoutMs);
  return new Promise((resolve) => {
    child.on('close', (status) => {
      clearTimeout(timer);
      stopGroup();
      rmSync(cwd, { recursive: true, force: true });
      resolve({ status, output });
    });
  });
}
