/** Which file the pool threads load: the worker entry bundled into one CommonJS file by `make build` when that bundle is up to date, else the entry as tsc wrote it; and the freshness test the command line's bundle shares. */
import fs from 'node:fs';

/**
 * A worker entry and its one-file bundle (esbuild, with its metafile).
 *
 * Loading the entry means loading some 120 ES modules one by one, about
 * 0.2 s of CPU per thread on this machine before a thread can take its
 * first task, while the bundle loads in a few tens of milliseconds. The
 * bundle is built from the compiled files (`make build`), so it can lag
 * behind them when only `tsc` ran since: it is used only when it is newer
 * than every file it was built from, as its metafile lists them.
 *
 * The bundle is CommonJS (`.cjs`) because Piscina looks a task's function
 * up by trying `require()` first, once per task name and thread: of an ES
 * module that read and parsed the whole bundle only to throw, 1–8 ms each
 * time, about ten times per thread and run, most of them as a phase starts.
 *
 * @example
 * const file = workerFile(new URL('../../workers/engine-worker.js', import.meta.url), new URL('../../../', import.meta.url));
 */
export function workerFile(entry: URL, buildRoot: URL): URL {
  const bundle = new URL(entry.href.replace(/\.js$/, '.bundle.cjs'));
  const meta = new URL(entry.href.replace(/\.js$/, '.bundle.json'));
  return bundleIsFresh(bundle, meta, buildRoot) ? bundle : entry;
}

/**
 * Whether a bundle is newer than every input its esbuild metafile lists
 * (paths relative to `buildRoot`, the folder it was built in), packages'
 * files standing for themselves by npm's lockfile in `node_modules` when
 * there is one. False when the bundle, the metafile or an input is missing.
 *
 * @example
 * bundleIsFresh(new URL('file:///app/dist/x.bundle.js'), new URL('file:///app/dist/x.bundle.json'), new URL('file:///app/'));
 */
export function bundleIsFresh(bundle: URL, meta: URL, buildRoot: URL): boolean {
  try {
    const built = fs.statSync(bundle).mtimeMs;
    let inputs = Object.keys((JSON.parse(fs.readFileSync(meta, 'utf8')) as { inputs: Record<string, unknown> }).inputs);
    if (inputs.length === 0) return false;
    // Packages change through npm, which rewrites its lockfile in node_modules: one stat stands for the
    // hundreds of package files a bundle may take in (they cost about 10 ms of a run's start-up). A package
    // edited in place (by hand, or patched after the install) needs a `make build` to be bundled again.
    const lock = new URL('node_modules/.package-lock.json', buildRoot);
    if (inputs.some((input) => input.startsWith('node_modules/')) && fs.existsSync(lock)) {
      if (fs.statSync(lock).mtimeMs > built) return false;
      inputs = inputs.filter((input) => !input.startsWith('node_modules/'));
    }
    // Input paths are relative to the folder the bundle was built in.
    return inputs.every((input) => fs.statSync(new URL(input, buildRoot)).mtimeMs <= built);
  } catch {
    return false;
  }
}
