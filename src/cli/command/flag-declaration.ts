/**
 * How a command declares its flags, once: the parser, the usage and help text, the exit-2
 * messages and the values' types are all read from these declarations (declare-command.ts).
 */

/** What every flag says about itself. */
interface FlagBasics {
  /** One line of the options table. */
  description: string;
  /** A one-letter alias: `h` for `-h`. */
  short?: string;
}

/**
 * A default: a value, or a function called when it is needed (a random seed), which then needs a
 * `defaultNote` saying in words what it gives. A note alone, without a default, is for what the
 * command works out from other flags (`32, --quick: 8`): the value is then undefined when absent.
 */
type DefaultOf<T> = { default?: T; defaultNote?: string } | { default: () => T; defaultNote: string };

/** Flags that take a value: `--name value` or `--name=value`, else the environment variable, else the default. */
type ValueFlagBasics<T> = FlagBasics &
  DefaultOf<T> & {
    /** Read when the flag is absent; a variable set to '' counts as unset. */
    env?: string;
    /** Placeholder in the usage and options table, e.g. `FILE` (else `N`, `TIME`, `URL`, the choices or `VALUE`). */
    valueName?: string;
    /** Absent (and no variable set): the command refuses to start. */
    required?: boolean;
    repeatable?: false;
  };

/** `--name`, `--name=true`, `--name=false`; absent: `default` (false unless declared). */
export interface BooleanFlag extends FlagBasics {
  type: 'boolean';
  default?: boolean;
  /** How the help says what an absent flag means when `on` alone does not: `on, any origin`. */
  defaultNote?: string;
}

/** Text. */
export type StringFlag = ValueFlagBasics<string> & {
  type: 'string';
  /** The only values accepted; shown as the placeholder `a|b` unless `valueName` is given. */
  choices?: readonly string[];
  /** `--name ''` is refused. */
  notEmpty?: boolean;
};

/** A text flag that may be given several times: its values in order, `[]` when absent (no variable, no default). */
export interface RepeatableFlag extends FlagBasics {
  type: 'string';
  repeatable: true;
  valueName?: string;
  choices?: readonly string[];
  notEmpty?: boolean;
  env?: never;
  default?: never;
  defaultNote?: never;
  required?: never;
}

/** A whole number, within `min` and `max` when given. */
export type IntegerFlag = ValueFlagBasics<number> & { type: 'integer'; min?: number; max?: number };

/** A time above zero: `500ms`, `60s`, `2m`, `1h` or bare seconds; the value is in milliseconds, the default written as text (`60s`). */
export type DurationFlag = ValueFlagBasics<string> & { type: 'duration' };

/** An http:// or https:// URL. */
export type UrlFlag = ValueFlagBasics<string> & { type: 'url' };

export type FlagDeclaration = BooleanFlag | StringFlag | RepeatableFlag | IntegerFlag | DurationFlag | UrlFlag;

/** A command's flags by name, without the leading `--` (`help` is added for every command). */
export type FlagDeclarations = Readonly<Record<string, FlagDeclaration>>;

type ChoiceOf<D> = D extends { choices: readonly (infer C extends string)[] } ? C : string;

/** Present whenever a default or `required` guarantees it. */
type Given<D, T> = D extends { default: unknown } ? T : D extends { required: true } ? T : T | undefined;

/** The value a declaration gives a command. */
export type FlagValue<D> = D extends { type: 'boolean' }
  ? boolean
  : D extends { repeatable: true }
    ? string[]
    : D extends { type: 'integer' | 'duration' }
      ? Given<D, number>
      : Given<D, ChoiceOf<D>>;

/** The values of all of a command's flags. */
export type FlagValues<F extends FlagDeclarations> = { -readonly [K in keyof F]: FlagValue<F[K]> };
