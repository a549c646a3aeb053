/**
 * The editors' sign-in exchange (features/cms/signIn/exchange.ts) as a Netlify
 * Function at /oauth/* (its `config.path`). Deployed with the site by
 * `netlify deploy --functions deploy/edge/netlify/functions`, which bundles
 * it and what it imports; the variables and secrets are the Netlify site's,
 * in the Functions scope (docs/deploy.md, "Sign-in for editors").
 */
import { answerAtEdge } from '../../../../features/cms/signIn/edge.node';
import { exchangeEnvironment } from '../../../../features/cms/signIn/settings.node';

export default (request: Request): Promise<Response> => answerAtEdge(request, exchangeEnvironment());

export const config = { path: '/oauth/*' };
