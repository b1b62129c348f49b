import { defineParameterType, Then, When } from '@cucumber/cucumber';
import type { ClientIndexKey, KitClient } from '../src/client/index.js';
import { mintToken, type TokenKind } from '../src/contract/tokens/index.js';
import { bearerToken, createAuthTable, FORGED_KINDS, UNSIGNED_KINDS, type WrongAuthKind } from '../src/contract/auth-table.js';
import type { IndexOperation, PathForm } from './parameter-types.js';
import { indexClient, type CallOutcome } from './support/call-outcome.js';
import { judgeAnswer } from './support/judge-status.js';
import { sampleRecord } from './support/sample-records.js';
import type { ActionProfileName } from './support/action-profiles.js';
import type { KitWorld } from './world.js';

/**
 * Sends one operation on the base path ({base}) or on a record path ({base}/{id}) (
 * §4.1) with the given client. Each request would act if a broken server let it through, yet
 * harms nothing of anyone else's: a create names a spare id of this run (registered for
 * cleanup), an update and a delete name the scenario's own record (on the base path the delete
 * carries a where naming it), so a refused request that still acted shows when the records are
 * read back.
 */
async function sendHarmless(
  world: KitWorld,
  client: KitClient,
  operation: IndexOperation,
  index: ClientIndexKey,
  path: PathForm,
  id = world.spareId(index),
): Promise<CallOutcome> {
  const api = (c: KitClient) => indexClient(c, index);
  const { id: own } = world.latest(index);
  const change = { id: own, note: 'must not be stored' };
  const onBase = {
    create: (c: KitClient) => api(c).create({ body: { id, ...sampleRecord(index) } }),
    read: (c: KitClient) => api(c).read(),
    update: (c: KitClient) => api(c).update({ body: change }), // PUT {base}, target id in the body
    delete: (c: KitClient) => api(c).delete({ query: { where: { equals: { target: 'id', expr: own } } } }),
  };
  const onRecord = {
    create: (c: KitClient) => api(c).create({ id, body: sampleRecord(index) }),
    read: (c: KitClient) => api(c).read({ id: own }),
    update: (c: KitClient) => api(c).update({ id: own, body: change }),
    delete: (c: KitClient) => api(c).delete({ id: own }),
  };
  return world.call((path === 'record' ? onRecord : onBase)[operation], { client });
}

/** The profile of each kind of token a step names: the row of §5 its 401 is judged under. */
function profileOf(words: string): ActionProfileName {
  if (words === 'without a token') return 'no-token';
  if (words === 'with an unsigned token') return 'unsigned-token';
  if (words.startsWith('with the token ')) return 'malformed-token';
  return 'minted-token';
}

/** Why a minted token must fail authentication (§5), as a step says it. */
const TOKEN_FLAWS: Record<string, TokenKind> = { expired: 'expired', 'not yet valid': 'not-yet-valid', 'signed with another secret': 'wrong-signature' };

defineParameterType({
  name: 'auth-token',
  regexp: /without a token|with an unsigned token|with the token "[^"]*"|with a token that is (?:expired|not yet valid|signed with another secret)/,
});

/**
 * The kit's table of wrong tokens for this deployment, made without the secret (the unsigned and forged ones need none, so
 * these steps run against any deployment) and carrying the claims it requires (--jwt-claims), so only their signature is wrong.
 */
const wrongTokens = (world: KitWorld) => createAuthTable({ validToken: undefined, secret: undefined, claims: world.kit.connection.auth.jwtClaims });

/** The token a step names: none, an unsigned one, the text given, or one minted from the secret with a flaw. */
async function tokenNamed(world: KitWorld, words: string): Promise<string | undefined> {
  if (words === 'without a token') return undefined;
  // The table's alg-none token carries the claims the deployment requires, so only its missing signature is wrong.
  if (words === 'with an unsigned token') return bearerToken((await wrongTokens(world))['alg-none']);
  const text = /^with the token "(.*)"$/.exec(words)?.[1];
  if (text !== undefined) return text;
  const kind = TOKEN_FLAWS[words.slice('with a token that is '.length)];
  return mintToken({ secret: requireSecret(world), kind, claims: world.kit.connection.auth.jwtClaims, expiresIn: '1h' });
}

// §5: when authentication fails the status is 401.
When(
  'I {operation} {index} at {path} {auth-token}',
  async function (this: KitWorld, operation: IndexOperation, index: ClientIndexKey, path: PathForm, words: string) {
    this.act(profileOf(words));
    await sendHarmless(this, this.clientWithToken(await tokenNamed(this, words)), operation, index, path);
  },
);

When('I read {index} with a valid token minted from the secret', async function (this: KitWorld, index: ClientIndexKey) {
  const token = await mintToken({ secret: requireSecret(this), claims: this.kit.connection.auth.jwtClaims, expiresIn: '1h' });
  this.act('minted-token');
  await this.call((c) => indexClient(c, index).read(), { client: this.clientWithToken(token) });
});

function requireSecret(world: KitWorld): string {
  const secret = world.kit.connection.auth.jwtSecret;
  if (secret === undefined) throw new Error('this scenario needs --jwt-secret');
  return secret;
}

/** The tokens a step sends one after the other (kinds of the kit's one table of wrong tokens), by the words of the step, and the profile their 401s are judged under. */
const TOKEN_SETS = {
  'unsigned token, alg none in any letter case': { kinds: UNSIGNED_KINDS, profile: 'unsigned-token' },
  'forged token': { kinds: FORGED_KINDS, profile: 'forged-token' },
} as const satisfies Record<string, { kinds: readonly WrongAuthKind[]; profile: ActionProfileName }>;

const FORGED_LABELS: Partial<Record<WrongAuthKind, string>> = {
  'empty-key': 'signed HS256 with an empty key',
  'hs256-foreign-signature': 'with alg "hs256" over a signature of another key',
};
const labelOf = (kind: WrongAuthKind) => FORGED_LABELS[kind] ?? `with alg "${kind.replace(/^alg-/, '')}"`;

defineParameterType({ name: 'token-set', regexp: /unsigned token, alg none in any letter case|forged token/ });

/** What each token of the last step's set was and what it was answered. */
const sentTokens = new WeakMap<KitWorld, Array<[label: string, outcome: CallOutcome]>>();

// §5: every way of faking a signature fails authentication. One request per token, all naming the
// same spare id and the scenario's own record, so a token let through shows in the look after the
// step. The first token answered otherwise than 401 ends the step: the deviation shows, and what
// the request did would change what the next ones find (a second create of the id answers 406).
When(
  'I {operation} {index} at {path} with each {token-set}',
  async function (this: KitWorld, operation: IndexOperation, index: ClientIndexKey, path: PathForm, set: keyof typeof TOKEN_SETS) {
    const { kinds, profile } = TOKEN_SETS[set];
    this.act(profile);
    const id = this.spareId(index);
    const sent: Array<[string, CallOutcome]> = [];
    sentTokens.set(this, sent);
    const table = await wrongTokens(this);
    for (const kind of kinds) {
      const outcome = await sendHarmless(this, this.clientWithToken(bearerToken(table[kind])), operation, index, path, id);
      sent.push([labelOf(kind), outcome]);
      if (outcome.status !== 401) break;
    }
  },
);

Then('each answer is 401', function (this: KitWorld) {
  const sent = sentTokens.get(this);
  const check = this.profile.status;
  if (!sent || !check) throw new Error('no step sent a set of tokens');
  for (const [label, outcome] of sent) judgeAnswer(this, outcome, [401], check, `the token ${label}`);
});
