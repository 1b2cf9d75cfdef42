/** The configuration file: loading, validation, defaults, column checks and YAML output. */
export { loadConfigFile, parseConfigText, parseConfigValue } from './load.js';
export { checkConfigColumns, columnReferences, columnsRead } from './columns.js';
export { configToYaml } from './to-yaml.js';
export { configToInputForm, type PlainMapping, type PlainValue } from './to-input-form.js';
export { CONFIG_DEFAULTS } from './normalize.js';
export type * from './types.js';
