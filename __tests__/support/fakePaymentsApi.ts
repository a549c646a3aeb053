/**
 * A payments API for the tests that run real builds: a process of its own
 * (a build started with spawnSync blocks the test's own event loop, so a
 * server in it could not answer), on a free loopback port, answering every
 * call with the plans file as it is at that call. A test changes a price
 * by writing the file.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fixturePlans from '../../features/sandbox/plans.json';

export type FixturePlan = (typeof fixturePlans)[number];

export interface FakePaymentsApi {
  /** For GATSBY_PAYMENTS_API_URL. */
  url: string;
  /** What the API answers from the next call on. */
  answer: (plans: readonly FixturePlan[]) => void;
  stop: () => void;
}

const SERVER = `
const { createServer } = require('node:http');
const { readFileSync } = require('node:fs');
const server = createServer((request, response) => {
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(readFileSync(process.argv[1]));
});
server.listen(0, '127.0.0.1', () => console.log(server.address().port));
`;

/** Starts the API answering the sandbox's plans (features/sandbox/plans.json). */
export async function startFakePaymentsApi(): Promise<FakePaymentsApi> {
  const folder = mkdtempSync(path.join(tmpdir(), 'stockpay-payments-api-'));
  const plansFile = path.join(folder, 'plans.json');
  const answer = (plans: readonly FixturePlan[]) => writeFileSync(plansFile, JSON.stringify(plans));
  answer(fixturePlans);
  const child = spawn(process.execPath, ['-e', SERVER, plansFile], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<string>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`the fake payments API exited (${code})`)));
    child.stdout.once('data', (data: Buffer) => resolve(data.toString().trim()));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    answer,
    stop: () => {
      child.kill();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

export { fixturePlans };
