/**
 * Which shapes of an agent the target refuses, where the description leaves it free to store or
 * refuse them (faithful-answers nested-extra-fields, hidden-name-fields, resource-config-path):
 * an extra field inside an entry (`actions.*`) or its config (`actions.config.*`), a field whose
 * name the description hides (`parameters.list`), such a field of another type than described
 * (`actions.config.daemon!type`), and one form of a value the description allows in several
 * (`resources.config.path|array`). `undefined` when the probe could not tell (the run then lets
 * the target refuse any of them).
 */
export type RefusedShapes = ReadonlySet<string> | undefined;
