/** Serialises a normalised `Config` as a configuration YAML document that loads back to the same `Config`. */
import { Document, isScalar, isSeq, visit } from 'yaml';
import { configToInputForm } from './to-input-form.js';
import type { Config } from './types.js';

/**
 * The configuration as YAML text. Lists of plain values (transforms, flat
 * field lists) are written inline as `[a, b]` for readability; strings that
 * YAML would read as something else (`"yes"`, `"02134"`, `"null"`) are quoted
 * by the serialiser. `parseConfigText(configToYaml(c), …)` deep-equals `c`.
 *
 * @example
 * writeFileSync('committed.yaml', configToYaml(config));
 */
export function configToYaml(config: Config, options: { comment?: string } = {}): string {
  const doc = new Document(configToInputForm(config));
  visit(doc, {
    Seq(_key, node) {
      if (isSeq(node) && node.items.length > 0 && node.items.every((item) => isScalar(item))) node.flow = true;
    },
  });
  if (options.comment !== undefined) doc.commentBefore = options.comment.split('\n').map((line) => ` ${line}`).join('\n');
  return doc.toString({ lineWidth: 0, flowCollectionPadding: false });
}
