// Podman as this kind of machine runs it (a CI container, as root): the vfs storage driver, the
// cgroupfs manager, runc (crun fails here) and ulimits below the machine's own (the defaults fail).
// Installed from Debian when missing, as .ci/run's fresh machine has only Node and npm.
import { spawnSync, type SpawnSyncReturns } from 'node:child_process';

const GLOBAL_FLAGS = ['--storage-driver', 'vfs', '--cgroup-manager', 'cgroupfs', '--runtime', 'runc'];
/** For `podman build` and `podman run`: limits the container may raise to without failing. */
export const ULIMITS = ['--ulimit', 'nofile=4096:4096', '--ulimit', 'nproc=4096:4096'];

function has(command: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${command}`], { encoding: 'utf8' }).status === 0;
}

/** Installs podman and runc with apt-get unless both are there (needs root, as .ci/run runs). */
export function ensurePodman(log: (line: string) => void): void {
  if (has('podman') && has('runc')) return;
  if (process.getuid?.() !== 0) throw new Error('podman or runc is missing and installing them needs root: apt-get install -y podman runc');
  log('installing podman and runc (apt-get)');
  for (const args of [['update'], ['install', '-y', '--no-install-recommends', 'podman', 'runc', 'uidmap', 'netavark', 'aardvark-dns', 'slirp4netns']]) {
    const result = spawnSync('apt-get', args, { encoding: 'utf8', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
    if (result.status !== 0) throw new Error(`apt-get ${args.join(' ')} failed:\n${result.stdout.slice(-2000)}\n${result.stderr.slice(-2000)}`);
  }
}

/** Runs podman with this machine's global flags; throws with its output unless it exits 0. */
export function podman(args: string[], options: { timeoutMs?: number; input?: string } = {}): string {
  const result = podmanResult(args, options);
  if (result.status !== 0) {
    throw new Error(`podman ${args.join(' ')} exited ${result.status ?? result.signal}:\n${result.stdout.slice(-4000)}\n${result.stderr.slice(-4000)}`);
  }
  return result.stdout;
}

/** Runs podman with this machine's global flags and returns whatever it did. */
export function podmanResult(args: string[], options: { timeoutMs?: number; input?: string } = {}): SpawnSyncReturns<string> {
  return spawnSync('podman', [...GLOBAL_FLAGS, ...args], {
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 600_000,
    maxBuffer: 64 * 1024 * 1024,
    ...(options.input === undefined ? {} : { input: options.input }),
  });
}

/** The global flags, for a line a reader can copy. */
export const PODMAN_FLAGS: readonly string[] = GLOBAL_FLAGS;
