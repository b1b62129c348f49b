import { Command, Option, type CommandUnknownOpts } from '@commander-js/extra-typings';
import { type CommandIo, UsageError, notEmpty } from '../command/command-io.js';

/** `mgmt-kit token`: mints a token the reference server accepts (§5, x-decisions auth-header). */
export function tokenCommand(io: CommandIo): CommandUnknownOpts {
  return new Command('token')
    .summary('mint a JWT for the reference server')
    .description(
      `Prints an HS256 JWT for the reference server (npx mgmt-kit serve --jwt-secret S). Use it as
  curl -H "Authorization: Bearer $(npx mgmt-kit token --secret S)" http://127.0.0.1:8080/event`,
    )
    .addOption(
      new Option('--secret <S>', 'HS256 secret the server verifies with; must not be empty (an empty JWT_SECRET counts as unset)')
        .env('JWT_SECRET')
        .argParser(notEmpty),
    )
    .addOption(new Option('--expires <SPAN>', 'lifetime: 30m, 1h, 24h, 7d …').default('1h'))
    .addOption(new Option('--subject <S>', 'sub claim').default('mgmt-kit'))
    .action(async (flags) => {
      if (flags.secret === undefined) throw new UsageError('no secret — pass --secret S or set JWT_SECRET (the secret the server was started with)');
      const { mintToken } = await import('../../tokens/index.js');
      let token: string;
      try {
        token = await mintToken({ secret: flags.secret, expiresIn: flags.expires, subject: flags.subject });
      } catch (error) {
        throw new UsageError(`cannot mint a token: ${(error as Error).message} (--expires takes e.g. 30m, 1h, 7d)`);
      }
      io.stdout.write(`${token}\n`);
      io.exitCode = 0;
    });
}
