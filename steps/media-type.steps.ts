import { When } from '@cucumber/cucumber';
import type { ClientIndexKey } from '../src/client/index.js';
import { indexFromWords, type PathForm } from './parameter-types.js';
import { sampleRecord } from './support/sample-records.js';
import type { KitWorld } from './world.js';

// §4.1 and §7: requests are application/json. A media type is compared without letter case and
// may carry parameters (RFC 9110 section 8.3.1: "the type, subtype, and parameter name tokens are
// case-insensitive"), so these are application/json as well and must be taken as it is.

const METHOD = { create: 'POST', read: 'GET', update: 'PUT', delete: 'DELETE' } as const;

When(
  /^I (create|read|update|delete) (?:an? |the )?(events?|network link types?|agents?) at (\{base\}\/\{id\}|\{base\}) sending the body as "([^"]+)"$/,
  async function (this: KitWorld, operation: keyof typeof METHOD, words: string, pathWords: string, contentType: string) {
    const index: ClientIndexKey = indexFromWords(words);
    const path: PathForm = pathWords === '{base}' ? 'base' : 'record';
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
    await this.sendRaw({ index, method: METHOD[operation], id: path === 'record' ? id : undefined, body: JSON.stringify(body), contentType });
  },
);
