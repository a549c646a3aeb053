/**
 * The editors' sign-in exchange (features/cms/signIn/exchange.ts) as a Cloudflare
 * Pages Function: this file's place under functions/ routes /oauth/* to it.
 * Deployed with the site by `npx wrangler pages deploy` run in
 * deploy/edge/cloudflare/, which bundles it and what it imports (its
 * wrangler.toml names the site's public/ and the Node.js compatibility the
 * configuration's module needs); the variables and secrets are the Pages
 * project's (docs/deploy.md, "Sign-in for editors").
 */
import { answerAtEdge } from '../../../../../features/cms/signIn/edge.node';
import type { OAuthEnv } from '../../../../../features/cms/signIn/settings';

export const onRequest = (context: { request: Request; env: OAuthEnv }): Promise<Response> => answerAtEdge(context.request, context.env);
