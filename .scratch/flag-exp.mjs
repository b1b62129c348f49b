import v8 from 'node:v8';
v8.setFlagsFromString('--max-semi-space-size=1');
await import('./parse-exp.mjs');
