import { Option, type Command, type OptionValues } from '@commander-js/extra-typings';
import { wholeNumber } from '../command/flag-parsers.js';

/** `--port` and `--host` of the Prism commands (mock and proxy), which differ only in the default port. */
export function addPrismListenOptions<Args extends unknown[], Opts extends OptionValues, Global extends OptionValues>(
  command: Command<Args, Opts, Global>,
  defaultPort: number,
) {
  return command
    .addOption(new Option('--port <N>', 'port Prism listens on').default(defaultPort).argParser(wholeNumber(0, 65_535)))
    .addOption(new Option('--host <HOST>', 'address Prism listens on (the container image sets 0.0.0.0)').env('MGMT_KIT_HOST').default('127.0.0.1'));
}
