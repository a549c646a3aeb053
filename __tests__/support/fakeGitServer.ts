/**
 * A stand-in for a GitHub Enterprise Server or a GitLab of one's own, on a
 * free loopback port: just enough for Decap CMS to sign an editor in and
 * show the collections. Its OAuth pages (authorize sends the editor straight
 * back with a code; the token endpoint checks the client, the secret or the
 * PKCE verifier, and the code, once), and the REST API calls Decap makes
 * after signing in, under /api/v3 (GitHub) or /api/v4 (GitLab), each
 * answered as the real server answers an editor who may push to the
 * repository, which holds no entry yet. Any other call answers 404 and is
 * recorded, so a test sees what Decap asked that the stand-in does not
 * know. `expire()` ends every sign-in so far, as GitLab ends a token after
 * two hours: the API then answers 401 to it, and GitLab's token endpoint
 * renews it for its refresh token, once.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeGitServerOptions {
  kind: 'github' | 'gitlab';
  clientId: string;
  /** The confidential application's secret, which the exchange sends; absent for a PKCE application, whose browser sends a verifier instead. */
  clientSecret?: string;
  /** owner/name (GitHub), group/name (GitLab). */
  repo: string;
  login: string;
}

export interface FakeGitServer {
  /** Its address: http://127.0.0.1:<port>. */
  url: string;
  /** "METHOD /path" of every request, in order (no query). */
  requests: string[];
  /** The API paths it answered 404, which Decap asked for and the stand-in does not know. */
  unknown: string[];
  /** The tokens it issued, in order. */
  tokens: string[];
  /** The refresh tokens it took to renew a token (GitLab), in order. */
  refreshed: string[];
  /** Ends every sign-in so far: their tokens are refused from now on. */
  expire(): void;
  close(): Promise<void>;
}

/** The most a request body may hold: the stand-in reads a token request, nothing bigger. */
const BODY_LIMIT = 16_384;

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      if (text.length > BODY_LIMIT) reject(new Error('body too large'));
    });
    request.on('end', () => resolve(text));
    request.on('error', reject);
  });
}

/** The form or JSON of a token request. */
function parseForm(text: string, type: string | undefined): URLSearchParams {
  if (!type?.startsWith('application/json')) return new URLSearchParams(text);
  const data = JSON.parse(text) as Record<string, unknown>;
  return new URLSearchParams(Object.entries(data).map(([name, value]) => [name, String(value)]));
}

const base64url = (bytes: Buffer) => bytes.toString('base64').replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

export function startFakeGitServer(options: FakeGitServerOptions): Promise<FakeGitServer> {
  const { kind, clientId, clientSecret, repo, login } = options;
  const api = kind === 'github' ? '/api/v3' : '/api/v4';
  const oauth = kind === 'github' ? { authorize: '/login/oauth/authorize', token: '/login/oauth/access_token' } : { authorize: '/oauth/authorize', token: '/oauth/token' };
  const requests: string[] = [];
  const unknown: string[] = [];
  const tokens: string[] = [];
  const live = new Set<string>();
  const refreshTokens = new Set<string>();
  const refreshed: string[] = [];
  /** Each code handed out, with what it was issued for: the callback it goes to and, for PKCE, the challenge. */
  const codes = new Map<string, { redirectUri: string; challenge: string | null }>();
  let url = '';

  const json = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
    response.writeHead(status, { 'Content-Type': 'application/json', ...headers }).end(JSON.stringify(body));
  /** The API and GitLab's token endpoint answer the CMS's page, on another origin, as the real ones do. */
  const cors = (request: IncomingMessage): Record<string, string> => ({
    'Access-Control-Allow-Origin': request.headers.origin ?? '*',
    'Access-Control-Expose-Headers': 'Link, X-Total, X-Total-Pages, X-Page, X-Next-Page, X-Per-Page',
  });

  const authorize = (query: URLSearchParams, response: ServerResponse) => {
    const redirectUri = query.get('redirect_uri') ?? '';
    if (query.get('client_id') !== clientId || !/^http:\/\/127\.0\.0\.1:\d+\//.test(redirectUri)) {
      response.writeHead(400, { 'Content-Type': 'text/plain' }).end('The application is not registered with that callback.');
      return;
    }
    const code = `code-${codes.size + 1}-${'0123456789abcdef'.repeat(2)}`;
    codes.set(code, { redirectUri, challenge: query.get('code_challenge') });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', query.get('state') ?? '');
    response.writeHead(302, { Location: back.href }).end();
  };

  /** A new token (GitLab's with a refresh token, which renews it once). */
  const issue = (request: IncomingMessage, response: ServerResponse) => {
    const value = `${kind}-token-${tokens.length + 1}-${'abcdef0123456789'.repeat(2)}`;
    tokens.push(value);
    live.add(value);
    const refresh = `refresh-${value}`;
    refreshTokens.add(refresh);
    json(
      response,
      200,
      kind === 'github'
        ? { access_token: value, token_type: 'bearer', scope: 'repo' }
        : { access_token: value, token_type: 'Bearer', expires_in: 7200, refresh_token: refresh, scope: 'api', created_at: 1 },
      cors(request),
    );
  };

  const token = async (request: IncomingMessage, response: ServerResponse) => {
    const form = parseForm(await readBody(request), request.headers['content-type']);
    if (kind === 'gitlab' && form.get('grant_type') === 'refresh_token') {
      const refresh = form.get('refresh_token') ?? '';
      if (form.get('client_id') !== clientId || !refreshTokens.delete(refresh)) {
        json(response, 400, { error: 'invalid_grant' }, cors(request));
        return;
      }
      refreshed.push(refresh);
      issue(request, response);
      return;
    }
    const issued = codes.get(form.get('code') ?? '');
    codes.delete(form.get('code') ?? '');
    const verifier = form.get('code_verifier');
    const proven = issued?.challenge
      ? verifier !== null && base64url(createHash('sha256').update(verifier).digest()) === issued.challenge
      : clientSecret !== undefined && form.get('client_secret') === clientSecret;
    if (!issued || form.get('client_id') !== clientId || form.get('redirect_uri') !== issued.redirectUri || !proven) {
      json(response, kind === 'github' ? 200 : 400, { error: 'invalid_grant' }, cors(request));
      return;
    }
    issue(request, response);
  };

  /**
   * The API's answer to an editor signed in (`path` without the API's
   * prefix): the user, the repository they may push to, and a repository
   * that holds no entry, no commit, no pull or merge request yet (for a
   * folder it does not hold, GitHub answers 404 and GitLab an empty list;
   * for a file, both 404).
   */
  const apiAnswer = (method: string, path: string): { status: number; body: unknown } | undefined => {
    const found = (body: unknown) => ({ status: 200, body });
    if (method !== 'GET') return undefined;
    if (kind === 'github') {
      if (path === '/user') return found({ login, name: 'An Editor', avatar_url: `${url}/avatars/u/1` });
      if (path === `/repos/${repo}`) return found({ full_name: repo, owner: { login: repo.split('/')[0] }, default_branch: 'main', permissions: { push: true, admin: false } });
      if (path.startsWith(`/repos/${repo}/git/trees/main:`)) return { status: 404, body: { message: 'Not Found' } };
      if ([`/repos/${repo}/commits`, `/repos/${repo}/pulls`].includes(path) || path.startsWith(`/repos/${repo}/branches`)) return found([]);
      return undefined;
    }
    const project = `/projects/${encodeURIComponent(repo)}`;
    if (path === '/user') return found({ id: 1, username: login, name: 'An Editor', avatar_url: `${url}/uploads/avatar.png` });
    if (path === project) {
      return found({ id: 7, path_with_namespace: repo, default_branch: 'main', permissions: { project_access: { access_level: 30 }, group_access: null }, shared_with_groups: [] });
    }
    if ([`${project}/repository/tree`, `${project}/repository/commits`, `${project}/merge_requests`].includes(path)) return found([]);
    if (path.startsWith(`${project}/repository/files/`)) return { status: 404, body: { message: '404 File Not Found' } };
    if (path === `${project}/repository/branches/main`) return found({ name: 'main', commit: { id: 'c'.repeat(40) }, developers_can_push: true, developers_can_merge: true });
    return undefined;
  };

  const answerApi = (request: IncomingMessage, response: ServerResponse, path: string) => {
    const headers = cors(request);
    if (request.method === 'OPTIONS') {
      response
        .writeHead(204, {
          ...headers,
          'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE',
          'Access-Control-Allow-Headers': request.headers['access-control-request-headers'] ?? '',
          'Access-Control-Max-Age': '600',
        })
        .end();
      return;
    }
    const authorization = request.headers.authorization ?? '';
    const given = authorization.replace(/^(?:token|Bearer) /, '');
    if (!tokens.includes(given)) {
      json(response, 401, { message: kind === 'github' ? 'Bad credentials' : '401 Unauthorized' }, headers);
      return;
    }
    if (!live.has(given)) {
      // GitLab's answer to a token past its two hours.
      json(response, 401, { error: 'invalid_token', error_description: 'Token is expired. You can either do re-authorization or token refresh.' }, headers);
      return;
    }
    const answer = apiAnswer(request.method ?? 'GET', path.slice(api.length));
    if (answer === undefined) {
      unknown.push(`${request.method} ${path}`);
      json(response, 404, { message: '404 Not Found' }, headers);
      return;
    }
    json(response, answer.status, answer.body, headers);
  };

  const server = createServer((request, response) => {
    const target = new URL(request.url ?? '/', 'http://stand-in.invalid');
    requests.push(`${request.method} ${target.pathname}`);
    const handle = async () => {
      if (request.method === 'GET' && target.pathname === oauth.authorize) return authorize(target.searchParams, response);
      if (target.pathname === oauth.token) {
        if (request.method === 'OPTIONS') {
          response.writeHead(204, { ...cors(request), 'Access-Control-Allow-Methods': 'POST', 'Access-Control-Allow-Headers': 'Content-Type' }).end();
          return;
        }
        if (request.method === 'POST') return token(request, response);
      }
      if (target.pathname.startsWith(`${api}/`)) return answerApi(request, response, target.pathname);
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found.');
    };
    handle().catch(() => {
      if (!response.headersSent) response.writeHead(400, { 'Content-Type': 'text/plain' });
      response.end('Bad request.');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      resolve({
        url,
        requests,
        unknown,
        tokens,
        refreshed,
        expire: () => live.clear(),
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
