import type { Command } from '../main.js';
import { mintToken } from '../../reference-server/core/index.js';
import { formatFlagHelp, parseFlags } from '../parse-flags.js';

const TOKEN_FLAGS = {
  secret: {
    kind: 'string',
    description: 'HS256 secret the server verifies with; must not be empty (an empty JWT_SECRET counts as unset)',
    env: 'JWT_SECRET',
    valueName: 'S',
  },
  expires: { kind: 'string', description: 'lifetime: 30m, 1h, 24h, 7d …', defaultText: '1h', valueName: 'SPAN' },
  subject: { kind: 'string', description: 'sub claim', defaultText: 'mgmt-kit', valueName: 'S' },
  help: { kind: 'boolean', description: 'show this help' },
} as const;

const USAGE = `Usage: mgmt-kit token [--secret S] [--expires 1h] [--subject s]

Prints an HS256 JWT for the reference server (npx mgmt-kit serve --jwt-secret S). Use it as
  curl -H "Authorization: Bearer $(npx mgmt-kit token --secret S)" http://127.0.0.1:8080/event

Options:
${formatFlagHelp(TOKEN_FLAGS)}
`;

/** `mgmt-kit token`: mints a token the reference server accepts (§5, x-decisions auth-header). */
export const command: Command = {
  summary: 'mint a JWT for the reference server',
  async run(argv) {
    const parsed = parseFlags(argv, TOKEN_FLAGS);
    if (!parsed.ok) {
      process.stderr.write(`mgmt-kit token: ${parsed.error}\n\n${USAGE}`);
      return 2;
    }
    const { secret, expires, subject, help } = parsed.values;
    if (help) {
      process.stdout.write(USAGE);
      return 0;
    }
    if (secret === '') {
      process.stderr.write(`mgmt-kit token: --secret must not be empty (use the secret the server was started with)\n\n${USAGE}`);
      return 2;
    }
    if (secret === undefined) {
      process.stderr.write('mgmt-kit token: no secret — pass --secret S or set JWT_SECRET (the secret the server was started with)\n');
      return 2;
    }
    try {
      const token = await mintToken({ secret, expiresIn: expires ?? '1h', subject: subject ?? 'mgmt-kit' });
      process.stdout.write(`${token}\n`);
      return 0;
    } catch (error) {
      process.stderr.write(`mgmt-kit token: cannot mint a token: ${(error as Error).message} (--expires takes e.g. 30m, 1h, 7d)\n`);
      return 2;
    }
  },
};
