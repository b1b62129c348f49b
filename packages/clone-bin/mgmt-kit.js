#!/usr/bin/env node
// `npx mgmt-kit` in a clone: the clone's own command (bin/mgmt-kit.js, which runs dist/).
// npx runs a bin of node_modules/.bin at once, but one declared by the project's own package.json
// it installs into its cache first (a copy of the clone, built there again), so the repository's
// package.json declares no bin (scripts/packages/shipped-manifest.ts adds it to the packed one)
// and this workspace puts the command on node_modules/.bin instead.
await import('../../bin/mgmt-kit.js');
