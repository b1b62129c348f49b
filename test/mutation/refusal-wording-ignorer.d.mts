/** What the ignorer reads of a Babel NodePath. */
export interface ArgumentPath {
  listKey?: unknown;
  key?: unknown;
  parentPath?: { node?: unknown } | null;
}
export const REFUSAL_WORDING_REASON: string;
export const REASON_ARGUMENTS: ReadonlyMap<string, number>;
export function refusalWording(path: ArgumentPath): string | undefined;
export const strykerPlugins: ReadonlyArray<{ kind: string; name: string; value: { shouldIgnore(path: ArgumentPath): string | undefined } }>;
