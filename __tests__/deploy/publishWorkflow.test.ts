/** The GitHub Actions workflow (deploy/github-actions/publish.yml) cannot run here: its steps, order and cache keys are held by reading it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { USAGE, parseArgs } from '../../scripts/publish';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: { push: { branches: string[] }; workflow_dispatch: { inputs: Record<string, { type: string }> } };
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: { publish: { steps: Step[]; env: Record<string, string> } };
}

const workflow = parse(readFileSync(path.join(__dirname, '..', '..', 'deploy', 'github-actions', 'publish.yml'), 'utf8')) as Workflow;
const steps = workflow.jobs.publish.steps;
const index = (match: (step: Step) => boolean) => {
  const found = steps.findIndex(match);
  if (found < 0) throw new Error('no such step');
  return found;
};
const running = (command: string) => index((step) => step.run?.trim() === command);

describe('the publish workflow', () => {
  it('runs on every push to main, one at a time in order, and by hand for a rollback', () => {
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(workflow.on.workflow_dispatch.inputs.rollback.type).toBe('boolean');
    expect(workflow.concurrency).toEqual({ group: 'publish', 'cancel-in-progress': false });
  });

  it('checks out the whole history, which publish compares with the last release', () => {
    expect(steps[0]).toMatchObject({ uses: 'actions/checkout@v4', with: { 'fetch-depth': 0 } });
  });

  it('restores .cache/, public/ and the releases keyed by the lockfile and the Gatsby config files, and saves them after publishing', () => {
    const restore = index((step) => step.uses === 'actions/cache/restore@v4');
    const save = index((step) => step.uses === 'actions/cache/save@v4');
    for (const at of [restore, save]) {
      const options = steps[at].with as { path: string; key: string };
      expect(options.path.trim().split('\n')).toEqual(['.cache', 'public', 'site']);
      for (const file of ['package-lock.json', 'gatsby-config.ts', 'gatsby-node.ts', 'gatsby-browser.tsx', 'gatsby-ssr.tsx', 'gatsby/**']) expect(options.key).toContain(`'${file}'`);
    }
    const restoreOptions = steps[restore].with as { key: string; 'restore-keys': string };
    expect(restoreOptions.key.startsWith(restoreOptions['restore-keys'].trim())).toBe(true);
    expect(restore).toBeLessThan(running('npm run publish -- --target site'));
    expect(save).toBeGreaterThan(running('npm run publish -- --target site'));
  });

  it('installs, runs the unit tests, then builds through the publish command, then uploads the live release with its _headers', () => {
    const install = running('npm install --no-audit --no-fund');
    const unit = running('npm run test:unit');
    const publish = running('npm run publish -- --target site');
    const upload = index((step) => /netlify-cli@\d+ deploy --prod --dir "\$\(readlink -f site\/current\)"/.test(step.run ?? ''));
    expect([install < unit, unit < publish, publish < upload]).toEqual([true, true, true]);
    expect(steps[running('npm run publish -- --target site --rollback')].if).toContain('inputs.rollback');
  });

  it('gives the build every production setting the site needs', () => {
    for (const name of ['GATSBY_SITE_URL', 'GATSBY_APP_URL', 'GATSBY_PAYMENTS_API_URL', 'GATSBY_PAYMENTS_API_KEY', 'GATSBY_API_URL', 'GATSBY_API_KEY', 'GATSBY_CONTACT_EMAIL', 'CMS_BACKEND']) {
      expect(workflow.jobs.publish.env[name]).toMatch(/^\$\{\{ (vars|secrets)\.[A-Z_]+ \}\}$/);
    }
  });
});

describe('the publish command\'s arguments', () => {
  it('takes --target DIR and --rollback, and nginx\'s listen addresses by default', () => {
    expect(parseArgs(['--target', 'site'])).toEqual({ target: path.resolve('site'), rollback: false, nginx: { listen: ['80', '[::]:80'], serverName: undefined, includes: [] } });
    expect(parseArgs(['--target=/srv/site', '--rollback', '--reload', 'systemctl reload nginx'])).toMatchObject({ target: '/srv/site', rollback: true, reload: 'systemctl reload nginx' });
  });

  it('passes the nginx config\'s listen, server name and includes', () => {
    expect(parseArgs(['--target', '/srv/site', '--listen', '443 ssl', '--listen', '[::]:443 ssl', '--server-name', 'www.example.bg', '--include', '/etc/nginx/snippets/tls.conf'])).toMatchObject({
      nginx: { listen: ['443 ssl', '[::]:443 ssl'], serverName: 'www.example.bg', includes: ['/etc/nginx/snippets/tls.conf'] },
    });
  });

  it('says what is wrong otherwise', () => {
    expect(parseArgs([])).toEqual({ error: `Name the folder to publish into.\n${USAGE}` });
    expect(parseArgs(['--target'])).toMatchObject({ error: expect.stringContaining("Option '--target <value>' argument missing") });
    expect(parseArgs(['--target', 'site', '--force'])).toMatchObject({ error: expect.stringContaining("Unknown option '--force'") });
  });
});
