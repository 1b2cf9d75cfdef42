/** A description of the machine a benchmark ran on, stored with the results so numbers are never read without their context. */
import os from 'node:os';

/** The facts that change benchmark numbers. */
export interface MachineInfo {
  cpus: number;
  cpuModel: string;
  totalMemoryGb: number;
  node: string;
  platform: string;
  /** 1-minute load average when the run started: other work on a shared machine shows here. */
  loadAverageAtStart: number;
}

/**
 * Reads the current machine's description.
 *
 * @example
 * machineInfo().cpus; // 2
 */
export function machineInfo(): MachineInfo {
  return {
    cpus: os.availableParallelism(),
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    totalMemoryGb: Math.round((os.totalmem() / 1e9) * 10) / 10,
    node: process.version,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    loadAverageAtStart: Math.round(os.loadavg()[0] * 100) / 100,
  };
}
