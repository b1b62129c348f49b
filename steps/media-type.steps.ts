import { When } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { METHOD_OF, type IndexOperation, type PathForm } from './parameter-types.js';
import { sampleRecord } from './support/sample-records.js';
import { probeWhenRefused } from './support/establish.js';
import type { KitWorld } from './world.js';

// §4.1 and §7: requests are application/json. A media type is compared without letter case and
// may carry parameters (RFC 9110 section 8.3.1: "the type, subtype, and parameter name tokens are
// case-insensitive"), so these are application/json as well and must be taken as it is.

When(
  'I {operation} {index} at {path} sending the body as {string}',
  async function (this: KitWorld, operation: IndexOperation, index: ClientIndexKey, path: PathForm, contentType: string) {
    let id: string;
    let body: Record<string, unknown>;
    if (operation === 'create') {
      id = this.newId(index);
      const fields = sampleRecord(index);
      this.remember(index, id, { id, ...fields });
      body = path === 'base' ? { id, ...fields } : fields;
    } else {
      const record = this.lastRecord();
      id = record.id;
      if (operation === 'update') {
        const change = { note: `sent as ${contentType}` };
        record.sent = { ...record.sent, ...change };
        body = { id, ...change };
      } else {
        // On {base} the where names the record by its run-prefixed id, so a delete touches nothing else.
        body = { where: { equals: { target: 'id', expr: id } } };
      }
    }
    this.act('media-type-spelling');
    const answer = await this.sendRaw({ index, method: METHOD_OF[operation], id: path === 'record' ? id : undefined, body: JSON.stringify(body), contentType });
    if (operation === 'create') await probeWhenRefused(this, index, answer);
  },
);
