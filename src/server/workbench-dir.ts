/** Where the review workbench's built files are: resolved from this module, which sits at dist/src/<folder>/ like the command line's bundle, so the path holds bundled or not. */
import { fileURLToPath } from 'node:url';

/**
 * Where `make build` puts the workbench bundle: `dist/ui`, beside the compiled `dist/src`.
 *
 * @example
 * loadStaticAssets(WORKBENCH_DIR).has('app.js'); // true after make build
 */
export const WORKBENCH_DIR = fileURLToPath(new URL('../../ui', import.meta.url));
