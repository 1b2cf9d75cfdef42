/** Markdown output for the benchmark documents: tables, and regenerating the section between two marker comments. */

/**
 * A GitHub-flavoured Markdown table.
 *
 * @example
 * markdownTable(['a', 'b'], [['1', '2']]); // "| a | b |\n|---|---|\n| 1 | 2 |"
 */
export function markdownTable(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<string>>): string {
  const line = (cells: ReadonlyArray<string>): string => `| ${cells.map((c) => c.replace(/\|/g, '\\|')).join(' | ')} |`;
  return [line(headers), `|${headers.map(() => '---').join('|')}|`, ...rows.map(line)].join('\n');
}

/**
 * Replaces the text between `<!-- name:start -->` and `<!-- name:end -->`
 * (markers kept). When the markers are missing, the section is appended.
 *
 * @example
 * replaceSection(doc, 'bench:scorers', markdownTable(['scorer'], [['exact']]));
 */
export function replaceSection(doc: string, name: string, content: string): string {
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const i = doc.indexOf(start);
  const j = doc.indexOf(end);
  const block = `${start}\n${content.trim()}\n${end}`;
  if (i < 0 || j < i) return `${doc.trimEnd()}\n\n${block}\n`;
  return doc.slice(0, i) + block + doc.slice(j + end.length);
}
