// The clients of a latency measurement, in a process of their own (bench/big-table.ts forks it): 64 clients
// parsing answers on the server's event loop would be timed as the server's own latency. The parent sends
// { url, headers, clients, ms }; this answers { p50, p99, n, busy } (milliseconds; busy: answers 503 服务繁忙, the
// embedded database's admission refusing, counted and not timed), or { error }.
export type Measure = { url: string; headers: Record<string, string>; clients: number; ms: number };
export type Measured = { p50: number; p99: number; n: number; busy: number } | { error: string };

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;

/** Latencies of `clients` workers asking one URL for `ms` milliseconds; every answer must be status 1. */
export async function measure({ url, headers, clients, ms }: Measure): Promise<{ p50: number; p99: number; n: number; busy: number }> {
  const end = Date.now() + ms;
  const times: number[] = [];
  let busy = 0;
  const worker = async () => {
    while (Date.now() < end) {
      const t = performance.now();
      const res = await fetch(url, { headers });
      const body = (await res.json()) as { status: number };
      if (res.status === 503) {
        busy += 1;
        continue;
      }
      if (body.status !== 1) throw new Error(`bad answer from ${url}: ${JSON.stringify(body).slice(0, 200)}`);
      times.push(performance.now() - t);
    }
  };
  await Promise.all(Array.from({ length: clients }, worker));
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p99: quantile(times, 0.99), n: times.length, busy };
}

if (process.send) {
  // The bench stopped (or failed) without saying stop: nothing is left running.
  process.on('disconnect', () => process.exit(0));
  process.on('message', (m: Measure | 'stop') => {
    if (m === 'stop') process.exit(0);
    measure(m).then(
      (r) => process.send?.(r),
      (e: unknown) => process.send?.({ error: e instanceof Error ? e.message : String(e) }),
    );
  });
}
