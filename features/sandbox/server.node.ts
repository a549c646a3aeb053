/**
 * A local stand-in for the application's two APIs (plans and contact) and
 * for the application itself, used by `npm start` and the browser tests.
 * It behaves like the real services where the site can tell: CORS with
 * preflight, the apiKey header checked, bodies validated, contact messages
 * above the length limits refused with 413 (limits.ts), and every error
 * answered as JSON, bad JSON included (never Express's HTML error page).
 *
 * Control endpoints under /__sandbox/ let tests switch faults on (faults.ts:
 * status, slow, hold, malformed, empty, invalid-plans, unauthorized, cors,
 * reset), release held requests, and read what arrived and how many requests
 * wait. They answer without any CORS headers and refuse
 * preflights, so a web page open in the developer's browser can neither
 * read the recorded messages nor switch faults; the tests call them from
 * Node, where CORS does not apply.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { listen, type RunningServer } from '../../system/listen';
import { CSRF_HEADER } from '../site/api';
import { API_KEY_HEADER, AVAILABLE_PLANS_PATH, CONTACT_SUBMISSION_PATH, SANDBOX_APP_PATH } from '../site/apiContract';
import { CONFIG_DEFAULTS } from '../site/settings';
import { escapeHtml } from '../site/html';
import { damagedPlans, parseFault, type Fault, type FaultTarget } from './faults';
import { contactLengthError } from './limits';
import plans from './plans.json';

export interface SandboxOptions {
  paymentsApiKey?: string;
  apiKey?: string;
}

export interface ContactMessage {
  receivedAt: string;
  headers: { apiKey?: string; contentType?: string; origin?: string; csrf?: string };
  body: { email: string; subject: string; body: string };
}

export interface RequestRecord {
  method: string;
  path: string;
  apiKey?: string;
  origin?: string;
}

export type Sandbox = RunningServer;

/** The stand-in for the application: its path (escaped, so it matches only itself) and anything under it, case as written. */
const APP_ROUTE = new RegExp(`^${SANDBOX_APP_PATH.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(/.*)?$`);

/** An error from body-parser (http-errors): what the error handler reads. */
interface HttpError {
  type?: string;
  status?: number;
  expose?: boolean;
  message?: string;
  limit?: number;
}

/** The API a path belongs to, for its fault (Express matches paths case-insensitively, with or without the trailing slash). */
function targetOf(path: string): FaultTarget | undefined {
  const normal = path.toLowerCase().replace(/\/+$/, '');
  if (normal === AVAILABLE_PLANS_PATH.toLowerCase().replace(/\/+$/, '')) return 'plans';
  if (normal === CONTACT_SUBMISSION_PATH.toLowerCase().replace(/\/+$/, '')) return 'contact';
  return undefined;
}

const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]+$/;

/** Why a contact body is refused, or null when it is acceptable. */
export function contactBodyError(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body must be a JSON object';
  const { email, subject, body: text } = body as Record<string, unknown>;
  if (typeof email !== 'string' || email.length > 254 || !EMAIL.test(email)) return 'field "email" must be an e-mail address';
  if (typeof subject !== 'string' || subject.trim() === '') return 'field "subject" is required';
  if (typeof text !== 'string' || text.trim() === '') return 'field "body" is required';
  return null;
}

export function createSandboxApp(options: SandboxOptions = {}): express.Express {
  const keys: Record<FaultTarget, string> = {
    plans: options.paymentsApiKey ?? CONFIG_DEFAULTS.GATSBY_PAYMENTS_API_KEY,
    contact: options.apiKey ?? CONFIG_DEFAULTS.GATSBY_API_KEY,
  };
  const faults = new Map<FaultTarget, Fault>();
  const messages: ContactMessage[] = [];
  const requests: RequestRecord[] = [];
  /**
   * Requests a 'slow' or 'hold' fault keeps waiting. Each ends answered (its
   * delay passed, or the test released it) or dropped: a reset ends the test
   * that slowed it, and its message must not reach the next test's records.
   */
  const waiting = new Set<{ kind: 'slow' | 'hold'; end: (answered: boolean) => void }>();

  const app = express();
  app.disable('x-powered-by');

  // Test-only control endpoints, routed before the CORS middleware below so
  // that none of their answers carries a CORS header (the router matches
  // paths case-insensitively and with a trailing slash, as Express does).
  const control = express.Router();
  control.use((req, res, next) => {
    if (req.method === 'OPTIONS') {
      res.status(405).set('Allow', 'GET, POST').json({ error: 'the sandbox control endpoints are not for web pages' });
      return;
    }
    // A browser marks every request a page makes (Origin on a cross-site
    // POST, Sec-Fetch-Site on all): without CORS a page cannot read the answer,
    // but a blind "simple" POST could still reset or switch faults. Tools
    // (tests, scripts) send neither header.
    if (req.get('origin') !== undefined || req.get('sec-fetch-site') !== undefined) {
      res.status(403).json({ error: 'the sandbox control endpoints are not for web pages' });
      return;
    }
    next();
  });
  control.post('/fault', express.json({ limit: '10kb' }), (req, res) => {
    const parsed = parseFault(req.body);
    if (typeof parsed === 'string') {
      res.status(400).json({ error: parsed });
      return;
    }
    faults.set(parsed.target, parsed.fault);
    res.json({ ok: true });
  });
  control.post('/reset', (_req, res) => {
    for (const wait of [...waiting]) wait.end(false);
    faults.clear();
    messages.length = 0;
    requests.length = 0;
    res.json({ ok: true });
  });
  control.post('/release', (_req, res) => {
    const held = [...waiting].filter((wait) => wait.kind === 'hold');
    for (const wait of held) wait.end(true);
    for (const [target, fault] of faults) if (fault.kind === 'hold') faults.delete(target);
    res.json({ released: held.length });
  });
  control.get('/waiting', (_req, res) => res.json({ waiting: waiting.size }));
  control.get('/messages', (_req, res) => res.json(messages));
  control.get('/requests', (_req, res) => res.json(requests));
  control.use((_req, res) => res.status(404).json({ error: 'not found' }));
  app.use('/__sandbox', control);

  // CORS for everything else: the site calls from another origin and sends
  // the apiKey header, so browsers ask first with a preflight. The 'cors'
  // fault leaves the headers out of its target's answers, preflight included.
  app.use((req, res, next) => {
    const target = targetOf(req.path);
    if (!(target && faults.get(target)?.kind === 'cors')) {
      res.set({
        'Access-Control-Allow-Origin': '*',
        'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
        'Access-Control-Allow-Headers': [API_KEY_HEADER, 'Content-Type', CSRF_HEADER].join(', '),
        'Access-Control-Max-Age': '600',
      });
    }
    if (req.method === 'OPTIONS') {
      res.sendStatus(204);
      return;
    }
    next();
  });

  const record = (req: Request, _res: Response, next: NextFunction) => {
    requests.push({ method: req.method, path: req.path, apiKey: req.get(API_KEY_HEADER), origin: req.get('Origin') });
    next();
  };

  /** Applies the switched-on fault, if any; returns true when it answered. */
  const applyFault = async (target: FaultTarget, res: Response): Promise<boolean> => {
    const fault = faults.get(target);
    if (!fault) return false;
    switch (fault.kind) {
      case 'slow':
      case 'hold': {
        const kind = fault.kind;
        const answered = await new Promise<boolean>((end) => {
          let timer: NodeJS.Timeout | undefined;
          const wait = {
            kind,
            end: (answer: boolean) => {
              clearTimeout(timer);
              waiting.delete(wait);
              end(answer);
            },
          };
          waiting.add(wait);
          if (kind === 'slow') timer = setTimeout(() => wait.end(true), fault.delayMs);
        });
        if (answered) return false;
        res.socket?.destroy();
        return true;
      }
      case 'status':
        res.status(fault.status).json({ error: `sandbox fault: status ${fault.status}` });
        return true;
      case 'unauthorized':
        res.status(401).json({ error: 'sandbox fault: unauthorized' });
        return true;
      case 'malformed':
        res.status(200).type('application/json').send('{"plans": [{"id": "plan_basic_month", ');
        return true;
      case 'reset':
        res.socket?.destroy();
        return true;
      case 'empty':
      case 'invalid-plans':
      case 'cors':
        return false;
    }
  };

  const requireKey = (target: FaultTarget) => (req: Request, res: Response, next: NextFunction) => {
    if (req.get(API_KEY_HEADER) !== keys[target]) {
      res.status(401).json({ error: `missing or invalid ${API_KEY_HEADER} header` });
      return;
    }
    next();
  };

  app.get(AVAILABLE_PLANS_PATH, record, requireKey('plans'), async (_req, res) => {
    if (await applyFault('plans', res)) return;
    const kind = faults.get('plans')?.kind;
    if (kind === 'empty') res.json([]);
    else if (kind === 'invalid-plans') res.json(damagedPlans(plans));
    else res.json(plans);
  });

  app.post(CONTACT_SUBMISSION_PATH, record, requireKey('contact'), express.json({ limit: '100kb' }), async (req, res) => {
    if (await applyFault('contact', res)) return;
    const tooLong = contactLengthError(req.body);
    if (tooLong) {
      res.status(413).json(tooLong);
      return;
    }
    const error = contactBodyError(req.body);
    if (error) {
      res.status(400).json({ error });
      return;
    }
    const { email, subject, body } = req.body as ContactMessage['body'];
    messages.push({
      receivedAt: new Date().toISOString(),
      headers: {
        apiKey: req.get(API_KEY_HEADER),
        contentType: req.get('Content-Type'),
        origin: req.get('Origin'),
        csrf: req.get(CSRF_HEADER),
      },
      body: { email, subject, body },
    });
    res.json({ status: 'received', id: messages.length });
  });

  // The application itself (Launch App, Choose Plan) in a few lines, so
  // those links lead somewhere on a machine without the real one.
  app.get(APP_ROUTE, (req, res) => {
    const path = req.path.slice(SANDBOX_APP_PATH.length) || '/';
    res
      .type('html')
      .send(
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Application (sandbox)</title>' +
          '<body style="font-family:system-ui;padding:40px"><h1>Application stand-in</h1>' +
          `<p>The sandbox stands in for the application here. Requested path: <code id="app-path">${escapeHtml(path)}</code></p>`,
      );
  });

  app.use((_req, res) => res.status(404).json({ error: 'not found' }));

  // Errors as JSON, never Express's HTML page (with its stack trace and
  // file paths): bad JSON is 400, a body over the parser's limit 413, other
  // client errors keep their status, anything else is the sandbox's own bug.
  app.use((error: unknown, _req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) {
      next(error);
      return;
    }
    const { type, status, expose, message, limit } = (error ?? {}) as HttpError;
    if (type === 'entity.parse.failed') {
      res.status(400).json({ error: 'the body is not valid JSON' });
    } else if (type === 'entity.too.large') {
      res.status(413).json({ error: `the body is larger than ${limit} bytes` });
    } else if (typeof status === 'number' && status >= 400 && status < 500 && expose) {
      res.status(status).json({ error: message });
    } else {
      console.error('Sandbox error:', error);
      res.status(500).json({ error: 'the sandbox failed; see its console' });
    }
  });
  return app;
}

/** Starts the sandbox on 127.0.0.1; port 0 takes a free one. */
export function startSandbox(port = 0, options: SandboxOptions = {}): Promise<Sandbox> {
  return listen(createSandboxApp(options), port);
}
