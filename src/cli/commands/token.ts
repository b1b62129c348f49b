import { Command, InvalidArgumentError, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { DURATION_EXAMPLES, isBareNumber, parseDuration } from '../../server/controls/parse-duration.js';
import { type CommandIo, UsageError, notEmpty } from '../command/command-io.js';

/** `--expires` as read: the lifetime in milliseconds and how it was written. */
interface Lifetime {
  ms: number;
  text: string;
}

/**
 * `--expires` in the kit's one duration grammar (parse-duration.ts): `30m`, `1h`, `500ms`, and a
 * bare number is milliseconds, as everywhere in mgmt-kit. Days are not in the grammar: `7d` is
 * refused with the hours to write instead.
 */
function tokenLifetime(text: string): Lifetime {
  const days = /^\s*(\d+(?:\.\d+)?)\s*d\s*$/i.exec(text);
  if (days) throw new InvalidArgumentError(`Write days in hours: ${Number(days[1]) * 24}h.`);
  const read = parseDuration(text);
  if (!read.ok) throw new InvalidArgumentError(`"${text}" is not a duration: ${DURATION_EXAMPLES} (a bare number is milliseconds).`);
  if (read.ms <= 0) throw new InvalidArgumentError('It must be longer than 0.');
  return { ms: read.ms, text: text.trim() };
}

/** `mgmt-kit token`: mints a token the reference server accepts (§5, x-decisions auth-header). */
export function tokenCommand(io: CommandIo): CommandUnknownOpts {
  return new Command('token')
    .summary('mint a JWT for the reference server')
    .description(
      `Prints an HS256 JWT for the reference server (npx mgmt-kit serve --jwt-secret S). Use it as

  curl -H "Authorization: Bearer $(npx mgmt-kit token --secret S)" \\
    http://127.0.0.1:8080/event`,
    )
    .addOption(
      new Option('--secret <S>', 'HS256 secret the server verifies with; must not be empty (an empty JWT_SECRET counts as unset)')
        .env('JWT_SECRET')
        .argParser(notEmpty),
    )
    .addOption(
      new Option('--expires <DURATION>', 'lifetime: 30m, 1h, 24h, 168h (a week) …; a bare number is milliseconds, as in every duration of mgmt-kit')
        .default<Lifetime>({ ms: 3_600_000, text: '1h' }, '1h')
        .argParser(tokenLifetime),
    )
    .addOption(new Option('--subject <S>', 'sub claim').default('mgmt-kit'))
    .action(async (flags) => {
      if (flags.secret === undefined) throw new UsageError('no secret — pass --secret S or set JWT_SECRET (the secret the server was started with)');
      const { mintToken } = await import('../../contract/tokens/index.js');
      const token = await mintToken({ secret: flags.secret, expiresIn: flags.expires.ms, subject: flags.subject });
      if (isBareNumber(flags.expires.text)) {
        // Until 0.x this flag went through jose, which has no bare numbers; say what the number became.
        const n = flags.expires.text;
        io.stderr.write(
          `mgmt-kit token: note: --expires ${n} is ${n} ms (a bare number is milliseconds)${flags.expires.ms < 1000 ? ': the token expires within a second' : ''}; for seconds write ${n}s\n`,
        );
      }
      io.stdout.write(`${token}\n`);
      io.exitCode = 0;
    });
}
