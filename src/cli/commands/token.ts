import { declareCommand } from '../command/declare-command.js';
import { UsageError } from '../command/usage-error.js';

/** `mgmt-kit token`: mints a token the reference server accepts (§5, x-decisions auth-header). */
export const tokenCommand = declareCommand({
  name: 'token',
  summary: 'mint a JWT for the reference server',
  about: `Prints an HS256 JWT for the reference server (npx mgmt-kit serve --jwt-secret S). Use it as
  curl -H "Authorization: Bearer $(npx mgmt-kit token --secret S)" http://127.0.0.1:8080/event`,
  flags: {
    secret: {
      type: 'string',
      env: 'JWT_SECRET',
      valueName: 'S',
      notEmpty: true,
      description: 'HS256 secret the server verifies with; must not be empty (an empty JWT_SECRET counts as unset)',
    },
    expires: { type: 'string', valueName: 'SPAN', default: '1h', description: 'lifetime: 30m, 1h, 24h, 7d …' },
    subject: { type: 'string', valueName: 'S', default: 'mgmt-kit', description: 'sub claim' },
  },
  async run(flags, io) {
    if (flags.secret === undefined) throw new UsageError('no secret — pass --secret S or set JWT_SECRET (the secret the server was started with)');
    const { mintToken } = await import('../../tokens/index.js');
    let token: string;
    try {
      token = await mintToken({ secret: flags.secret, expiresIn: flags.expires, subject: flags.subject });
    } catch (error) {
      throw new UsageError(`cannot mint a token: ${(error as Error).message} (--expires takes e.g. 30m, 1h, 7d)`);
    }
    io.stdout.write(`${token}\n`);
    return 0;
  },
});
