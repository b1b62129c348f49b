/** The part of a cucumber pickle the assignment rule reads. */
export interface TaggedPickle {
  tags: ReadonlyArray<{ name: string }>;
}

const hasTag = (pickle: TaggedPickle, tag: string) => pickle.tags.some((t) => t.name === tag);

/** What a scenario tagged `@wipes.<index>` wipes: the index names of those tags (`@wipes.event` → `event`); undefined when it names none, for every index. */
export function wipedIndices(pickle: TaggedPickle): string[] | undefined {
  const names = pickle.tags.filter((t) => t.name.startsWith('@wipes.')).map((t) => t.name.slice('@wipes.'.length));
  return names.length > 0 ? names : undefined;
}

/** Two scenarios' wiped indices share none; one that names none wipes them all. */
function apart(a: TaggedPickle, b: TaggedPickle): boolean {
  const [left, right] = [wipedIndices(a), wipedIndices(b)];
  return left !== undefined && right !== undefined && !left.some((index) => right.includes(index));
}

/**
 * A `setParallelCanAssign` rule for `--parallel N`: a scenario with `tag` starts only when no scenario without it is running, and none starts beside it;
 * scenarios with `tag` run beside each other only when their `@wipes.<index>` tags name different indices (each snapshots and restores only its own).
 * The coordinator skips a pickle it may not assign and hands the next one to the free worker, so these scenarios wait until the others are done, then
 * run together where they wipe different indices.
 *
 * @example setParallelCanAssign(runsAlone('@destructive'));
 */
export function runsAlone(tag: string) {
  return (inQuestion: TaggedPickle, inProgress: readonly TaggedPickle[]): boolean =>
    hasTag(inQuestion, tag) ? inProgress.every((running) => hasTag(running, tag) && apart(inQuestion, running)) : !inProgress.some((p) => hasTag(p, tag));
}
