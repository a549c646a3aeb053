/**
 * Reading the GitHub Actions workflows of deploy/github-actions/, which
 * cannot run here: their jobs and steps, which of them run the project's
 * code, and which secrets each is given.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { CONFIG_VARIABLE_NAMES, CONFIG_VARIABLES } from '../../features/site/settings';

export interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  if?: string;
  env?: Record<string, string>;
  with?: Record<string, unknown>;
}
export interface Job {
  if?: string;
  needs?: string | string[];
  environment?: string;
  permissions?: Record<string, string>;
  env?: Record<string, string>;
  steps: Step[];
}
export interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  concurrency: { group: string; 'cancel-in-progress': boolean };
  env?: Record<string, string>;
  jobs: Record<string, Job>;
}

const DEPLOY = path.join(__dirname, '..', '..', 'deploy', 'github-actions');

/** A workflow of deploy/github-actions/ ('preview.yml'): its text and what it says. */
export function readWorkflow(file: string): { text: string; workflow: Workflow } {
  const text = readFileSync(path.join(DEPLOY, file), 'utf8');
  return { text, workflow: parse(text) as Workflow };
}

/** Every step of every job, with its job's name. */
export const allSteps = (workflow: Workflow): { job: string; step: Step }[] => Object.entries(workflow.jobs).flatMap(([job, { steps }]) => steps.map((step) => ({ job, step })));

/**
 * Whether a step runs code of the project or of its dependencies (npm ci,
 * npm run, node, npx of anything but the pinned netlify-cli, yarn, pnpm,
 * tsx, gatsby), or checks the project out, which puts its code where any
 * later step of the job may run it.
 */
export function runsProjectCode(step: Step): boolean {
  if ((step.uses ?? '').startsWith('actions/checkout@')) return true;
  const run = (step.run ?? '').replace(/npx --yes netlify-cli@\d+\.\d+\.\d+/g, '');
  return /\b(npm|npx|node|yarn|pnpm|tsx|gatsby)\b/.test(run);
}

/** The jobs with a step that runs the project's code (runsProjectCode). */
export const projectJobs = (workflow: Workflow): string[] => Object.keys(workflow.jobs).filter((job) => workflow.jobs[job].steps.some(runsProjectCode));

/** The API keys the build writes into every page: public by design, kept out of logs only. */
export const PUBLIC_KEYS: readonly string[] = CONFIG_VARIABLE_NAMES.filter((name) => CONFIG_VARIABLES[name].kind === 'key');

/**
 * The secrets a set of values hands over (an env block, a step's `with`):
 * `secrets.X` but the public keys, and the job's own token (`github.token`,
 * `secrets.GITHUB_TOKEN`), each as written.
 */
export function secretsIn(values: Record<string, unknown> | undefined): string[] {
  return Object.values(values ?? {}).flatMap((value) =>
    [...String(value).matchAll(/\$\{\{\s*(secrets\.\w+|github\.token)\s*\}\}/g)].map((match) => match[1]).filter((found) => !PUBLIC_KEYS.includes(found.replace(/^secrets\./, ''))),
  );
}
