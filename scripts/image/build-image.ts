/**
 * npm run image — builds the kit's container image with podman, without a container registry,
 * and keeps it: `podman run … mgmt-kit` runs it afterwards (docs/container.md).
 *
 * npm run image                         FROM a base made from this machine's Node (local-node-base.ts;
 *                                       built once, then reused), tagged localhost/mgmt-kit:latest and
 *                                       localhost/mgmt-kit:<version>
 * npm run image -- --base IMAGE         FROM another Node image instead, e.g.
 *                                       docker.io/library/node:20-bookworm-slim (from a registry)
 * npm run image -- --tag NAME           the image's name (default mgmt-kit)
 *
 * Packs the three packages from the build in dist/ (npm ci builds it; npm run build after editing
 * src/) into a build context that holds only the Containerfile and the tarballs; `npm install`
 * inside the build reaches the npm registry through the host's network. Podman runs with the
 * machine's own configuration (podman.ts); a podman whose storage cannot be used is reported
 * with its own message before anything is built.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { packPackages, REPO } from '../packages/pack-packages.js';
import { buildLocalNodeBase } from './local-node-base.js';
import { has, podman, podmanResult, ulimitFlags } from './podman.js';

const { values: flags } = parseArgs({ options: { base: { type: 'string' }, tag: { type: 'string', default: 'mgmt-kit' } } });
const log = (line: string) => console.log(`mgmt-kit image: ${line}`);
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function fail(message: string): never {
  process.stderr.write(`mgmt-kit image: ${message}\n`);
  process.exit(1);
}

if (!has('podman'))
  fail('podman is not installed (Debian: apt-get install podman runc); with Docker and a registry, build the Containerfile as docs/container.md shows');
const info = podmanResult(['info', '--format', '{{.Store.GraphDriverName}} {{.Store.GraphRoot}}']);
if (info.status !== 0) {
  fail(
    `podman cannot use its storage:\n${info.stderr.trim()}\n(podman system reset -f starts it afresh and deletes its images; or point CONTAINERS_STORAGE_CONF at a storage.conf of its own)`,
  );
}
const [driver, graphRoot] = info.stdout.trim().split(' ');

const context = mkdtempSync(join(tmpdir(), 'mgmt-kit-image-'));
try {
  for (const file of ['Containerfile', '.containerignore']) copyFileSync(join(REPO, file), join(context, file));
  mkdirSync(join(context, 'packed'));
  const { kit } = packPackages(join(context, 'packed'));
  const version = kit.manifest.version;
  log(`packed mgmt-kit ${version} and its two packages; podman storage: ${driver} in ${graphRoot}`);

  let base = flags.base;
  if (base === undefined) {
    base = `localhost/mgmt-kit-node-base:${process.version}`;
    if (podmanResult(['image', 'exists', base]).status === 0) log(`base ${base} (this machine's Node), built before`);
    else {
      const started = Date.now();
      buildLocalNodeBase(base);
      log(`base ${base} made from this machine's Node and its libraries in ${seconds(Date.now() - started)}`);
    }
  }

  const image = `localhost/${flags.tag}`;
  const started = Date.now();
  // --network host: npm install in the build reaches the registry as npm on this machine does.
  podman(
    [
      'build',
      '--layers=false',
      '--network',
      'host',
      ...ulimitFlags(),
      '--build-arg',
      `NODE_IMAGE=${base}`,
      '-t',
      `${image}:latest`,
      '-t',
      `${image}:${version}`,
      '-f',
      join(context, 'Containerfile'),
      context,
    ],
    { inherit: true },
  );
  const size = Number(podman(['image', 'inspect', `${image}:latest`, '--format', '{{.Size}}']).trim());
  log(`built ${image}:latest and ${image}:${version} in ${seconds(Date.now() - started)}: ${(size / 1e6).toFixed(0)} MB`);
  log(`run it: podman run --rm -p 127.0.0.1:8080:8080 -e JWT_SECRET=dev ${flags.tag}`);
} finally {
  rmSync(context, { recursive: true, force: true });
}
