/** Module resolve hook for tests: dt-sql-parser ships ESM with extensionless relative imports (written for bundlers), which Node resolves only with `.js` or `/index.js` added. */

type Resolve = (specifier: string, context: unknown) => Promise<unknown>;

/**
 * Retries a failed relative import with `.js`, then `/index.js`.
 *
 * @example
 * register(new URL('./extensionless-hooks.js', import.meta.url)); // before import('dt-sql-parser')
 */
export async function resolve(specifier: string, context: unknown, next: Resolve): Promise<unknown> {
  try {
    return await next(specifier, context);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (!specifier.startsWith('.') || (code !== 'ERR_MODULE_NOT_FOUND' && code !== 'ERR_UNSUPPORTED_DIR_IMPORT')) throw e;
    try {
      return await next(`${specifier}.js`, context);
    } catch {
      return next(`${specifier}/index.js`, context);
    }
  }
}
