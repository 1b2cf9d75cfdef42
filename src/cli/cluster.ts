/** `kindred cluster --edges`: turns the edges a SQL engine wrote into clusters with kindred's constrained clustering. */
import { once } from 'node:events';
import fs from 'node:fs';
import { finished } from 'node:stream/promises';
import { loadConfigFile } from '../config/index.js';
import { CONFIG_DEFAULTS } from '../config/normalize.js';
import { buildClusters, clusterLimits } from '../engine/clustering/cluster-builder.js';
import { matchedLinks } from '../engine/run.js';
import { readEdges } from '../engine/sql/read-edges.js';
import { KindredError } from '../errors/registry.js';
import { parseCommandArgs, requireString } from './args.js';
import { checkOutputFile, openOutputFile } from './output-file.js';
import { Progress } from './progress.js';
import { csvCell } from './write-clusters.js';

export const CLUSTER_HELP = `Usage: kindred cluster --edges <csv|parquet> [--config <yaml>] [--out <path>]

Clusters the edges a SQL engine wrote (the <prefix>edges table of kindred sql
--dialect ..., exported as CSV with a header or as Parquet: columns a, b,
score, matched) with the same constrained clustering as kindred dedupe, and
writes record_id,cluster_id for every record that appears in an edge
(cluster_id = the smallest record id of its cluster; ids are ordered as
integers when they all are, else as text). A record in no edge is alone in
its cluster. To serve the edges with the records (/match, /clusters,
reviews), use kindred serve --file <table> --config <yaml> --edges <file>.

Options:
  --edges <file>    the edges (.parquet as Parquet, anything else as CSV)
  --config <yaml>   the configuration whose clustering limits apply
                    (max_cluster_size, min_link_density); without it, the
                    defaults (max_cluster_size 100, min_link_density 0)
  --out <path>      output file (default: stdout)
  --quiet           no progress output
`;

/** Runs the command; returns the exit code. */
export async function clusterCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(
    'cluster',
    argv,
    { edges: { type: 'string' }, config: { type: 'string' }, out: { type: 'string' }, quiet: { type: 'boolean' }, help: { type: 'boolean' } },
    0,
  );
  if (values.help) {
    process.stdout.write(CLUSTER_HELP);
    return 0;
  }
  const file = requireString('cluster', values, 'edges');
  if (!fs.existsSync(file)) throw new KindredError('file_not_found', `kindred cluster: ${file}: no such file`);
  const configPath = values.config as string | undefined;
  // Parsed before the edges are read, so a bad configuration fails first; the clustering section has defaults.
  const config = configPath !== undefined ? loadConfigFile(configPath) : null;
  const out = values.out as string | undefined;
  if (out !== undefined) checkOutputFile('cluster', '--out', out);
  const progress = new Progress(process.stderr, values.quiet === true);
  let t = performance.now();
  const { ids, pairs } = await readEdges(file);
  progress.phase({ phase: 'load', ms: performance.now() - t, detail: { edges: pairs.count, records: ids.length } });
  t = performance.now();
  const links = matchedLinks(pairs);
  const limits =
    config !== null ? clusterLimits(config.clustering) : { maxClusterSize: CONFIG_DEFAULTS.maxClusterSize, minLinkDensity: CONFIG_DEFAULTS.minLinkDensity };
  const clusterOf = buildClusters({ rowCount: ids.length, links, ...limits });
  progress.phase({ phase: 'cluster', ms: performance.now() - t, detail: { links: links.count } });
  const outFd = out !== undefined ? openOutputFile('cluster', '--out', out) : null;
  const stream = outFd !== null ? fs.createWriteStream('', { fd: outFd }) : process.stdout;
  let text = 'record_id,cluster_id\n';
  for (let i = 0; i < ids.length; i++) {
    text += `${csvCell(ids[i])},${csvCell(ids[clusterOf[i]])}\n`;
    if (text.length > 1 << 20) {
      if (!stream.write(text)) await once(stream, 'drain');
      text = '';
    }
  }
  stream.write(text);
  if (outFd !== null) {
    stream.end();
    await finished(stream);
  }
  return 0;
}
