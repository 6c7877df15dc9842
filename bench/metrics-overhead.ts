/**
 * What metrics cost a request: two apps in one process, on fresh databases of the same
 * dialect, one without metrics and one with `METRICS_PORT` set (every request counted and
 * timed, the runtime gauges registered), answer alternating batches of the same debug
 * generation through `inject`; CPU and wall time per request are compared by the medians of
 * the batches, so load from other processes falls on both alike. No socket is involved, so
 * the figure is the metrics' share of Aisle's own work, the part the full bench's HTTP
 * transport would only dilute.
 *
 * Run: `npx tsx bench/metrics-overhead.ts [sqlite|postgres] [batches=20] [perBatch=300]`.
 */
import { auth, buildTestApp, NO_RATE_LIMITS, registerGuest } from '../test/helpers/app.ts';

const [dialect = 'sqlite', batches = '20', perBatch = '300'] = process.argv.slice(2);
type Side = 'off' | 'on';

async function setUp(side: Side) {
  const t = await buildTestApp(dialect as 'sqlite' | 'postgres', { env: { ...NO_RATE_LIMITS, LOG_LEVEL: 'warn', ...(side === 'on' ? { METRICS_PORT: '0' } : {}) } });
  const resourceId = `metrics-overhead-${side}`;
  const token = await registerGuest(t.app, 'shop-a', resourceId);
  const request = () =>
    t.app.inject({
      method: 'POST',
      url: '/shopping/generate',
      headers: auth(token),
      payload: { threadId: 'metrics-overhead', resourceId, trafficType: 'debug', messages: [{ role: 'user', content: 'привет' }], runtimeContext: { tenant_id: 'shop-a' } },
    });
  return { t, request };
}

const apps = { off: await setUp('off'), on: await setUp('on') };
const samples: Record<Side, { wall: number[]; cpu: number[] }> = { off: { wall: [], cpu: [] }, on: { wall: [], cpu: [] } };
const count = Number(perBatch);

async function batch(side: Side, keep: boolean): Promise<void> {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  for (let i = 0; i < count; i++) {
    const res = await apps[side].request();
    if (res.statusCode !== 200) {
      throw new Error(`${side}: ${res.statusCode} ${res.body}`);
    }
  }
  const wall = (performance.now() - t0) / count;
  const cpu = process.cpuUsage(cpu0);
  if (keep) {
    samples[side].wall.push(wall * 1000);
    samples[side].cpu.push((cpu.user + cpu.system) / count);
  }
}

for (let i = 0; i < 3; i++) {
  await batch('off', false);
  await batch('on', false);
}
for (let i = 0; i < Number(batches); i++) {
  // Alternate the order so neither side always runs second.
  for (const side of i % 2 === 0 ? (['off', 'on'] as const) : (['on', 'off'] as const)) {
    await batch(side, true);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const off = { cpu: median(samples.off.cpu), wall: median(samples.off.wall) };
const on = { cpu: median(samples.on.cpu), wall: median(samples.on.wall) };
process.stdout.write(
  `debug generation on ${dialect}, ${batches} batches of ${count} each side (medians):\n` +
    `  metrics off: ${off.cpu.toFixed(0)} µs CPU, ${off.wall.toFixed(0)} µs wall per request\n` +
    `  metrics on:  ${on.cpu.toFixed(0)} µs CPU, ${on.wall.toFixed(0)} µs wall per request\n` +
    `  CPU with / without: ${(on.cpu / off.cpu).toFixed(3)}; throughput with / without: ${(off.wall / on.wall).toFixed(3)}\n`,
);
await apps.off.t.close();
await apps.on.t.close();
