import type { CoreRequest } from '../../src/server/core/core-types.js';
import type { BrokenVariant } from './broken-variants.js';
import { idInPath, isObject, parseBody, rewriteBody } from './variant-helpers.js';

// Variants of the query body on the record path (§4.1: read and delete take their query on
// {base}[/{id}]); each breaks it in one place, on {base}/{id} only, and only for a query sent in
// the body (a query sent as ?q=, an extension, is left to the core).

const onRecordPath = (request: CoreRequest, method: 'GET' | 'DELETE') => request.method === method && idInPath(request.path) !== undefined;

export const BROKEN_RECORD_PATH_VARIANTS: BrokenVariant[] = [
  {
    name: 'select-ignored-on-record-path',
    fails: '@check.select-applied-by-id',
    breaks: '§4.1 rule 8: GET {base}/{id} ignores select and returns the whole record',
    wrap: (handle) => (request) => handle(onRecordPath(request, 'GET') ? rewriteBody(request, ({ select: _select, ...rest }) => rest) : request),
  },
  {
    name: 'where-ignored-on-record-path-read',
    fails: '@check.where-applied-on-read-by-id',
    breaks: '§4.1 query body: GET {base}/{id} ignores where and returns the record the path names',
    wrap: (handle) => (request) => handle(onRecordPath(request, 'GET') ? rewriteBody(request, ({ where: _where, ...rest }) => rest) : request),
  },
  {
    name: 'where-ignored-on-record-path-delete',
    fails: '@check.where-applied-on-delete-by-id',
    breaks: '§4.1 query body: DELETE {base}/{id} ignores where and deletes the record the path names',
    wrap: (handle) => (request) => handle(onRecordPath(request, 'DELETE') ? rewriteBody(request, ({ where: _where, ...rest }) => rest) : request),
  },
  {
    name: 'path-id-dropped-when-a-where-comes',
    fails: '@check.read-by-id-where-another or @check.delete-by-id-where-another',
    breaks: '§4.1 query body: on {base}/{id} a where replaces the path id, so it picks among every record of the index',
    wrap: (handle) => (request) => {
      const query = parseBody(request);
      const withWhere = (onRecordPath(request, 'GET') || onRecordPath(request, 'DELETE')) && isObject(query) && query['where'] !== undefined;
      return handle(withWhere ? { ...request, path: request.path.slice(0, request.path.lastIndexOf('/')) } : request);
    },
  },
];
