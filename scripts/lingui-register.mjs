// `tsx --import ./scripts/lingui-register.mjs <script>`: scripts that load server code (the
// benches, doctor, grant-role) get Lingui's macros expanded like the build and the tests do.
import { register } from 'node:module';

register('./lingui-hooks.mjs', import.meta.url);
