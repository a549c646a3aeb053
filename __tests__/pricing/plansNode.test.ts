/** @jest-environment node */
/**
 * The build's plans as a Gatsby node, and what the build says when it has
 * none: a production build fails naming the variable, a local one goes on
 * saying so, and either names what it left out of an answer.
 */
import type { SourceNodesArgs } from 'gatsby';
import fixture from '../../features/sandbox/plans.json';
import { PRICING_PLANS_TYPE, sourcePricingPlans } from '../../features/pricing/plansNode.node';
import { listen, type RunningServer } from '../../system/listen';

let api: RunningServer;
let answer: unknown = fixture;
beforeAll(async () => {
  api = await listen((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(JSON.stringify(answer));
  }, 0);
});
afterAll(() => api.close());
beforeEach(() => {
  answer = fixture;
});

function gatsbyArgs() {
  const activity = { start: jest.fn(), end: jest.fn(), setStatus: jest.fn() };
  const reporter = { activityTimer: jest.fn(() => activity), warn: jest.fn(), panicOnBuild: jest.fn(), panic: jest.fn() };
  const actions = { createNode: jest.fn() };
  const args = {
    actions: actions as unknown as SourceNodesArgs['actions'],
    createNodeId: ((id: string) => `id:${id}`) as SourceNodesArgs['createNodeId'],
    createContentDigest: ((value: unknown) => `digest:${JSON.stringify(value).length}`) as SourceNodesArgs['createContentDigest'],
    reporter: reporter as unknown as SourceNodesArgs['reporter'],
  };
  return { args, reporter, actions, activity };
}

const options = (production: boolean) => ({ apiKey: 'key', production, sleep: async () => undefined, now: () => new Date('2026-11-29T06:00:00.000Z') });

describe('the plans node', () => {
  it('holds the plans and their date, and the build says how many it fetched', async () => {
    const { args, reporter, actions, activity } = gatsbyArgs();
    await sourcePricingPlans(args, { apiUrl: api.url, ...options(true) });
    const [node] = actions.createNode.mock.calls[0] as [Record<string, unknown>];
    expect(node).toMatchObject({ id: `id:${PRICING_PLANS_TYPE}`, fetchedAt: '2026-11-29T06:00:00.000Z', internal: { type: PRICING_PLANS_TYPE } });
    expect(node.plans).toHaveLength(11);
    expect(activity.setStatus).toHaveBeenCalledWith('11 plans, fetched at 2026-11-29T06:00:00.000Z');
    expect(reporter.warn).not.toHaveBeenCalled();
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
  });

  it('names what the page leaves out of the answer', async () => {
    answer = [...fixture, { id: 'free', type: 'basic', interval: 'month', amount: -1, currency: 'bgn' }];
    const { args, reporter, actions } = gatsbyArgs();
    await sourcePricingPlans(args, { apiUrl: api.url, ...options(true) });
    expect(reporter.warn).toHaveBeenCalledWith(
      `The pricing page leaves out part of the payments API's answer:\n  - entry 12: plan free: "amount" must be a whole number of minor units`,
    );
    expect(actions.createNode).toHaveBeenCalledTimes(1);
  });

  it('fails a production build without plans, naming the variable, the address and the error', async () => {
    answer = [];
    const { args, reporter, actions } = gatsbyArgs();
    await sourcePricingPlans(args, { apiUrl: api.url, ...options(true) });
    expect(reporter.panicOnBuild).toHaveBeenCalledWith(
      `The payments API at ${api.url} (GATSBY_PAYMENTS_API_URL) gave the build no plans: the answer holds no plan of any billing period (month, year, bitcoin). ` +
        'A production build writes the prices into /pricing/, so it stops; the live site keeps its prices, with their date, until a build gets plans (docs/configuration.md, "Prices in the pages").',
    );
    expect(actions.createNode).not.toHaveBeenCalled();
  });

  it('lets a local build go on without plans, saying the page loads them in the browser', async () => {
    const closed = await listen(() => undefined, 0);
    await closed.close();
    const { args, reporter, actions } = gatsbyArgs();
    await sourcePricingPlans(args, { apiUrl: closed.url, ...options(false) });
    expect(reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(reporter.warn).toHaveBeenCalledWith(
      expect.stringMatching(/^The payments API at .+ gave the build no plans: .+\. This local build writes \/pricing\/ without prices, and the page loads them in the browser/),
    );
    expect(actions.createNode).not.toHaveBeenCalled();
  });
});

describe('sourceNodes', () => {
  /** The hook as a build loads it: the site's settings are read when its modules load. */
  const run = async (env: Record<string, string>) => {
    const saved = { ...process.env };
    const { args, reporter, actions } = gatsbyArgs();
    try {
      Object.assign(process.env, env);
      let hook: ((args: Partial<SourceNodesArgs>) => Promise<void>) | undefined;
      jest.isolateModules(() => {
        ({ sourceNodes: hook } = jest.requireActual<{ sourceNodes: typeof hook }>('../../gatsby/sourceNodes'));
      });
      await hook!(args);
    } finally {
      process.env = saved;
    }
    return { reporter, actions };
  };

  it("asks the payments API the site's settings name, failing a production build and not a local one", async () => {
    answer = 'not plans';
    const production = await run({ gatsby_executing_command: 'build', SITE_ENV: '', GATSBY_PAYMENTS_API_URL: api.url });
    expect(production.reporter.panicOnBuild).toHaveBeenCalledWith(
      expect.stringContaining(`The payments API at ${api.url} (GATSBY_PAYMENTS_API_URL) gave the build no plans: the plans answer is not a list.`),
    );
    const local = await run({ gatsby_executing_command: 'build', SITE_ENV: 'local', GATSBY_PAYMENTS_API_URL: api.url });
    expect(local.reporter.panicOnBuild).not.toHaveBeenCalled();
    expect(local.reporter.warn).toHaveBeenCalledWith(expect.stringContaining('the plans answer is not a list'));
  });
});
