import type { Regression } from './original-service.js';

/**
 * Single-rule regressions injected into copies of the original service, one per operation and
 * authentication, each in code the original's known deviations already run through: a run held
 * against a baseline of the unchanged original must fail on each, naming a check the baseline does
 * not hold. Each `find` occurs exactly once in its file (copyWithRegression refuses otherwise).
 */
export const REGRESSIONS: readonly Regression[] = [
  {
    name: 'create-duplicate-overwrites',
    breaks: 'create, §4.1 rule 3: a create with an id that exists overwrites the record instead of answering 406 Id already found',
    file: 'schema/base.py',
    find: 'if self.method == HTTPMethod.POST and data_id in ids:',
    replace: 'if False and self.method == HTTPMethod.POST and data_id in ids:',
  },
  {
    name: 'create-drops-description',
    breaks: 'create, §2.2 and §2 rule 4: a network link type is stored without its description',
    file: 'resource/base/__init__.py',
    find: '                        self.rm_ignore_fields(req_data)\n                        obj = self.doc(meta={"id": req_data_id}, **req_data)',
    replace:
      '                        self.rm_ignore_fields(req_data)\n                        if self.name == "network link type":\n                            req_data.pop("description", None)\n                        obj = self.doc(meta={"id": req_data_id}, **req_data)',
  },
  {
    name: 'read-ignores-select',
    breaks: 'read, §4.1 rule 8: select is ignored and whole records come back',
    file: 'reader/query.py',
    find: 'self.search = self.search.source(query.get("select", None))',
    replace: 'self.search = self.search.source(None)',
  },
  {
    name: 'read-unknown-id-empty-list',
    breaks: 'read, §7: a read that finds nothing answers 200 [] instead of 404',
    file: 'resource/base/__init__.py',
    find: 'NotFoundResponse(\n                        MSG_NOT_FOUND.format(self.name.capitalize()),\n                        query=req_data,\n                    ).apply(resp)',
    replace: 'ContentResponse([]).apply(resp)',
  },
  {
    name: 'update-not-stored',
    breaks: 'update, §4.1 rules 5-7: an update answers 200 and stores nothing',
    file: 'resource/base/__init__.py',
    find: 'res = obj.update(**req_data)',
    replace: 'res = status_op.UPDATED',
  },
  {
    name: 'update-always-not-modified',
    breaks: 'update, §4.1 update: every update answers 304 update not necessary, even one that changed the record',
    file: 'resource/base/__init__.py',
    find: 'if not rsp_dt.error and not modified:',
    replace: 'if not rsp_dt.error:',
  },
  {
    name: 'delete-not-removed',
    breaks: 'delete, §4.1 delete: a delete answers that the record was deleted and keeps it',
    file: 'resource/base/__init__.py',
    find: '                                obj.delete()',
    replace: '                                pass',
  },
  {
    name: 'auth-expired-accepted',
    breaks: 'authentication, §5: an expired or not yet valid token is accepted',
    file: 'api/__init__.py',
    find: 'user_loader, secret_key, auth_header_prefix=auth_header_prefix',
    replace: 'user_loader, secret_key, auth_header_prefix=auth_header_prefix, leeway=10**8',
  },
];
