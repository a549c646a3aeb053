/**
 * The build's plans as Gatsby holds them: one node the pricing page's
 * query reads, sourced once per build (gatsby/sourceNodes.ts), so a price
 * changed in the payments API reaches the HTML at the next build.
 */
import type { SourceNodesArgs } from 'gatsby';
import { fetchBuildPlans, type BuildPlansOptions } from './buildPlans.node';

export const PRICING_PLANS_TYPE = 'PricingPlans';

/** Declared, so the page's query holds when a local build fetched no plans. */
export const PRICING_PLANS_TYPE_DEFS = `
  type ${PRICING_PLANS_TYPE} implements Node @dontInfer {
    fetchedAt: String!
    plans: [PricingPlan!]!
  }
  type PricingPlan {
    id: String!
    type: String!
    interval: String!
    priceId: String
    amount: Int!
    currency: String!
  }
`;

/** Where the configuration guide says what a build does without plans. */
const POLICY = 'docs/configuration.md, "Prices in the pages"';

/**
 * Fetches the plans and creates their node. Without plans a production
 * build fails, naming the variable and the error; a local one says so and
 * goes on, and its pricing page loads the plans in the browser. What the
 * page leaves out of an answer is named either way.
 */
export async function sourcePricingPlans(
  { actions, createNodeId, createContentDigest, reporter }: Pick<SourceNodesArgs, 'actions' | 'createNodeId' | 'createContentDigest' | 'reporter'>,
  options: BuildPlansOptions & { production: boolean },
): Promise<void> {
  const activity = reporter.activityTimer('Fetch the subscription plans for /pricing/');
  activity.start();
  try {
    const { snapshot, dropped } = await fetchBuildPlans(options);
    if (dropped.length > 0) reporter.warn(`The pricing page leaves out part of the payments API's answer:\n${dropped.map((line) => `  - ${line}`).join('\n')}`);
    actions.createNode({
      ...snapshot,
      id: createNodeId(PRICING_PLANS_TYPE),
      parent: null,
      children: [],
      internal: { type: PRICING_PLANS_TYPE, contentDigest: createContentDigest(snapshot) },
    });
    activity.setStatus(`${snapshot.plans.length} plans, fetched at ${snapshot.fetchedAt}`);
  } catch (error) {
    const message = (error as Error).message;
    if (options.production) {
      reporter.panicOnBuild(
        `${message}. A production build writes the prices into /pricing/, so it stops; the live site keeps its prices, with their date, until a build gets plans (${POLICY}).`,
      );
    } else {
      reporter.warn(`${message}. This local build writes /pricing/ without prices, and the page loads them in the browser (${POLICY}).`);
    }
  } finally {
    activity.end();
  }
}
