// A base image made from this machine's Node, for building the Containerfile where no container
// registry can be reached: the node binary and npm, the shared libraries `ldd` lists for node
// for /bin/sh (RUN lines run through it) and for the few tools RUN lines use (env, rm, ln, mkdir…), a non-root `node` user (uid 1000, as in the
// official node images) and the few /etc files a process needs. The machine's CA bundle comes
// along, so npm inside the build trusts what npm on the machine trusts.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { podman } from './podman.js';

const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';
/** What a Containerfile's RUN lines and npm's scripts use of a base image (npm's bin starts with #!/usr/bin/env). */
const TOOLS = ['env', 'rm', 'ln', 'mkdir', 'chown', 'chmod', 'cat', 'ls', 'id', 'cp', 'mv'];

/** The absolute paths of the shared libraries a binary loads (ld.so included), as ldd prints them. */
export function sharedLibraries(lddOutput: string): string[] {
  const paths = [...lddOutput.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x[0-9a-f]+\)/g)].map((m) => m[1]!);
  return [...new Set(paths)];
}

function copyWithParents(from: string, root: string, to = from): void {
  mkdirSync(dirname(join(root, to)), { recursive: true });
  copyFileSync(realpathSync(from), join(root, to));
}

/** Builds the root file system and imports it as `tag`; returns the tag. */
export function buildLocalNodeBase(tag: string): string {
  const root = mkdtempSync(join(tmpdir(), 'mgmt-kit-node-rootfs-'));
  try {
    chmodSync(root, 0o755); // it becomes `/`: mkdtemp's 0700 would shut the node user out of everything
    const node = realpathSync(process.execPath);
    const shell = realpathSync('/bin/sh');
    copyWithParents(node, root, '/usr/local/bin/node');
    copyWithParents(shell, root, '/bin/sh');
    const tools = TOOLS.map((tool) => execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim());
    for (const tool of tools) copyWithParents(tool, root, `/usr/bin/${tool.split('/').pop()}`);
    for (const binary of [node, shell, ...tools]) {
      for (const library of sharedLibraries(execFileSync('ldd', [binary], { encoding: 'utf8' }))) copyWithParents(library, root);
    }
    const npmRoot = realpathSync(join(dirname(node), '..', 'lib', 'node_modules', 'npm'));
    cpSync(npmRoot, join(root, 'usr/local/lib/node_modules/npm'), { recursive: true, dereference: true });
    symlinkSync('../lib/node_modules/npm/bin/npm-cli.js', join(root, 'usr/local/bin/npm'));
    symlinkSync('../lib/node_modules/npm/bin/npx-cli.js', join(root, 'usr/local/bin/npx'));
    if (existsSync(CA_BUNDLE)) copyWithParents(CA_BUNDLE, root);
    const etc = join(root, 'etc');
    mkdirSync(etc, { recursive: true });
    writeFileSync(
      join(etc, 'passwd'),
      'root:x:0:0:root:/root:/bin/sh\nnode:x:1000:1000::/home/node:/bin/sh\nnobody:x:65534:65534:nobody:/nonexistent:/usr/sbin/nologin\n',
    );
    writeFileSync(join(etc, 'group'), 'root:x:0:\nnode:x:1000:\nnogroup:x:65534:\n');
    writeFileSync(join(etc, 'nsswitch.conf'), 'passwd: files\ngroup: files\nhosts: files dns\n');
    for (const dir of ['tmp', 'root', 'home/node']) mkdirSync(join(root, dir), { recursive: true });
    chmodSync(join(root, 'tmp'), 0o1777);
    chownSync(join(root, 'home/node'), 1000, 1000);
    const archive = join(dirname(root), `${tag.replace(/\W/g, '_')}.tar`);
    execFileSync('tar', ['-C', root, '--numeric-owner', '-cf', archive, '.']);
    try {
      const changes = ['ENV PATH=/usr/local/bin:/usr/bin:/bin', ...(existsSync(CA_BUNDLE) ? [`ENV NODE_EXTRA_CA_CERTS=${CA_BUNDLE}`] : []), 'CMD ["node"]'];
      podman(['import', ...changes.flatMap((change) => ['--change', change]), archive, tag]);
    } finally {
      rmSync(archive, { force: true });
    }
    return tag;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
