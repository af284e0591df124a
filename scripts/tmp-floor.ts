import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import { BenchHttp } from './lib/bench-http.js';
const port = 36999;
const child = spawn(process.execPath, [...(process.env.NODE_ARGS ?? '').split(' ').filter(Boolean), '--import', 'tsx', 'server/main.ts'], { env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DATA_DIR: fs.mkdtempSync('/tmp/sc-floor-') }, stdio: ['ignore', 'ignore', 'inherit'] });
const base = `http://127.0.0.1:${port}`;
for (let i = 0; i < 600; i++) { try { if ((await fetch(`${base}/api/health`)).ok) break; } catch { /* not yet */ } await new Promise((r) => setTimeout(r, 500)); }
const res = await fetch(`${base}/api/login/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'province', password: 'Demo#2026' }) });
const token = ((await res.json()) as { data: { token: string } }).data.token;
const client = new BenchHttp(base, 4);
await new Promise((r) => setTimeout(r, 40_000));
const mainCpu = () => { const f = fs.readFileSync(`/proc/${child.pid}/task/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return [Number(f[11]) * 10, Number(f[12]) * 10]; };
const cpu = () => { const f = fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
for (const path of (process.env.PATHS ?? '/api/health').split(',')) {
  const t: number[] = [];
  const c0 = cpu(); const m0 = mainCpu();
  const n = Number(process.env.N ?? 2000);
  for (let i = 0; i < n; i++) { const t0 = performance.now(); await client.request(token, 'GET', path); t.push(performance.now() - t0); }
  const used = cpu() - c0; const m1 = mainCpu(); console.log('main thread user/sys ms per request', ((m1[0]! - m0[0]!) / n).toFixed(3), ((m1[1]! - m0[1]!) / n).toFixed(3));
  t.sort((a, b) => a - b);
  console.log(path, 'p50', t[n / 2]!.toFixed(2), 'p95', t[n * 0.95]!.toFixed(2), 'server cpu/request ms', (used / n).toFixed(3));
}
child.kill('SIGTERM');
await new Promise((r) => setTimeout(r, 3000));
process.exit(0);
