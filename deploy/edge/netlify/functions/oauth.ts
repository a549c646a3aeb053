/**
 * The editors' sign-in exchange (cms/oauth/exchange.ts) as a Netlify
 * Function at /oauth/* (its `config.path`). Deployed with the site by
 * `netlify deploy --functions deploy/edge/netlify/functions`, which bundles
 * it and what it imports; the variables and secrets are the Netlify site's,
 * in the Functions scope (docs/deploy.md, "Sign-in for editors").
 */
import { answerAtEdge } from '../../../../cms/oauth/edge';

export default (request: Request): Promise<Response> => answerAtEdge(request, process.env);

export const config = { path: '/oauth/*' };
