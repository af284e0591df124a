// node scripts/.tmp-load.mjs user path clients requests
import fs from 'node:fs';
const [user, path, clients = '16', total = '800'] = process.argv.slice(2);
const base = process.env.BASE ?? 'http://127.0.0.1:18090';
const tokFile = `/tmp/tok-${user}`;
let token = fs.existsSync(tokFile) ? fs.readFileSync(tokFile, 'utf8') : null;
if (!process.env.NOAUTH && token && (await fetch(`${base}/api/getInfo`, { headers: { token } })).status !== 200) token = null;
if (!token && !process.env.NOAUTH) {
  const login = await fetch(`${base}/api/login/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: user, password: 'Demo#2026' }) });
  const body = await login.json();
  token = body.data?.token; if (!token) { console.log(body); process.exit(1); }
  fs.writeFileSync(tokFile, token);
}
const cpu = () => { let pg = 0, srv = 0, su = 0, ss = 0; for (const d of fs.readdirSync('/proc')) { if (!/^\d+$/.test(d)) continue; try { const comm = fs.readFileSync(`/proc/${d}/comm`, 'utf8').trim(); const f = fs.readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1].split(' '); const t = Number(f[11]) + Number(f[12]); if (comm === 'postgres') pg += t; else if (Number(d) === SRV) { srv += t; su += Number(f[11]); ss += Number(f[12]); } } catch {} } return { pg, srv, su, ss }; };
const SRV = Number(process.env.SRV);
const one = async () => { const r = await fetch(base + path, { headers: { token } }); await r.arrayBuffer(); if (r.status !== 200) throw new Error(String(r.status)); };
for (let i = 0; i < 50; i++) await one();
const lat = []; let left = Number(total);
const c0 = cpu(); const u0 = process.cpuUsage(); const t0 = performance.now();
await Promise.all(Array.from({ length: Number(clients) }, async () => { while (left-- > 0) { const s = performance.now(); await one(); lat.push(performance.now() - s); } }));
const wall = performance.now() - t0; const c1 = cpu(); const u = process.cpuUsage(u0);
lat.sort((a, b) => a - b);
const n = lat.length;
console.log(`${path} c=${clients}: ${(n / wall * 1000).toFixed(0)}/s p50 ${lat[n >> 1].toFixed(1)} p95 ${lat[Math.floor(n * 0.95)].toFixed(1)} ms; CPU ms/request: server ${((c1.srv - c0.srv) * 10 / n).toFixed(2)} (user ${((c1.su - c0.su) * 10 / n).toFixed(2)} sys ${((c1.ss - c0.ss) * 10 / n).toFixed(2)}) pg ${((c1.pg - c0.pg) * 10 / n).toFixed(2)} loadgen ${((u.user + u.system) / 1000 / n).toFixed(2)}`);
