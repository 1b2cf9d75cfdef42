/** Which file runs the command line: the dispatcher as `make build` bundled it (one chunk per command), or as tsc wrote it. */
import { bundleIsFresh } from '../engine/worker-bundle.js';

/**
 * The dispatcher to load. Loading it as tsc wrote it means loading a
 * command's 150-odd ES modules one by one, about 0.2 s before a run can
 * start on this machine; its bundle (`dist/src/cli-bundle`, split by
 * esbuild so that each command loads only its own chunks) takes about half
 * that. The bundle is used only while it is newer than every file it was
 * built from, so a `tsc` run alone never leaves the command line on stale
 * code. Bundled code sits at the same depth under `dist` as the modules it
 * was built from (`dist/src/<folder>/`), so paths they resolve from
 * `import.meta.url` hold in both (test/cli/cli-bundle.test.ts checks that).
 *
 * @example
 * await import(cliEntry().href); // runs process.argv's command
 */
export function cliEntry(): URL {
  const bundle = new URL('../cli-bundle/dispatch.js', import.meta.url);
  const meta = new URL('../cli-bundle/meta.json', import.meta.url);
  return bundleIsFresh(bundle, meta, new URL('../../../', import.meta.url)) ? bundle : new URL('./dispatch.js', import.meta.url);
}
