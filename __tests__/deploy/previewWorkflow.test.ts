/** The CMS pull requests' deploy preview workflow (deploy/github-actions/preview.yml) cannot run here: its trigger, pins, permissions, secrets and status are held by reading it. */
import { DEPLOY_PREVIEW_CONTEXT } from '../../features/cms/decapConfig';
import { PUBLIC_KEYS, allSteps, projectJobs, readWorkflow, runsProjectCode, secretsIn, type Step } from '../support/workflows';

const { text, workflow } = readWorkflow('preview.yml');
const { jobs } = workflow;
const steps = allSteps(workflow).map(({ step }) => step);
const { workflow: publish } = readWorkflow('publish.yml');
const runs = steps.flatMap((step) => (step.run ? [step.run] : [])).join('\n');
const CMS_BRANCHES = "startsWith(github.head_ref, 'cms/') && github.event.pull_request.head.repo.full_name == github.repository";

describe('the deploy preview workflow', () => {
  it('runs for pull requests only (never pull_request_target, which would hand secrets to the branch), one at a time per pull request', () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
    expect((workflow.on.pull_request as { types?: string[] }).types).toEqual(['opened', 'synchronize', 'reopened']);
    expect(workflow.concurrency).toEqual({ group: 'preview-${{ github.event.pull_request.number }}', 'cancel-in-progress': true });
    expect(Object.keys(jobs)).toEqual(['pending', 'build', 'deploy', 'failed']);
  });

  it("builds only the CMS's branches of this repository, and deploys what that build made, with the deploy secrets of an environment of their own", () => {
    expect([jobs.pending.if, jobs.build.if]).toEqual([CMS_BRANCHES, CMS_BRANCHES]);
    // A job whose needs were skipped is skipped, so deploy and failed run for those branches only.
    expect(jobs.deploy.needs).toBe('build');
    expect([jobs.failed.needs, jobs.failed.if]).toEqual([['pending', 'build', 'deploy'], '${{ failure() }}']);
    expect(jobs.deploy.environment).toBe('deploy-preview');
    expect(jobs.deploy.environment).not.toBe(publish.jobs.upload.environment);
    expect(
      Object.entries(jobs)
        .filter(([, job]) => job.environment !== undefined)
        .map(([name]) => name),
    ).toEqual(['deploy']);
  });

  it('gives each job the least its token needs: nothing by default, reading the code to build, writing commit statuses to report', () => {
    expect(workflow.permissions).toEqual({});
    expect(Object.fromEntries(Object.entries(jobs).map(([name, job]) => [name, job.permissions]))).toEqual({
      pending: { statuses: 'write' },
      build: { contents: 'read' },
      deploy: { statuses: 'write' },
      failed: { statuses: 'write' },
    });
  });

  it("runs the pull request's code in one job, which holds no token but its read-only one and hands over files only", () => {
    expect(projectJobs(workflow)).toEqual(['build']);
    const build = jobs.build.steps;
    // Install scripts and the build can rewrite $GITHUB_ENV, $GITHUB_PATH and the runner for every later
    // step of their job, so no step of it may hold a secret, before or after them.
    expect(build.flatMap((step) => [...secretsIn(step.env), ...secretsIn(step.with)])).toEqual([]);
    expect(build.find((step) => step.run?.trim() === 'npm run build')?.env).toEqual(Object.fromEntries(PUBLIC_KEYS.map((key) => [key, `\${{ secrets.${key} }}`])));
    const handOver = build.at(-1) as Step;
    expect(handOver.uses).toMatch(/^actions\/upload-artifact@/);
    expect(handOver.with).toMatchObject({ name: 'public', path: 'public', 'include-hidden-files': false });
    const take = jobs.deploy.steps.find((step) => (step.uses ?? '').startsWith('actions/download-artifact@'));
    expect(take?.with).toEqual({ name: 'public', path: 'public' });
  });

  it('gives no secret to a whole job, only to the steps that use it, and none to a step that runs project code', () => {
    for (const env of [workflow.env, ...Object.values(jobs).map((job) => job.env)]) expect(JSON.stringify(env ?? {})).not.toMatch(/secrets\.|github\.token/);
    const holding = allSteps(workflow).flatMap(({ job, step }) => (secretsIn(step.env).length > 0 ? [[job, step.name, secretsIn(step.env).sort()]] : []));
    expect(holding).toEqual([
      ['pending', 'Say the preview is on its way', ['github.token']],
      ['deploy', 'Deploy a draft to Netlify (never --prod)', ['secrets.NETLIFY_AUTH_TOKEN', 'secrets.NETLIFY_SITE_ID']],
      ['deploy', 'Post its address for the CMS', ['github.token']],
      ['failed', 'Say the preview failed', ['github.token']],
    ]);
    for (const step of steps.filter(runsProjectCode)) expect([step.name, secretsIn(step.env), secretsIn(step.with)]).toEqual([step.name, [], []]);
    for (const step of steps.filter((candidate) => secretsIn(candidate.env).length > 0)) expect([step.name, runsProjectCode(step)]).toEqual([step.name, false]);
  });

  it('pins every action to a full commit, the same ones publish.yml pins, and netlify-cli to one exact version', () => {
    const uses = [...text.matchAll(/^\s*(?:-\s*)?uses:\s*(.*)$/gm)].map((match) => match[1].trim());
    expect(uses.length).toBe(steps.filter((step) => step.uses).length);
    for (const line of uses) expect(line).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    const publishPins = new Set(allSteps(publish).flatMap(({ step }) => (step.uses ? [step.uses] : [])));
    for (const use of steps.flatMap((step) => (step.uses ? [step.uses] : []))) expect(publishPins).toContain(use);
    const clis = [...runs.matchAll(/netlify-cli@(\S+)/g)].map((match) => match[1]);
    expect(clis).toEqual(['17.38.1']);
    expect(runs).toMatch(/npx --yes netlify-cli@17\.38\.1 deploy /);
  });

  it('never deploys to production: no --prod anywhere, a draft under an alias of the pull request', () => {
    // Every command it runs; the comments may name the flag they do not use.
    expect(runs).not.toMatch(/--prod\b|--production\b/);
    expect(JSON.stringify(steps.map((step) => step.with ?? {}))).not.toMatch(/prod/i);
    expect(runs).toContain('deploy --dir public --alias "cms-pr-$PULL_REQUEST"');
  });

  it("caches under keys of its own, which publish.yml's never match", () => {
    const cacheSteps = steps.filter((step) => (step.uses ?? '').startsWith('actions/cache/'));
    expect(cacheSteps.length).toBe(2);
    expect(jobs.build.steps.filter((step) => cacheSteps.includes(step)).length).toBe(2);
    const keys = cacheSteps.flatMap((step) => [String(step.with?.key ?? ''), ...String(step.with?.['restore-keys'] ?? '').split('\n')]).filter((key) => key.trim());
    for (const key of keys) expect(key.trim()).toMatch(/^preview-gatsby-/);
    const publishKeys = allSteps(publish).flatMap(({ step }) => (step.with?.key ? [String(step.with.key), ...String(step.with['restore-keys'] ?? '').split('\n')] : []));
    for (const key of publishKeys.filter((entry) => entry.trim())) expect(key.trim()).not.toMatch(/^preview-/);
  });

  it('checks out the pull request commit, in the build job only, without leaving a token in .git/config', () => {
    const checkouts = allSteps(workflow).filter(({ step }) => (step.uses ?? '').startsWith('actions/checkout@'));
    expect(checkouts.map(({ job }) => job)).toEqual(['build']);
    expect(checkouts[0].step.with).toEqual({ ref: '${{ github.event.pull_request.head.sha }}', 'persist-credentials': false });
  });

  it("posts the status Decap reads: the context of the CMS config, on the pull request's commit, pending, then the address or the failure", () => {
    expect(workflow.env?.STATUS_CONTEXT).toBe(DEPLOY_PREVIEW_CONTEXT);
    expect(workflow.env?.HEAD_SHA).toBe('${{ github.event.pull_request.head.sha }}');
    expect(workflow.env?.STATUSES_URL).toBe('${{ github.api_url }}/repos/${{ github.repository }}/statuses/${{ github.event.pull_request.head.sha }}');
    const posts = allSteps(workflow).filter(({ step }) => step.run?.includes('gh api --method POST "$STATUSES_URL"'));
    expect(posts.map(({ job, step }) => [job, /state=(\w+)/.exec(step.run ?? '')?.[1]])).toEqual([
      ['pending', 'pending'],
      ['deploy', 'success'],
      ['failed', 'failure'],
    ]);
    expect(posts[1].step.run).toContain('target_url="$PREVIEW_URL"');
    expect(posts[1].step.env?.PREVIEW_URL).toBe('${{ steps.netlify.outputs.url }}');
    expect(jobs.deploy.steps.find((step) => step.id === 'netlify')?.run).toContain('echo "url=$url" >> "$GITHUB_OUTPUT"');
  });

  it('builds as production does and writes no event text into a script (branch names and titles reach run steps through env only)', () => {
    expect(jobs.build.steps.some((step) => step.run?.trim() === 'npm run build')).toBe(true);
    expect(runs).not.toMatch(/\$\{\{\s*github\.(head_ref|event\.pull_request\.(title|body|head\.ref))/);
    const buildEnv = (job: { env?: Record<string, string>; steps: Step[] }, command: string) => ({ ...job.env, ...job.steps.find((step) => step.run?.trim() === command)?.env });
    expect(buildEnv(jobs.build, 'npm run build')).toEqual(buildEnv(publish.jobs.publish, 'npm run publish -- --target site'));
  });
});
