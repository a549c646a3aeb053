/** The GitHub Actions workflow (deploy/github-actions/publish.yml) cannot run here: its steps, order and cache keys are held by reading it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { USAGE, parseArgs } from '../../scripts/publish';
import { CONFIG_VARIABLES, CONFIG_VARIABLE_NAMES, type ConfigVariable } from '../../src/lib/config';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: { push: { branches: string[] }; workflow_dispatch: { inputs: Record<string, { type: string }> } };
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: { publish: { if?: string; environment?: string; steps: Step[]; env: Record<string, string> } };
}

const text = readFileSync(path.join(__dirname, '..', '..', 'deploy', 'github-actions', 'publish.yml'), 'utf8');
const workflow = parse(text) as Workflow;
const steps = workflow.jobs.publish.steps;
const index = (match: (step: Step) => boolean) => {
  const found = steps.findIndex(match);
  if (found < 0) throw new Error('no such step');
  return found;
};
const running = (command: string) => index((step) => step.run?.trim() === command);
const CONFIG_FILES = ['package-lock.json', 'gatsby-config.ts', 'gatsby-node.ts', 'gatsby-browser.tsx', 'gatsby-ssr.tsx', 'gatsby/**'];
/** A cache step's options, by its action and what it holds. */
const cacheStep = (action: 'restore' | 'save', holds: string) =>
  steps[index((step) => (step.uses ?? '').startsWith(`actions/cache/${action}@`) && (step.with as { path: string }).path.trim() === holds)] as Step & {
    with: { path: string; key: string; 'restore-keys'?: string };
  };

describe('the publish workflow', () => {
  it('runs on every push to main, one at a time in order, and by hand for a rollback', () => {
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(workflow.on.workflow_dispatch.inputs.rollback.type).toBe('boolean');
    expect(workflow.concurrency).toEqual({ group: 'publish', 'cancel-in-progress': false });
  });

  it('publishes from main only: a run started by hand on another branch does nothing, and the deploy secrets belong to an environment', () => {
    expect(workflow.jobs.publish.if).toBe("github.ref == 'refs/heads/main'");
    expect(workflow.jobs.publish.environment).toBe('production');
  });

  it('gives its token read access to the repository and nothing else', () => {
    expect(workflow.permissions).toEqual({ contents: 'read' });
    expect(text.indexOf('permissions:')).toBeLessThan(text.indexOf('jobs:'));
  });

  it('pins every action to a full commit, with the release it is in a comment', () => {
    const uses = [...text.matchAll(/^\s*(?:-\s*)?uses:\s*(.*)$/gm)].map((match) => match[1].trim());
    expect(uses.length).toBe(steps.filter((step) => step.uses).length);
    for (const line of uses) expect(line).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    // The same action at the same commit everywhere.
    const pins = new Map<string, Set<string>>();
    for (const use of steps.flatMap((step) => (step.uses ? [step.uses] : []))) {
      const [action, commit] = use.split('@');
      const repository = action.split('/').slice(0, 2).join('/');
      pins.set(repository, (pins.get(repository) ?? new Set()).add(commit));
    }
    for (const commits of pins.values()) expect(commits.size).toBe(1);
  });

  it('checks out the whole history, which publish compares with the last release, and leaves no token in .git/config', () => {
    expect(steps[0]).toMatchObject({ uses: expect.stringMatching(/^actions\/checkout@[0-9a-f]{40}$/), with: { 'fetch-depth': 0, 'persist-credentials': false } });
  });

  it('restores .cache/ and public/ keyed by the lockfile and the Gatsby config files, and saves them after publishing', () => {
    const restore = cacheStep('restore', '.cache\npublic');
    const save = cacheStep('save', '.cache\npublic');
    for (const options of [restore.with, save.with]) {
      for (const file of CONFIG_FILES) expect(options.key).toContain(`'${file}'`);
      expect(options.key).not.toContain('site');
    }
    expect(restore.with.key.startsWith((restore.with['restore-keys'] ?? '').trim())).toBe(true);
    expect(steps.indexOf(restore)).toBeLessThan(running('npm run publish -- --target site'));
    expect(steps.indexOf(save)).toBeGreaterThan(running('npm run publish -- --target site'));
  });

  it('keeps the releases in an entry of their own, whose key no lockfile or config change alters, saved after a rollback too', () => {
    const restore = cacheStep('restore', 'site');
    const save = cacheStep('save', 'site');
    expect(restore.with.key).toBe('releases-${{ runner.os }}-${{ github.run_id }}-${{ github.run_attempt }}');
    expect(save.with.key).toBe(restore.with.key);
    // A new run's key is never there yet: the newest saved releases come back through the prefix.
    expect((restore.with['restore-keys'] ?? '').trim()).toBe('releases-${{ runner.os }}-');
    for (const key of [restore.with.key, restore.with['restore-keys'] ?? '']) expect(key).not.toMatch(/hashFiles|github\.sha/);
    expect(save.if).toBeUndefined();
    expect(steps.indexOf(restore)).toBeLessThan(running('npm run publish -- --target site --rollback'));
    expect(steps.indexOf(save)).toBeGreaterThan(running('npm run publish -- --target site --rollback'));
  });

  it('installs the lockfile exactly, runs the unit tests, then builds through the publish command, then uploads the live release with one exact netlify-cli', () => {
    const install = running('npm ci --no-audit --no-fund');
    const unit = running('npm run test:unit');
    const publish = running('npm run publish -- --target site');
    const upload = index((step) => /netlify-cli@/.test(step.run ?? ''));
    expect(steps[upload].run?.trim()).toBe('npx --yes netlify-cli@17.38.1 deploy --prod --dir "$(readlink -f site/current)" --message "$GITHUB_SHA"');
    expect([install < unit, unit < publish, publish < upload]).toEqual([true, true, true]);
    expect(steps[running('npm run publish -- --target site --rollback')].if).toContain('inputs.rollback');
    expect(text).not.toMatch(/npm install/);
  });

  it('gives the build every setting the site reads (src/lib/config.ts), keys as secrets, and the CMS backend', () => {
    for (const name of [...CONFIG_VARIABLE_NAMES, 'CMS_BACKEND']) {
      const source = CONFIG_VARIABLE_NAMES.includes(name as ConfigVariable) && CONFIG_VARIABLES[name as ConfigVariable].kind === 'key' ? 'secrets' : 'vars';
      expect(workflow.jobs.publish.env[name]).toBe(`\${{ ${source}.${name} }}`);
    }
  });
});

describe("the publish command's arguments", () => {
  it("takes --target DIR and --rollback, and nginx's listen addresses by default", () => {
    expect(parseArgs(['--target', 'site'])).toEqual({ target: path.resolve('site'), rollback: false, nginx: { listen: ['80', '[::]:80'], serverName: undefined, includes: [] } });
    expect(parseArgs(['--target=/srv/site', '--rollback', '--reload', 'systemctl reload nginx'])).toMatchObject({
      target: '/srv/site',
      rollback: true,
      reload: 'systemctl reload nginx',
    });
  });

  it("passes the nginx config's listen, server name and includes", () => {
    expect(
      parseArgs(['--target', '/srv/site', '--listen', '443 ssl', '--listen', '[::]:443 ssl', '--server-name', 'www.example.bg', '--include', '/etc/nginx/snippets/tls.conf']),
    ).toMatchObject({
      nginx: { listen: ['443 ssl', '[::]:443 ssl'], serverName: 'www.example.bg', includes: ['/etc/nginx/snippets/tls.conf'] },
    });
  });

  it('says what is wrong otherwise', () => {
    expect(parseArgs([])).toEqual({ error: `Name the folder to publish into.\n${USAGE}` });
    expect(parseArgs(['--target'])).toMatchObject({ error: expect.stringContaining("Option '--target <value>' argument missing") });
    expect(parseArgs(['--target', 'site', '--force'])).toMatchObject({ error: expect.stringContaining("Unknown option '--force'") });
  });
});
