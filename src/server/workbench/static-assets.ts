/** Loads the built review-workbench files (dist/ui) once, with their media types and ETags, for the `/ui/` routes. */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The media types of the files the build writes; any other file in the folder is not served. */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
};

/**
 * One servable file.
 *
 * @example
 * const a: StaticAsset = { name: 'app.js', body: Buffer.from(''), type: 'text/javascript; charset=utf-8', etag: '"abc"' };
 */
export interface StaticAsset {
  name: string;
  body: Buffer;
  type: string;
  etag: string;
}

/**
 * Every servable file of a built workbench folder by name (flat: the build
 * writes no sub-folders). An absent folder gives an empty map, and the
 * routes then say the workbench was not built. Read once at start-up: the
 * bundle is a few tens of KB, and serving from memory never touches the
 * disk while matching runs.
 *
 * @example
 * const assets = loadStaticAssets('dist/ui');
 * assets.get('index.html')?.type; // 'text/html; charset=utf-8'
 */
export function loadStaticAssets(dir: string): Map<string, StaticAsset> {
  const assets = new Map<string, StaticAsset>();
  if (!existsSync(dir)) return assets;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const type = MEDIA_TYPES[path.extname(entry.name)];
    if (!entry.isFile() || type === undefined) continue;
    const body = readFileSync(path.join(dir, entry.name));
    const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
    assets.set(entry.name, { name: entry.name, body, type, etag });
  }
  return assets;
}
