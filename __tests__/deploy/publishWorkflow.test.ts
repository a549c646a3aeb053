/** The GitHub Actions workflow (deploy/github-actions/publish.yml) cannot run here: its steps, order, cache keys and secrets are held by reading it. */
import path from 'node:path';
import { USAGE, parseArgs } from '../../features/hosting/releases.node';
import { CONFIG_VARIABLES, CONFIG_VARIABLE_NAMES, type ConfigVariable } from '../../features/site/settings';
import { PUBLIC_KEYS, allSteps, projectJobs, readWorkflow, runsProjectCode, secretsIn, type Step } from '../support/workflows';

const { text, workflow } = readWorkflow('publish.yml');
const steps = workflow.jobs.publish.steps;
const upload = workflow.jobs.upload;
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
    const on = workflow.on as { push: { branches: string[] }; workflow_dispatch: { inputs: Record<string, { type: string }> } };
    expect(on.push.branches).toEqual(['main']);
    expect(on.workflow_dispatch.inputs.rollback.type).toBe('boolean');
    expect(workflow.concurrency).toEqual({ group: 'publish', 'cancel-in-progress': false });
  });

  it('publishes again every day, so the pricing pages carry prices at most a day old, without running the unit tests again', () => {
    const on = workflow.on as { schedule: { cron: string }[] };
    expect(on.schedule).toEqual([{ cron: '17 5 * * *' }]);
    const tests = workflow.jobs.publish.steps.find((step) => step.run === 'npm run test:unit');
    expect(tests?.if).toBe("${{ !inputs.rollback && github.event_name != 'schedule' }}");
    const build = workflow.jobs.publish.steps.find((step) => (step.run ?? '').startsWith('npm run publish -- --target site') && !(step.run ?? '').includes('--rollback'));
    expect(build?.if).toBe('${{ !inputs.rollback }}');
  });

  it('publishes from main only: a run started by hand on another branch does nothing, and the deploy secrets belong to an environment', () => {
    expect(Object.keys(workflow.jobs)).toEqual(['publish', 'upload']);
    expect([workflow.jobs.publish.if, upload.if]).toEqual(["github.ref == 'refs/heads/main'", "github.ref == 'refs/heads/main'"]);
    expect(upload.needs).toBe('publish');
    expect([workflow.jobs.publish.environment, upload.environment]).toEqual([undefined, 'production']);
  });

  it('gives its tokens read access to the repository where it builds, and nothing else', () => {
    expect(workflow.permissions).toEqual({});
    expect(text.indexOf('permissions:')).toBeLessThan(text.indexOf('jobs:'));
    expect([workflow.jobs.publish.permissions, upload.permissions]).toEqual([{ contents: 'read' }, {}]);
  });

  it('runs the code of the project and its dependencies in one job, which holds no secret and hands over the live release as files', () => {
    expect(projectJobs(workflow)).toEqual(['publish']);
    // Install scripts, the tests and the build can rewrite $GITHUB_ENV, $GITHUB_PATH and the runner for every
    // later step of their job, so no step of it may hold a secret, before or after them.
    expect(steps.flatMap((step) => [...secretsIn(step.env), ...secretsIn(step.with)])).toEqual([]);
    const live = steps.find((step) => step.id === 'live');
    expect(live?.run).toBe('echo "folder=$(readlink -f site/current)" >> "$GITHUB_OUTPUT"');
    const handOver = steps.at(-1) as Step;
    expect(handOver.uses).toMatch(/^actions\/upload-artifact@/);
    expect(handOver.with).toMatchObject({ name: 'live-release', path: '${{ steps.live.outputs.folder }}', 'include-hidden-files': false });
    expect(steps.indexOf(handOver)).toBeGreaterThan(running('npm run publish -- --target site --rollback'));
    const take = upload.steps.find((step) => (step.uses ?? '').startsWith('actions/download-artifact@'));
    expect(take?.with).toEqual({ name: 'live-release', path: 'live' });
  });

  it('gives no secret to a whole job, only to the step that uses it, and none to a step that runs project code', () => {
    for (const env of [workflow.env, ...Object.values(workflow.jobs).map((job) => job.env)]) expect(JSON.stringify(env ?? {})).not.toMatch(/secrets\.|github\.token/);
    const holding = allSteps(workflow).flatMap(({ job, step }) => (secretsIn(step.env).length > 0 ? [[job, step.name, secretsIn(step.env).sort()]] : []));
    expect(holding).toEqual([
      ['upload', 'Upload the live release to Netlify (atomic; it applies _headers and _redirects)', ['secrets.NETLIFY_AUTH_TOKEN', 'secrets.NETLIFY_SITE_ID']],
    ]);
    for (const { step } of allSteps(workflow).filter(({ step }) => runsProjectCode(step)))
      expect([step.name, secretsIn(step.env), secretsIn(step.with)]).toEqual([step.name, [], []]);
    // The public API keys go to the build alone, which writes them into the pages.
    const withKeys = steps.filter((step) => PUBLIC_KEYS.some((key) => step.env?.[key] !== undefined)).map((step) => step.run?.trim());
    expect(withKeys).toEqual(['npm run publish -- --target site']);
  });

  it('pins every action to a full commit, with the release it is in a comment', () => {
    const uses = [...text.matchAll(/^\s*(?:-\s*)?uses:\s*(.*)$/gm)].map((match) => match[1].trim());
    expect(uses.length).toBe(allSteps(workflow).filter(({ step }) => step.uses).length);
    for (const line of uses) expect(line).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    // The same action at the same commit everywhere.
    const pins = new Map<string, Set<string>>();
    for (const use of allSteps(workflow).flatMap(({ step }) => (step.uses ? [step.uses] : []))) {
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
    const netlify = upload.steps.filter((step) => /netlify-cli@/.test(step.run ?? ''));
    expect(netlify.map((step) => step.run?.trim())).toEqual(['npx --yes netlify-cli@17.38.1 deploy --prod --dir live --message "$GITHUB_SHA"']);
    expect(upload.steps.indexOf(netlify[0])).toBe(upload.steps.length - 1);
    expect([install < unit, unit < publish]).toEqual([true, true]);
    expect(steps[running('npm run publish -- --target site --rollback')].if).toContain('inputs.rollback');
    expect(text).not.toMatch(/npm install/);
  });

  it('gives the build every setting the site reads (features/site/settings.ts), keys as secrets, and the CMS backend', () => {
    const build = steps[running('npm run publish -- --target site')];
    const env: Record<string, string | undefined> = { ...workflow.jobs.publish.env, ...build.env };
    for (const name of [...CONFIG_VARIABLE_NAMES, 'CMS_BACKEND']) {
      const source = CONFIG_VARIABLE_NAMES.includes(name as ConfigVariable) && CONFIG_VARIABLES[name as ConfigVariable].kind === 'key' ? 'secrets' : 'vars';
      expect([name, env[name]]).toEqual([name, `\${{ ${source}.${name} }}`]);
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

  it("passes the nginx config's listen, server name, includes and access log", () => {
    expect(
      parseArgs([
        '--target',
        '/srv/site',
        '--listen',
        '443 ssl',
        '--listen',
        '[::]:443 ssl',
        '--server-name',
        'www.example.bg',
        '--include',
        '/etc/nginx/snippets/tls.conf',
        '--access-log',
        '/var/log/nginx/stockpay.log',
      ]),
    ).toMatchObject({
      nginx: { listen: ['443 ssl', '[::]:443 ssl'], serverName: 'www.example.bg', includes: ['/etc/nginx/snippets/tls.conf'], accessLog: '/var/log/nginx/stockpay.log' },
    });
  });

  it('says what is wrong otherwise', () => {
    expect(parseArgs([])).toEqual({ error: `Name the folder to publish into.\n${USAGE}` });
    expect(parseArgs(['--target'])).toMatchObject({ error: expect.stringContaining("Option '--target <value>' argument missing") });
    expect(parseArgs(['--target', 'site', '--force'])).toMatchObject({ error: expect.stringContaining("Unknown option '--force'") });
  });
});
