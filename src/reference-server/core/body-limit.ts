/** 1 MiB: the default body limit (x-decisions body-limit; `--body-limit` and the msw handlers' `bodyLimit` change it). */
export const DEFAULT_BODY_LIMIT = 1_048_576;
