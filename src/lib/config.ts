/**
 * Every environment variable the site reads, validated in one place.
 *
 * Gatsby inlines `process.env.GATSBY_*` into the browser bundle at build
 * time only where the expression is written out literally, hence the object
 * literal at the bottom. The defaults point at the local sandbox that
 * `npm start` runs (see README).
 */
export const SANDBOX_DEFAULT_PORT = 4010;
// 127.0.0.1, not localhost: the sandbox listens on IPv4 loopback only, and
// localhost may resolve to ::1 first.
const SANDBOX_DEFAULT_URL = `http://127.0.0.1:${SANDBOX_DEFAULT_PORT}`;

export interface SiteConfig {
  /** Absolute origin of this site, for canonical, alternate and sitemap URLs. */
  siteUrl: string;
  /** The separate web application (Launch App, Choose Plan). */
  appUrl: string;
  paymentsApiUrl: string;
  paymentsApiKey: string;
  apiUrl: string;
  apiKey: string;
  productName: string;
}

export type ConfigEnv = Partial<Record<ConfigVariable, string | undefined>>;
export type ConfigVariable =
  | 'GATSBY_SITE_URL'
  | 'GATSBY_APP_URL'
  | 'GATSBY_PAYMENTS_API_URL'
  | 'GATSBY_PAYMENTS_API_KEY'
  | 'GATSBY_API_URL'
  | 'GATSBY_API_KEY'
  | 'GATSBY_PRODUCT_NAME';

export const CONFIG_DEFAULTS: Record<ConfigVariable, string> = {
  GATSBY_SITE_URL: 'http://127.0.0.1:9000',
  GATSBY_APP_URL: `${SANDBOX_DEFAULT_URL}/app`,
  GATSBY_PAYMENTS_API_URL: SANDBOX_DEFAULT_URL,
  GATSBY_PAYMENTS_API_KEY: 'sandbox-payments-key',
  GATSBY_API_URL: SANDBOX_DEFAULT_URL,
  GATSBY_API_KEY: 'sandbox-api-key',
  GATSBY_PRODUCT_NAME: 'StockPay',
};

function absoluteUrl(name: ConfigVariable, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  // No trailing slash, so paths can be appended as `${url}/path`.
  return value.trim().replace(/\/+$/, '');
}

/** Reads and checks the configuration; throws with the variable's name. */
export function readConfig(env: ConfigEnv): SiteConfig {
  const value = (name: ConfigVariable): string => {
    const raw = env[name]?.trim();
    return raw ? raw : CONFIG_DEFAULTS[name];
  };
  return {
    siteUrl: absoluteUrl('GATSBY_SITE_URL', value('GATSBY_SITE_URL')),
    appUrl: absoluteUrl('GATSBY_APP_URL', value('GATSBY_APP_URL')),
    paymentsApiUrl: absoluteUrl('GATSBY_PAYMENTS_API_URL', value('GATSBY_PAYMENTS_API_URL')),
    paymentsApiKey: value('GATSBY_PAYMENTS_API_KEY'),
    apiUrl: absoluteUrl('GATSBY_API_URL', value('GATSBY_API_URL')),
    apiKey: value('GATSBY_API_KEY'),
    productName: value('GATSBY_PRODUCT_NAME'),
  };
}

export const siteConfig: SiteConfig = readConfig({
  GATSBY_SITE_URL: process.env.GATSBY_SITE_URL,
  GATSBY_APP_URL: process.env.GATSBY_APP_URL,
  GATSBY_PAYMENTS_API_URL: process.env.GATSBY_PAYMENTS_API_URL,
  GATSBY_PAYMENTS_API_KEY: process.env.GATSBY_PAYMENTS_API_KEY,
  GATSBY_API_URL: process.env.GATSBY_API_URL,
  GATSBY_API_KEY: process.env.GATSBY_API_KEY,
  GATSBY_PRODUCT_NAME: process.env.GATSBY_PRODUCT_NAME,
});
