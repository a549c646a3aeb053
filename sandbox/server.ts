/**
 * A local stand-in for the application's two APIs (plans and contact) and
 * for the application itself, used by `npm start` and the browser tests.
 * It behaves like the real services where the site can tell: CORS with
 * preflight, the apiKey header checked, bodies validated. Control endpoints
 * under /__sandbox/ let tests switch faults on and read what arrived.
 */
import express, { type NextFunction, type Request, type Response } from 'express';
import { listen, type RunningServer } from '../scripts/listen';
import { CONFIG_DEFAULTS } from '../src/lib/config';
import { damagedPlans, parseFault, type Fault, type FaultTarget } from './faults';
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

const CONTACT_PATH = '/api/Users/ContactUs';
const PLANS_PATH = '/available-plans/';
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
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

  const app = express();
  app.disable('x-powered-by');

  // CORS: the site calls from another origin and sends the apiKey header,
  // so browsers ask first with a preflight.
  app.use((req, res, next) => {
    res.set({
      'Access-Control-Allow-Origin': '*',
      'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
      'Access-Control-Allow-Headers': 'apiKey, Content-Type, X-XSRF-TOKEN',
      'Access-Control-Max-Age': '600',
    });
    if (req.method === 'OPTIONS') {
      res.sendStatus(204);
      return;
    }
    next();
  });

  const record = (req: Request, _res: Response, next: NextFunction) => {
    requests.push({ method: req.method, path: req.path, apiKey: req.get('apiKey'), origin: req.get('Origin') });
    next();
  };

  /** Applies the switched-on fault, if any; returns true when it answered. */
  const applyFault = async (target: FaultTarget, res: Response): Promise<boolean> => {
    const fault = faults.get(target);
    if (!fault) return false;
    switch (fault.kind) {
      case 'slow':
        await new Promise((resolve) => setTimeout(resolve, fault.delayMs));
        return false;
      case 'status':
        res.status(fault.status).json({ error: `sandbox fault: status ${fault.status}` });
        return true;
      case 'unauthorized':
        res.status(401).json({ error: 'sandbox fault: unauthorized' });
        return true;
      case 'malformed':
        res.status(200).type('application/json').send('{"plans": [{"id": "plan_basic_month", ');
        return true;
      case 'empty':
      case 'invalid-plans':
        return false;
    }
  };

  const requireKey = (target: FaultTarget) => (req: Request, res: Response, next: NextFunction) => {
    if (req.get('apiKey') !== keys[target]) {
      res.status(401).json({ error: 'missing or invalid apiKey header' });
      return;
    }
    next();
  };

  app.get(PLANS_PATH, record, requireKey('plans'), async (_req, res) => {
    if (await applyFault('plans', res)) return;
    const kind = faults.get('plans')?.kind;
    if (kind === 'empty') res.json([]);
    else if (kind === 'invalid-plans') res.json(damagedPlans(plans));
    else res.json(plans);
  });

  app.post(CONTACT_PATH, record, requireKey('contact'), express.json({ limit: '100kb' }), async (req, res) => {
    if (await applyFault('contact', res)) return;
    const error = contactBodyError(req.body);
    if (error) {
      res.status(400).json({ error });
      return;
    }
    const { email, subject, body } = req.body as ContactMessage['body'];
    messages.push({
      receivedAt: new Date().toISOString(),
      headers: {
        apiKey: req.get('apiKey'),
        contentType: req.get('Content-Type'),
        origin: req.get('Origin'),
        csrf: req.get('X-XSRF-TOKEN'),
      },
      body: { email, subject, body },
    });
    res.json({ status: 'received', id: messages.length });
  });

  // Test-only control endpoints.
  app.post('/__sandbox/fault', express.json(), (req, res) => {
    const parsed = parseFault(req.body);
    if (typeof parsed === 'string') {
      res.status(400).json({ error: parsed });
      return;
    }
    faults.set(parsed.target, parsed.fault);
    res.json({ ok: true });
  });
  app.post('/__sandbox/reset', (_req, res) => {
    faults.clear();
    messages.length = 0;
    requests.length = 0;
    res.json({ ok: true });
  });
  app.get('/__sandbox/messages', (_req, res) => res.json(messages));
  app.get('/__sandbox/requests', (_req, res) => res.json(requests));

  // The application itself (Launch App, Choose Plan) in a few lines, so
  // those links lead somewhere on a machine without the real one.
  app.get(/^\/app(\/.*)?$/, (req, res) => {
    const path = req.path.replace(/^\/app/, '') || '/';
    res
      .type('html')
      .send(
        '<!doctype html><html lang="en"><meta charset="utf-8"><title>Application (sandbox)</title>' +
          '<body style="font-family:system-ui;padding:40px"><h1>Application stand-in</h1>' +
          `<p>The sandbox stands in for the application here. Requested path: <code id="app-path">${escapeHtml(path)}</code></p>`,
      );
  });

  app.use((_req, res) => res.status(404).json({ error: 'not found' }));
  return app;
}

/** Starts the sandbox on 127.0.0.1; port 0 takes a free one. */
export function startSandbox(port = 0, options: SandboxOptions = {}): Promise<Sandbox> {
  return listen(createSandboxApp(options), port);
}
