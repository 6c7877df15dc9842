/**
 * The hottest functions of V8 CPU profiles (`--cpu-prof`), by self time: where an Aisle
 * server spent its CPU during the benchmark (the bench's usage reporter and profiler session left out).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

export function summariseProfile(dir: string, top: number): Array<{ file: string; top: string[] }> {
  const out: Array<{ file: string; top: string[] }> = [];
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile;
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    // The bench's own instruments in the server (the usage reporter: profiler session, RSS samples) are not Aisle's work.
    const instrument = new Set<number>();
    const mark = (id: number) => {
      const node = byId.get(id);
      if (node && !instrument.has(id)) {
        instrument.add(id);
        node.children?.forEach(mark);
      }
    };
    for (const n of profile.nodes) {
      if (/usage-reporter/.test(n.callFrame.url)) {
        mark(n.id);
      }
    }
    const self = new Map<string, number>();
    profile.samples.forEach((id, i) => {
      const node = byId.get(id);
      if (!node || instrument.has(id)) {
        return;
      }
      const f = node.callFrame;
      const where = f.url ? `${f.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${f.lineNumber + 1}` : '';
      const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    const busy = [...self.entries()].filter(([k]) => !k.startsWith('(idle)'));
    const total = busy.reduce((n, [, t]) => n + t, 0);
    out.push({
      file,
      top: busy
        .sort((a, b) => b[1] - a[1])
        .slice(0, top)
        .map(([k, t]) => `${((100 * t) / total).toFixed(1).padStart(5)} %  ${(t / 1000).toFixed(0).padStart(7)} ms  ${k}`),
    });
  }
  return out;
}
