/** The CMS pull requests' deploy preview workflow (deploy/github-actions/preview.yml) cannot run here: its trigger, pins, permissions and status are held by reading it. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { DEPLOY_PREVIEW_CONTEXT } from '../../src/lib/cmsConfig';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
interface Job {
  if?: string;
  environment?: string;
  permissions?: unknown;
  env: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, { types?: string[] } | null>;
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  jobs: Record<string, Job>;
}

const DEPLOY = path.join(__dirname, '..', '..', 'deploy', 'github-actions');
const text = readFileSync(path.join(DEPLOY, 'preview.yml'), 'utf8');
const workflow = parse(text) as Workflow;
const job = workflow.jobs.preview;
const steps = job.steps;
const publish = parse(readFileSync(path.join(DEPLOY, 'publish.yml'), 'utf8')) as Workflow;
const runs = steps.flatMap((step) => (step.run ? [step.run] : [])).join('\n');

describe('the deploy preview workflow', () => {
  it('runs for pull requests only (never pull_request_target, which would hand secrets to the branch), one at a time per pull request', () => {
    expect(Object.keys(workflow.on)).toEqual(['pull_request']);
    expect(workflow.on.pull_request?.types).toEqual(['opened', 'synchronize', 'reopened']);
    expect(workflow.concurrency).toEqual({ group: 'preview-${{ github.event.pull_request.number }}', 'cancel-in-progress': true });
    expect(Object.keys(workflow.jobs)).toEqual(['preview']);
  });

  it("builds only the CMS's branches of this repository, with the deploy secrets of an environment of their own", () => {
    expect(job.if).toBe("startsWith(github.head_ref, 'cms/') && github.event.pull_request.head.repo.full_name == github.repository");
    expect(job.environment).toBe('deploy-preview');
    expect(job.environment).not.toBe(publish.jobs.publish.environment);
  });

  it('gives its token read access to the code and write access to commit statuses, nothing else', () => {
    expect(workflow.permissions).toEqual({ contents: 'read', statuses: 'write' });
    expect(job.permissions).toBeUndefined();
  });

  it('pins every action to a full commit, the same ones publish.yml pins, and netlify-cli to one exact version', () => {
    const uses = [...text.matchAll(/^\s*(?:-\s*)?uses:\s*(.*)$/gm)].map((match) => match[1].trim());
    expect(uses.length).toBe(steps.filter((step) => step.uses).length);
    for (const line of uses) expect(line).toMatch(/^[\w.-]+\/[\w./-]+@[0-9a-f]{40} # v\d+\.\d+\.\d+$/);
    const publishPins = new Set(publish.jobs.publish.steps.flatMap((step) => (step.uses ? [step.uses] : [])));
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
    const keys = cacheSteps.flatMap((step) => [String(step.with?.key ?? ''), ...String(step.with?.['restore-keys'] ?? '').split('\n')]).filter((key) => key.trim());
    for (const key of keys) expect(key.trim()).toMatch(/^preview-gatsby-/);
    const publishKeys = publish.jobs.publish.steps.flatMap((step) => (step.with?.key ? [String(step.with.key), ...String(step.with['restore-keys'] ?? '').split('\n')] : []));
    for (const key of publishKeys.filter((entry) => entry.trim())) expect(key.trim()).not.toMatch(/^preview-/);
  });

  it('checks out the pull request commit without leaving a token in .git/config', () => {
    const checkout = steps.find((step) => (step.uses ?? '').startsWith('actions/checkout@'));
    expect(checkout?.with).toEqual({ ref: '${{ github.event.pull_request.head.sha }}', 'persist-credentials': false });
  });

  it("posts the status Decap reads: the context of the CMS config, on the pull request's commit, pending, then the address or the failure", () => {
    expect(job.env.STATUS_CONTEXT).toBe(DEPLOY_PREVIEW_CONTEXT);
    expect(job.env.HEAD_SHA).toBe('${{ github.event.pull_request.head.sha }}');
    expect(job.env.STATUSES_URL).toBe('${{ github.api_url }}/repos/${{ github.repository }}/statuses/${{ github.event.pull_request.head.sha }}');
    const posts = steps.filter((step) => step.run?.includes('gh api --method POST "$STATUSES_URL"'));
    expect(posts.map((step) => /state=(\w+)/.exec(step.run ?? '')?.[1])).toEqual(['pending', 'success', 'failure']);
    expect(posts[1].run).toContain('target_url="$url"');
    expect(posts[2].if).toBe('${{ failure() }}');
    expect(steps.indexOf(posts[0])).toBe(0);
  });

  it('builds as production does and writes no event text into a script (branch names and titles reach run steps through env only)', () => {
    expect(steps.some((step) => step.run?.trim() === 'npm run build')).toBe(true);
    expect(runs).not.toMatch(/\$\{\{\s*github\.(head_ref|event\.pull_request\.(title|body|head\.ref))/);
    expect(Object.keys(job.env)).toEqual(expect.arrayContaining(Object.keys(publish.jobs.publish.env)));
  });
});
