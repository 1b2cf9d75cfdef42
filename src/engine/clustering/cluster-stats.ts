/** The `/stats` numbers of a clustering, from scratch or kept up to date as clusters come and go. */
import { clusterSizes } from './cluster-summaries.js';
import { round6 } from './round6.js';

/**
 * `GET /stats` cluster numbers. Clusters of one row count as singletons,
 * not clusters; ratios are rounded to 6 decimals; averages and maxima over
 * no clusters are 0.
 *
 * @example
 * const s: ClusterStats = { total_records: 5, total_clusters: 1, singleton_count: 2, match_rate: 0.6, avg_cluster_size: 3, max_cluster_size: 3 };
 */
export interface ClusterStats {
  total_records: number;
  total_clusters: number;
  singleton_count: number;
  match_rate: number;
  avg_cluster_size: number;
  max_cluster_size: number;
}

/**
 * A histogram of cluster sizes that answers `/stats` in O(1) after each
 * change. The largest size is found again by walking down the histogram
 * only when the last cluster of that size goes away.
 *
 * @example
 * const tally = new SizeTally(5);
 * tally.add(3); tally.add(1); tally.add(1);
 * tally.stats().match_rate; // 0.6
 */
export class SizeTally {
  private counts: Int32Array;
  private singletons = 0;
  private multiClusters = 0;
  private multiRows = 0;
  private largest = 0;

  constructor(public totalRecords: number) {
    this.counts = new Int32Array(totalRecords + 1);
  }

  /**
   * Sets the number of live records (record changes add and delete rows);
   * the clusters counted are not touched.
   *
   * @example
   * tally.setTotal(tally.totalRecords + 1);
   */
  setTotal(totalRecords: number): void {
    this.totalRecords = totalRecords;
    if (this.counts.length <= totalRecords + 1) {
      const grown = new Int32Array(Math.max(totalRecords + 2, this.counts.length * 2));
      grown.set(this.counts);
      this.counts = grown;
    }
  }

  /**
   * Counts one cluster of `size` rows.
   *
   * @example
   * tally.add(2);
   */
  add(size: number): void {
    if (size >= this.counts.length) this.setTotal(this.totalRecords);
    this.counts[size]++;
    if (size === 1) this.singletons++;
    else {
      this.multiClusters++;
      this.multiRows += size;
      if (size > this.largest) this.largest = size;
    }
  }

  /**
   * Forgets one cluster of `size` rows (it was split, merged or re-formed).
   *
   * @example
   * tally.remove(2);
   */
  remove(size: number): void {
    this.counts[size]--;
    if (size === 1) this.singletons--;
    else {
      this.multiClusters--;
      this.multiRows -= size;
      while (this.largest > 1 && this.counts[this.largest] === 0) this.largest--;
      if (this.largest === 1) this.largest = 0;
    }
  }

  /**
   * Clusters per size, smallest size first, sizes with no cluster left out.
   *
   * @example
   * tally.histogram(); // [{ size: 1, count: 2 }, { size: 3, count: 1 }]
   */
  histogram(): { size: number; count: number }[] {
    const out: { size: number; count: number }[] = [];
    const top = Math.max(this.largest, this.singletons > 0 ? 1 : 0);
    for (let size = 1; size <= top; size++) if (this.counts[size] > 0) out.push({ size, count: this.counts[size] });
    return out;
  }

  /**
   * The current `/stats` numbers.
   *
   * @example
   * tally.stats().total_clusters;
   */
  stats(): ClusterStats {
    const total = this.totalRecords;
    return {
      total_records: total,
      total_clusters: this.multiClusters,
      singleton_count: this.singletons,
      match_rate: total === 0 ? 0 : round6(this.multiRows / total),
      avg_cluster_size: this.multiClusters === 0 ? 0 : round6(this.multiRows / this.multiClusters),
      max_cluster_size: this.largest,
    };
  }
}

/**
 * `/stats` numbers of a whole clustering (`clusterOf[row]` = cluster id).
 *
 * @example
 * clusterStats(Int32Array.of(0, 0, 2)).singleton_count; // 1
 */
export function clusterStats(clusterOf: Int32Array): ClusterStats {
  const sizes = clusterSizes(clusterOf);
  const tally = new SizeTally(clusterOf.length);
  for (let id = 0; id < sizes.length; id++) if (sizes[id] > 0) tally.add(sizes[id]);
  return tally.stats();
}
