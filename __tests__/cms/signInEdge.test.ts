/** @jest-environment node */
import { CLOUDFLARE_BUILD, CLOUDFLARE_FUNCTION, NETLIFY_BUILD, NETLIFY_FUNCTION, bundle, loadBundle, type CloudflareExports, type NetlifyExports } from '../support/edgeBundles';

/**
 * The sign-in exchange at a CDN's edge (deploy/edge/): each function
 * bundled as its CDN's CLI bundles it, holding the one exchange module
 * (features/cms/signIn/exchange.ts), and run in a context that has the Web
 * platform's globals alone, as a Worker has (__tests__/support/edgeBundles.ts):
 * a whole sign-in through it, the provider's token endpoint a stand-in.
 * The hostile answers run against these functions too, in
 * __tests__/hostile/sign-in.test.ts.
 */
const ENV = {
  CMS_OAUTH_ORIGIN: 'https://www.stockpay.com',
  GATSBY_SITE_URL: 'https://www.stockpay.com',
  OAUTH_GITHUB_CLIENT_ID: 'edge-client',
  OAUTH_GITHUB_CLIENT_SECRET: 'edge-secret-0123456789',
};
const TOKEN = 'gho_edgetoken0123456789';

/** GitHub's token endpoint, as a stand-in: it checks the address and the secret it is sent. */
const tokenEndpoint = async (url: string | URL | Request, init?: RequestInit) => {
  expect(String(url)).toBe('https://github.com/login/oauth/access_token');
  expect(new URLSearchParams(String(init?.body)).get('client_secret')).toBe(ENV.OAUTH_GITHUB_CLIENT_SECRET);
  return Response.json({ access_token: TOKEN });
};

/** The bundle's exports, its fetch the stand-in, and `extra`. */
const load = <Exports>(code: string, extra: Record<string, unknown>): Exports => loadBundle<Exports>(code, { fetch: tokenEndpoint, ...extra });

/** A whole sign-in through `handle`: start, the provider's answer, the page that hands the token over. */
async function signIn(handle: (request: Request) => Promise<Response>): Promise<string> {
  const started = await handle(new Request('https://www.stockpay.com/oauth/auth?provider=github&site_id=www.stockpay.com&scope=repo'));
  expect(started.status).toBe(302);
  const location = new URL(started.headers.get('location') ?? '');
  expect(`${location.origin}${location.pathname}`).toBe('https://github.com/login/oauth/authorize');
  const cookie = started.headers.getSetCookie()[0].split(';')[0];
  const state = location.searchParams.get('state');
  const finished = await handle(new Request(`https://www.stockpay.com/oauth/callback?code=abc123&state=${state}`, { headers: { cookie } }));
  expect(finished.status).toBe(200);
  return finished.text();
}

describe('the Cloudflare Pages Function', () => {
  // As wrangler bundles a Pages Function: ES modules for the Workers runtime, no Node.js built-in.
  const built = bundle(CLOUDFLARE_FUNCTION, CLOUDFLARE_BUILD);

  it('bundles for the Workers runtime, Node.js built-ins aside, with the one exchange module', () => {
    expect(() => bundle(CLOUDFLARE_FUNCTION, { ...CLOUDFLARE_BUILD, format: 'esm' })).not.toThrow();
    expect(built.inputs).toEqual(
      expect.arrayContaining(['features/cms/signIn/exchange.ts', 'features/cms/signIn/edge.node.ts', 'features/cms/signIn/settings.node.ts', 'features/site/boundedBody.ts']),
    );
    expect(built.inputs.filter((input) => input.startsWith('node:') || input.includes('node_modules'))).toEqual([]);
  });

  it("signs an editor in with the project's variables (context.env), given the built-ins nodejs_compat provides (deploy/edge/cloudflare/wrangler.toml)", async () => {
    const { onRequest } = load<CloudflareExports>(built.code, { process: { env: {} } });
    const html = await signIn((request) => onRequest({ request, env: ENV }));
    expect(html).toContain(`authorization:github:success:{\\"token\\":\\"${TOKEN}\\",\\"provider\\":\\"github\\"}`);
    expect(html).not.toContain(ENV.OAUTH_GITHUB_CLIENT_SECRET);
  });

  it("does not load without Node's net (the settings read IP addresses with it): hence the flag", () => {
    const withoutNode = (name: string) => {
      throw new Error(`No such module "${name}"`);
    };
    expect(() => load<CloudflareExports>(built.code, { require: withoutNode })).toThrow('No such module "node:net"');
  });

  it('answers 503 and signs nobody in when its variables are missing, naming them in its log alone', async () => {
    const logged: string[] = [];
    const { onRequest } = load<CloudflareExports>(built.code, { process: { env: {} }, console: { error: (line: string) => logged.push(line) } });
    const response = await onRequest({ request: new Request('https://www.stockpay.com/oauth/auth?provider=github'), env: { OAUTH_GITHUB_CLIENT_SECRET: 'hidden-value' } });
    expect(response.status).toBe(503);
    expect(await response.text()).toContain('Signing in is not set up on this site yet');
    expect(logged.join('\n')).toContain('CMS_OAUTH_ORIGIN is not set');
    expect(logged.join('\n')).not.toContain('hidden-value');
  });
});

describe('the Netlify Function', () => {
  const built = bundle(NETLIFY_FUNCTION, NETLIFY_BUILD);

  it('bundles with the one exchange module, at /oauth/*', () => {
    expect(built.inputs).toEqual(expect.arrayContaining(['features/cms/signIn/exchange.ts', 'features/cms/signIn/edge.node.ts']));
    const exported = load<NetlifyExports>(built.code, { process: { env: {} } });
    expect(exported.config).toEqual({ path: '/oauth/*' });
  });

  it("signs an editor in with the site's variables (process.env)", async () => {
    const exported = load<NetlifyExports>(built.code, { process: { env: ENV } });
    const html = await signIn((request) => exported.default(request));
    expect(html).toContain(`\\"token\\":\\"${TOKEN}\\"`);
  });
});
