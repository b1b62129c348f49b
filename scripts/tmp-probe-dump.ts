import { loadOpenApiDocument, createSpecValidator } from '../src/reference-server/core/index.js';
import { probeSequences } from '../src/fuzz/generate/probe-sequences.js';
import { createVocabulary } from '../src/fuzz/generate/vocabulary.js';
import { leafPaths } from '../src/fuzz/generate/leaf-update.js';
const doc = loadOpenApiDocument();
const spec = createSpecValidator(doc);
const seed = Number(process.argv[2] ?? 1000);
const short = (v: unknown) => JSON.stringify(v, (k, x) => (typeof x === 'string' && x.length > 20 ? x.slice(0, 20) + '…' : x));
for (const p of probeSequences(doc, spec, createVocabulary('fz-x-'), seed)) {
  if (process.argv[3] && p.kind !== process.argv[3]) continue;
  console.log(p.kind, p.index, p.steps.length);
  if (!process.argv[3]) continue;
  for (const s of p.steps) console.log('  ', short(s).slice(0, 900));
  const first = p.steps[0]!;
  if (first.op === 'create') console.log('   leaves:', leafPaths({ id: 'x', ...first.body.value }).map((l) => l.join('.')).join(' | '));
}
