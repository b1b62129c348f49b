#!/usr/bin/env node
// Entry of the `mgmt-kit` command: registers the tsx loader, then runs the TypeScript CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli/main.ts');
process.exitCode = await main(process.argv.slice(2));
