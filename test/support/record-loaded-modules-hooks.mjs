// Loader hooks of record-loaded-modules.mjs: appends the URL of every ES module loaded.
import { appendFileSync } from 'node:fs';

let out;
export function initialize(data) {
  out = data.out;
}
export async function load(url, context, nextLoad) {
  appendFileSync(out, `${url}\n`);
  return nextLoad(url, context);
}
