/** @jest-environment node */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOAD, NON_2XX_SCRIPT, largestScript, loadGoalLine, loadTable, parseWrk, wrkDurationMs, type LoadResult, type WrkResult } from '../../scripts/load';
import { bareSiteConfig } from '../../hosting/nginxServer';

// wrk 4.1.0 (Debian 12) with --latency and NON_2XX_SCRIPT, as printed against nginx here.
const OUTPUT = `Running 10s test @ http://127.0.0.1:41023/
  2 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     2.47ms    1.04ms  31.52ms   84.33%
    Req/Sec    10.31k     1.12k   12.90k    71.50%
  Latency Distribution
     50%    2.31ms
     75%  812.00us
     90%    3.40ms
     99%    1.02s
  205187 requests in 10.01s, 2.47GB read
  Socket errors: connect 0, read 2, write 0, timeout 5
  Non-2xx or 3xx responses: 4
Requests/sec:  20498.21
Transfer/sec:    252.41MB
non-2xx: 6
`;

describe('parseWrk', () => {
  it('reads the requests, throughput, median and 99th percentile latency, non-2xx answers and socket errors', () => {
    expect(parseWrk(OUTPUT)).toEqual({ requests: 205187, requestsPerSecond: 20498.21, p50Ms: 2.31, p99Ms: 1020, non2xx: 6, socketErrors: 7 });
  });

  it('counts no socket error when wrk prints none', () => {
    expect(parseWrk(OUTPUT.replace(/^\s*Socket errors.*\n/m, '')).socketErrors).toBe(0);
  });

  it('refuses output without the latency distribution or the Lua count, quoting it', () => {
    expect(() => parseWrk(OUTPUT.replace(/^\s+50%.*\n/m, ''))).toThrow(/median latency \(run it with --latency\):\nRunning 10s/);
    expect(() => parseWrk(OUTPUT.replace(/^non-2xx.*\n/m, ''))).toThrow(/non-2xx count/);
  });

  it('reads every unit wrk prints', () => {
    expect([wrkDurationMs('812.00us'), wrkDurationMs('1.5ms'), wrkDurationMs('2.5s'), wrkDurationMs('1.00m')]).toEqual([0.812, 1.5, 2500, 60_000]);
    expect(() => wrkDurationMs('12')).toThrow(/Not a wrk duration/);
  });

  it("counts 3xx as well in its Lua script (wrk's own count takes them as success), summed over threads", () => {
    expect(NON_2XX_SCRIPT).toMatch(/status < 200 or status > 299/);
    expect(NON_2XX_SCRIPT).toMatch(/thread:get\("non2xx"\)/);
    expect(LOAD).toEqual({ seconds: 10, connections: 50, threads: 2, timeoutSeconds: 2 });
  });
});

describe('largestScript', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'load-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('picks the largest .js file at the top of public/, ignoring copies, maps and other files', () => {
    writeFileSync(path.join(dir, 'app-1.js'), 'x'.repeat(300));
    writeFileSync(path.join(dir, 'framework-2.js'), 'x'.repeat(500));
    writeFileSync(path.join(dir, 'framework-2.js.map'), 'x'.repeat(5000));
    writeFileSync(path.join(dir, 'framework-2.js.gz'), 'x'.repeat(4000));
    writeFileSync(path.join(dir, 'index.html'), 'x'.repeat(9000));
    expect(largestScript(dir)).toBe('/framework-2.js');
  });

  it('says to build first when there is none', () => {
    expect(() => largestScript(dir)).toThrow(/holds no JavaScript: build the site first/);
  });
});

describe('the load report', () => {
  const figures = (requestsPerSecond: number, errors = 0): WrkResult => ({ requests: requestsPerSecond * 10, requestsPerSecond, p50Ms: 2.31, p99Ms: 14.2, non2xx: errors, socketErrors: 0 });
  const results: LoadResult[] = [
    { label: 'home page', path: '/', generated: figures(18_000), bare: figures(19_000), encodings: { generated: 'br', bare: 'identity' } },
    { label: 'largest script', path: '/framework-1.js', generated: figures(8_000, 2), bare: figures(10_000), encodings: { generated: 'br', bare: 'identity' } },
  ];

  it('prints both servers per file, with the ratio on the generated config', () => {
    const [header, home, homeBare, script] = loadTable(results).split('\n');
    expect(header).toMatch(/^file\s+server\s+encoding\s+req\/s\s+p50\s+p99\s+non-2xx\s+socket errors\s+ratio$/);
    expect(home).toMatch(/^home page\s+generated config\s+br\s+18000\s+2\.31 ms\s+14 ms\s+0\s+0\s+0\.95$/);
    expect(homeBare).toMatch(/^home page\s+bare \(root only\)\s+identity\s+19000\s+2\.31 ms\s+14 ms\s+0\s+0\s*$/);
    expect(script).toMatch(/\s0\.80$/);
  });

  it('states the goal: files at 0.9 of the bare server or better, and the errors through the config', () => {
    expect(loadGoalLine(results)).toMatch(/^Goal: the generated config at least 0\.9 of the bare server's requests per second on 1 of 2 files, 2 error\(s\) through it \(wrk: 10 s, 50 connections, 2 threads/);
  });
});

describe('bareSiteConfig', () => {
  it('is root and nothing else, on loopback', () => {
    expect(bareSiteConfig('/srv/site/public', 8080)).toBe('server {\n    listen 127.0.0.1:8080;\n    root /srv/site/public;\n}\n');
  });

  it('serves the precompressed copies when asked (the paint references, scripts/paintReferences.ts)', () => {
    expect(bareSiteConfig('/tmp/empty', 8080, true)).toBe(
      'server {\n    listen 127.0.0.1:8080;\n    root /tmp/empty;\n    brotli_static on;\n    gzip_static on;\n}\n',
    );
  });
});
