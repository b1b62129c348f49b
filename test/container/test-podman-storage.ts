// The podman configuration npm run test:container runs under: storage of its own (graph root and
// run root under one folder, the vfs driver, which needs no kernel overlay support) and the
// engine settings a CI container needs (cgroupfs, runc, events in a file, container limits it may
// set), through CONTAINERS_STORAGE_CONF and CONTAINERS_CONF — the variables podman itself reads,
// so the documented command runs unchanged. A podman the machine used before, with whatever
// driver, cannot break the test, and the test never touches the machine's own images.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** Writes the two files into `folder` and returns the variables that point podman at them. */
export function testPodmanEnvironment(folder: string): { CONTAINERS_STORAGE_CONF: string; CONTAINERS_CONF: string } {
  mkdirSync(join(folder, 'storage'), { recursive: true });
  mkdirSync(join(folder, 'run'), { recursive: true });
  const storage = join(folder, 'storage.conf');
  writeFileSync(storage, `[storage]\ndriver = "vfs"\ngraphroot = "${join(folder, 'storage')}"\nrunroot = "${join(folder, 'run')}"\n`);
  const containers = join(folder, 'containers.conf');
  writeFileSync(
    containers,
    [
      '[containers]',
      // The documented `podman run` lines run as written: these limits instead of podman's defaults, which a CI container may not raise to.
      'default_ulimits = ["nofile=10000:10000", "nproc=4096:4096"]',
      '[engine]',
      'cgroup_manager = "cgroupfs"',
      'events_logger = "file"',
      'runtime = "runc"',
      '',
    ].join('\n'),
  );
  return { CONTAINERS_STORAGE_CONF: storage, CONTAINERS_CONF: containers };
}
