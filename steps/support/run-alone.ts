/** The part of a cucumber pickle the assignment rule reads. */
export interface TaggedPickle {
  tags: ReadonlyArray<{ name: string }>;
}

const hasTag = (pickle: TaggedPickle, tag: string) => pickle.tags.some((t) => t.name === tag);

/**
 * A `setParallelCanAssign` rule for `--parallel N`: a scenario with `tag` starts only when no
 * other scenario is running, and nothing starts beside it. The coordinator skips a pickle it may
 * not assign and hands the next one to the free worker, so these scenarios wait until the others
 * are done and then run one at a time (@destructive ones snapshot and restore whole indices).
 *
 * @example setParallelCanAssign(runsAlone('@destructive'));
 */
export function runsAlone(tag: string) {
  return (inQuestion: TaggedPickle, inProgress: readonly TaggedPickle[]): boolean =>
    hasTag(inQuestion, tag) ? inProgress.length === 0 : !inProgress.some((p) => hasTag(p, tag));
}
