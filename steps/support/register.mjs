// Lets a plain `cucumber-js` run load the TypeScript steps: cucumber imports support files in
// order, so this file is listed first in cucumber.js `import` (a named profile replaces the default one instead of adding to it). Under the
// mgmt-kit CLI tsx is already registered; registering it again is harmless.
import { register } from 'tsx/esm/api';

register();
