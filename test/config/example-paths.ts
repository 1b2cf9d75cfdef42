/** Test helper: repository files the configuration tests read (resolved from dist/test/config/). */
import { fileURLToPath } from 'node:url';

/** data/configs/example.yaml, the complete example. */
export const EXAMPLE_YAML = fileURLToPath(new URL('../../../data/configs/example.yaml', import.meta.url));
/** docs/config.md, which embeds the same example. */
export const CONFIG_DOCS = fileURLToPath(new URL('../../../docs/config.md', import.meta.url));
