// Podman as `npm run image` (build-image.ts) and `npm run test:container` run it: with the
// machine's own configuration — its storage, storage driver and runtime, or those named by
// CONTAINERS_STORAGE_CONF and CONTAINERS_CONF — never a forced driver. Forcing one (say
// --storage-driver vfs) on storage a podman already used with another fails every command
// ("database storage graph driver "" does not match our storage graph driver "vfs"") until
// `podman system reset`; a podman used before is used as it is.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { readFileSync } from 'node:fs';

export interface PodmanOptions {
  timeoutMs?: number;
  input?: string;
  /** Podman's output goes to this process's terminal (a build's progress) instead of being returned. */
  inherit?: boolean;
  env?: NodeJS.ProcessEnv;
}

/** Whether a command is on PATH. */
export function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).status === 0;
}

/** Installs podman and runc from Debian unless both are there (needs root: .ci/run's fresh machine has only Node and npm). */
export function ensurePodman(log: (line: string) => void): void {
  if (has('podman') && has('runc')) return;
  if (process.getuid?.() !== 0) throw new Error('podman or runc is missing and installing them needs root: apt-get install -y podman runc');
  log('installing podman and runc (apt-get)');
  const packages = ['podman', 'runc', 'uidmap', 'slirp4netns', 'fuse-overlayfs', 'catatonit', 'containernetworking-plugins', 'iptables'];
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', ...packages]]) {
    const result = spawnSync('apt-get', args, { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`);
  }
}

/** Runs podman and returns whatever it did. */
export function podmanResult(args: string[], options: PodmanOptions = {}): SpawnSyncReturns<string> {
  return spawnSync('podman', args, {
    encoding: 'utf8',
    ...(options.timeoutMs === undefined ? {} : { timeout: options.timeoutMs }),
    maxBuffer: 64 * 1024 * 1024,
    ...(options.inherit ? { stdio: ['ignore', 'inherit', 'inherit'] } : {}),
    ...(options.input === undefined ? {} : { input: options.input }),
    ...(options.env === undefined ? {} : { env: options.env }),
  });
}

/** Runs podman; throws with its output unless it exits 0; returns its standard output. */
export function podman(args: string[], options: PodmanOptions = {}): string {
  const result = podmanResult(args, options);
  if (result.status !== 0) {
    const output = options.inherit ? '(its output is above)' : `${(result.stdout ?? '').slice(-4000)}\n${(result.stderr ?? '').slice(-4000)}`;
    throw new Error(`podman ${args.join(' ')} exited ${result.status ?? result.signal}:\n${output}`);
  }
  return result.stdout ?? '';
}

/** A hard limit of this process from /proc/self/limits (Linux), undefined when unknown or unlimited. */
function hardLimit(name: string): number | undefined {
  try {
    const row = readFileSync('/proc/self/limits', 'utf8')
      .split('\n')
      .find((line) => line.startsWith(name));
    const hard = row?.slice(name.length).trim().split(/\s+/)[1];
    return hard !== undefined && /^\d+$/.test(hard) ? Number(hard) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * `--ulimit` flags for `podman build` and `podman run`: 10000 open files and 4096 processes, or
 * this process's hard limit where it is lower. Podman's defaults (over a million of each) fail
 * inside a CI container, where the container may not raise them (runc: "error setting rlimit
 * type 7: operation not permitted"); these are plenty for the kit and for npm install.
 */
export function ulimitFlags(): string[] {
  const files = Math.min(10_000, hardLimit('Max open files') ?? Number.POSITIVE_INFINITY);
  const processes = Math.min(4096, hardLimit('Max processes') ?? Number.POSITIVE_INFINITY);
  return ['--ulimit', `nofile=${files}:${files}`, '--ulimit', `nproc=${processes}:${processes}`];
}
