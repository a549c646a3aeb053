import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  CONFIG_DEFAULTS,
  CONFIG_ENV,
  CONFIG_VARIABLES,
  CONFIG_VARIABLE_NAMES,
  type ConfigVariable,
  chromiumRequired,
  configMode,
  isGatsbyBuild,
  readConfig,
  type ConfigEnv,
} from '../../features/site/settings';
import { PRODUCTION_REQUIRED, buildConfigError, productionConfigMessage, productionConfigProblems } from '../../features/site/settings.node';
import { isLoopbackHost } from '../../features/site/addresses.node';
import { CODE_FOLDERS } from '../support/layout';
import { codeFiles } from '../support/imports';

/** A production configuration that passes every check. */
const GOOD: ConfigEnv = {
  GATSBY_SITE_URL: 'https://www.stockpay.eu',
  GATSBY_APP_URL: 'https://app.stockpay.eu',
  GATSBY_PAYMENTS_API_URL: 'https://pay.stockpay.eu',
  GATSBY_PAYMENTS_API_KEY: 'pk_live_8f2a',
  GATSBY_API_URL: 'https://api.stockpay.eu/v2',
  GATSBY_API_KEY: 'site-key-1234',
  GATSBY_CONTACT_EMAIL: 'hello@stockpay.eu',
};

const URL_VARIABLES = CONFIG_VARIABLE_NAMES.filter((name) => CONFIG_VARIABLES[name].kind === 'url');
const REQUIRED = Object.keys(PRODUCTION_REQUIRED) as ConfigVariable[];

describe('the variables, declared once', () => {
  it('requires in production every variable but the product name, whose default suits any site', () => {
    expect(REQUIRED).toEqual(CONFIG_VARIABLE_NAMES.filter((name) => name !== 'GATSBY_PRODUCT_NAME'));
    expect(URL_VARIABLES).toEqual(['GATSBY_SITE_URL', 'GATSBY_APP_URL', 'GATSBY_PAYMENTS_API_URL', 'GATSBY_API_URL']);
  });

  it('reads each declared variable, and SITE_ENV, from the environment', () => {
    expect(Object.keys(CONFIG_ENV)).toEqual([...CONFIG_VARIABLE_NAMES, 'SITE_ENV']);
  });

  it('is the only list: every process.env.GATSBY_* the site, the build and the scripts read is declared', () => {
    const root = path.join(__dirname, '..', '..');
    const read = new Set<string>();
    for (const file of CODE_FOLDERS.flatMap((folder) => codeFiles(path.join(root, folder)))) {
      {
        for (const match of readFileSync(file, 'utf8').matchAll(/process\.env\.(GATSBY_[A-Z_]+)/g)) read.add(match[1]);
      }
    }
    // Gatsby's own switch, not the site's configuration.
    read.delete('GATSBY_TELEMETRY_DISABLED');
    expect([...read].filter((name) => !(name in CONFIG_VARIABLES))).toEqual([]);
  });
});

describe('readConfig', () => {
  it('falls back to the local sandbox defaults', () => {
    const config = readConfig({});
    expect(config).toEqual({
      siteUrl: CONFIG_DEFAULTS.GATSBY_SITE_URL,
      appUrl: CONFIG_DEFAULTS.GATSBY_APP_URL,
      paymentsApiUrl: CONFIG_DEFAULTS.GATSBY_PAYMENTS_API_URL,
      paymentsApiKey: CONFIG_DEFAULTS.GATSBY_PAYMENTS_API_KEY,
      apiUrl: CONFIG_DEFAULTS.GATSBY_API_URL,
      apiKey: CONFIG_DEFAULTS.GATSBY_API_KEY,
      productName: 'StockPay',
      contactEmail: 'hello@stockpay.example',
    });
  });

  it('reads every variable and drops trailing slashes from URLs', () => {
    const config = readConfig({
      GATSBY_SITE_URL: 'https://www.example.com/',
      GATSBY_APP_URL: 'https://app.example.com//',
      GATSBY_PAYMENTS_API_URL: 'https://pay.example.com',
      GATSBY_PAYMENTS_API_KEY: 'pk',
      GATSBY_API_URL: 'https://api.example.com/',
      GATSBY_API_KEY: 'k',
      GATSBY_PRODUCT_NAME: ' Acme ',
      GATSBY_CONTACT_EMAIL: ' sales@acme.bg ',
    });
    expect(config).toEqual({
      siteUrl: 'https://www.example.com',
      appUrl: 'https://app.example.com',
      paymentsApiUrl: 'https://pay.example.com',
      paymentsApiKey: 'pk',
      apiUrl: 'https://api.example.com',
      apiKey: 'k',
      productName: 'Acme',
      contactEmail: 'sales@acme.bg',
    });
  });

  it('treats empty values as unset', () => {
    expect(readConfig({ GATSBY_PRODUCT_NAME: '  ', GATSBY_SITE_URL: '' }).productName).toBe('StockPay');
    expect(readConfig({ GATSBY_CONTACT_EMAIL: ' ' }).contactEmail).toBe('hello@stockpay.example');
  });

  it.each(['example.com', 'ftp://example.com', '/relative', 'http://', 'https://exa mple.com'])('names the variable when a URL is invalid (%p)', (value) => {
    expect(() => readConfig({ GATSBY_SITE_URL: value })).toThrow(`GATSBY_SITE_URL must be an absolute http(s) URL, got "${value}"`);
    expect(() => readConfig({ GATSBY_API_URL: value })).toThrow('GATSBY_API_URL');
  });

  it.each(['hello', 'hello@', '@stockpay.eu', 'hello@stockpay', 'a b@stockpay.eu', 'hello@stockpay.eu, sales@stockpay.eu', `${'a'.repeat(65)}@stockpay.eu`])(
    'refuses a contact address that is not an e-mail address (%p), in every mode',
    (value) => {
      expect(() => readConfig({ GATSBY_CONTACT_EMAIL: value })).toThrow(`GATSBY_CONTACT_EMAIL must be an e-mail address, got "${value}"`);
      expect(productionConfigProblems({ ...GOOD, GATSBY_CONTACT_EMAIL: value })).toEqual([`GATSBY_CONTACT_EMAIL must be an e-mail address, got "${value}"`]);
    },
  );

  it('names every malformed variable in one error', () => {
    expect(() => readConfig({ GATSBY_SITE_URL: 'nope', GATSBY_API_URL: 'ftp://x.example', GATSBY_CONTACT_EMAIL: 'x' })).toThrow(
      'The site configuration is invalid:\n' +
        '  - GATSBY_SITE_URL must be an absolute http(s) URL, got "nope"\n' +
        '  - GATSBY_API_URL must be an absolute http(s) URL, got "ftp://x.example"\n' +
        '  - GATSBY_CONTACT_EMAIL must be an e-mail address, got "x"',
    );
  });

  it('keeps the sandbox defaults, whatever the mode', () => {
    expect(readConfig({ SITE_ENV: 'whatever' }).apiUrl).toBe('http://127.0.0.1:4010');
    expect(readConfig({ GATSBY_API_URL: 'http://localhost:1', GATSBY_API_KEY: 'two words' }).apiUrl).toBe('http://localhost:1');
  });
});

describe('configMode', () => {
  it.each([
    // gatsby-cli sets gatsby_executing_command; only `gatsby build` can be a production build.
    [{ gatsby_executing_command: 'build' }, 'production'],
    [{ gatsby_executing_command: 'build', SITE_ENV: '' }, 'production'],
    [{ gatsby_executing_command: 'build', SITE_ENV: 'production' }, 'production'],
    [{ gatsby_executing_command: 'build', SITE_ENV: 'Local' }, 'production'],
    [{ gatsby_executing_command: 'build', SITE_ENV: ' local' }, 'production'],
    [{ gatsby_executing_command: 'build', SITE_ENV: 'local' }, 'local'],
    // gatsby develop stays permissive, whatever SITE_ENV says.
    [{ gatsby_executing_command: 'develop' }, 'local'],
    [{ gatsby_executing_command: 'develop', SITE_ENV: 'production' }, 'local'],
    // Commands that build nothing, the browser bundle (process.env is {}), and the tests.
    [{ gatsby_executing_command: 'serve' }, 'local'],
    [{ gatsby_executing_command: 'clean' }, 'local'],
    [{}, 'local'],
  ] as const)('%p is %p', (env, mode) => {
    expect(configMode(env)).toBe(mode);
  });

  it('builds for serving only under `gatsby build`, whatever SITE_ENV says (drafts are left out there: features/content/contentNodes.node.ts)', () => {
    expect(isGatsbyBuild({ gatsby_executing_command: 'build' })).toBe(true);
    expect(isGatsbyBuild({ gatsby_executing_command: 'build', SITE_ENV: 'local' })).toBe(true);
    for (const env of [{ gatsby_executing_command: 'develop' }, { gatsby_executing_command: 'Build' }, { gatsby_executing_command: 'serve' }, {}])
      expect(isGatsbyBuild(env)).toBe(false);
  });

  it('needs Chromium only in production', () => {
    expect(chromiumRequired('production')).toBe(true);
    expect(chromiumRequired('local')).toBe(false);
  });
});

describe('productionConfigProblems', () => {
  it('accepts a complete https configuration (product name optional, URLs may have paths and ports)', () => {
    expect(productionConfigProblems(GOOD)).toEqual([]);
    expect(productionConfigProblems({ ...GOOD, GATSBY_SITE_URL: 'https://www.stockpay.eu/', GATSBY_API_URL: 'https://api.stockpay.eu:8443/v2/' })).toEqual([]);
    expect(productionConfigProblems({ ...GOOD, SITE_ENV: 'production', GATSBY_PRODUCT_NAME: 'Acme' })).toEqual([]);
  });

  it('names every unset variable, in one list, when nothing is set', () => {
    expect(productionConfigProblems({})).toEqual([
      "GATSBY_SITE_URL is not set (this site's public https origin)",
      "GATSBY_APP_URL is not set (the application's https address)",
      "GATSBY_PAYMENTS_API_URL is not set (the payments API's https address)",
      "GATSBY_PAYMENTS_API_KEY is not set (the payments API's key for this site)",
      "GATSBY_API_URL is not set (the application API's https address)",
      "GATSBY_API_KEY is not set (the application API's key for this site)",
      "GATSBY_CONTACT_EMAIL is not set (the contact page's e-mail address)",
    ]);
  });

  it.each(REQUIRED)('requires %s (unset, empty or blank)', (name) => {
    for (const value of [undefined, '', '   ', '\t\n']) {
      expect(productionConfigProblems({ ...GOOD, [name]: value })).toEqual([expect.stringMatching(new RegExp(`^${name} is not set \\(`))]);
    }
  });

  it('does not require the product name', () => {
    expect(productionConfigProblems({ ...GOOD, GATSBY_PRODUCT_NAME: undefined })).toEqual([]);
  });

  describe.each(URL_VARIABLES)('%s', (name) => {
    const problem = (value: string) => productionConfigProblems({ ...GOOD, [name]: value });

    it.each(['http://www.stockpay.eu', 'HTTP://www.stockpay.eu', 'http://stockpay.eu:443'])('refuses plain http (%p)', (value) => {
      expect(problem(value)).toEqual([`${name} must use https; got "${value}"`]);
    });

    it.each([
      'https://localhost',
      'https://LOCALHOST:8443',
      'https://localhost.',
      'https://api.localhost',
      'https://127.0.0.1',
      'https://127.0.0.1:4010',
      'https://127.255.255.254',
      'https://127.1',
      'https://2130706433',
      'https://0x7f000001',
      'https://017700000001',
      'https://0.0.0.0',
      'https://0',
      'https://[::1]',
      'https://[0:0:0:0:0:0:0:1]:8443',
      'https://[::]',
      'https://[::ffff:127.0.0.1]',
      'https://[::ffff:7f00:1]',
      'https://[::127.0.0.1]',
    ])('refuses a loopback or unspecified address (%p)', (value) => {
      expect(problem(value)).toEqual([`${name} must not point at this machine; got "${value}"`]);
    });

    it('names every fault of one URL on one line: the sandbox default is both http and loopback', () => {
      expect(problem('http://127.0.0.1:4010')).toEqual([`${name} must use https, must not point at this machine; got "http://127.0.0.1:4010"`]);
    });

    it('refuses credentials, hiding the password', () => {
      expect(problem('https://user:s3cret@api.stockpay.eu')).toEqual([
        `${name} must not contain a user name or password (it would be public); got "https://user:***@api.stockpay.eu/"`,
      ]);
      expect(problem('https://user@api.stockpay.eu')).toEqual([`${name} must not contain a user name or password (it would be public); got "https://user@api.stockpay.eu"`]);
    });

    it.each(['https://api.stockpay.eu/?key=1', 'https://api.stockpay.eu/#top', 'https://api.stockpay.eu?'])('refuses a query or fragment (%p)', (value) => {
      expect(problem(value)).toEqual([`${name} must not have a query or fragment; got "${value}"`]);
    });

    it.each(['www.stockpay.eu', 'ftp://www.stockpay.eu', 'javascript:alert(1)', '//www.stockpay.eu'])('refuses what is not an http(s) URL (%p)', (value) => {
      expect(problem(value)).toEqual([`${name} must be an absolute http(s) URL, got "${value}"`]);
    });

    it.each(['https://10.0.0.5', 'https://192.168.1.10', 'https://[2001:db8::1]', 'https://128.0.0.1', 'https://localhost.stockpay.eu', 'https://xn--80ak6aa92e.com'])(
      'accepts other hosts (%p)',
      (value) => {
        const fine = name === 'GATSBY_SITE_URL' ? value : `${value}/api`;
        expect(problem(fine)).toEqual([]);
      },
    );
  });

  it('wants GATSBY_SITE_URL as an origin, without a path', () => {
    expect(productionConfigProblems({ ...GOOD, GATSBY_SITE_URL: 'https://www.stockpay.eu/site/' })).toEqual([
      'GATSBY_SITE_URL must be an origin, without a path; got "https://www.stockpay.eu/site/"',
    ]);
  });

  it.each(['GATSBY_PAYMENTS_API_KEY', 'GATSBY_API_KEY'] as const)('refuses the sandbox key and keys no header can carry in %s', (name) => {
    expect(productionConfigProblems({ ...GOOD, [name]: CONFIG_DEFAULTS[name] })).toEqual([`${name} is the sandbox's key; set the key the API gave this site`]);
    for (const value of ['two words', 'tab\there', 'line\nbreak', 'ключ', 'key\u0000']) {
      expect(productionConfigProblems({ ...GOOD, [name]: value })).toEqual([`${name} must be printable ASCII without spaces (it is sent as an HTTP header)`]);
    }
    // Surrounding blanks are trimmed, as everywhere.
    expect(productionConfigProblems({ ...GOOD, [name]: '  abc-123_XYZ.=  ' })).toEqual([]);
  });

  it.each(['hello@stockpay.example', 'hello@shop.test', 'a@b.invalid', 'root@localhost.localhost'])('refuses a contact address at a reserved domain (%p)', (value) => {
    expect(productionConfigProblems({ ...GOOD, GATSBY_CONTACT_EMAIL: value })).toEqual([`GATSBY_CONTACT_EMAIL is at a reserved domain that receives no mail, got "${value}"`]);
  });

  it.each(['Local', 'LOCAL', 'locale', 'dev', 'staging', ' local'])('refuses a SITE_ENV that is neither "local" nor "production" (%p)', (value) => {
    expect(productionConfigProblems({ ...GOOD, SITE_ENV: value })).toEqual([`SITE_ENV must be "local" for a local build, or unset for production; got "${value}"`]);
  });

  it('lists every offending variable at once, SITE_ENV first, then in the order of the README', () => {
    const problems = productionConfigProblems({
      SITE_ENV: 'dev',
      GATSBY_SITE_URL: 'http://localhost:8000',
      GATSBY_PAYMENTS_API_URL: 'https://127.0.0.1:4010',
      GATSBY_PAYMENTS_API_KEY: 'sandbox-payments-key',
      GATSBY_API_URL: 'not a url',
      GATSBY_CONTACT_EMAIL: 'hello@stockpay.example',
    });
    // Every variable but the product name is at fault: SITE_ENV first, then the declared order.
    expect(problems.map((problem) => problem.split(' ')[0])).toEqual(['SITE_ENV', ...CONFIG_VARIABLE_NAMES.filter((name) => name !== 'GATSBY_PRODUCT_NAME')]);
  });

  it('includes the malformed values that every build refuses', () => {
    expect(productionConfigProblems({ ...GOOD, GATSBY_API_URL: 'nope', GATSBY_CONTACT_EMAIL: 'x@' })).toEqual([
      'GATSBY_API_URL must be an absolute http(s) URL, got "nope"',
      'GATSBY_CONTACT_EMAIL must be an e-mail address, got "x@"',
    ]);
  });
});

describe('buildConfigError', () => {
  const build = { gatsby_executing_command: 'build' };

  it('stops a production build, naming every problem in one message', () => {
    expect(buildConfigError({}, build)).toMatch(
      new RegExp(
        `^This production build would send visitors to the local sandbox or nowhere\\.\\nFix these 7 settings \\(docs\\/configuration\\.md\\):\\n(  - GATSBY_[A-Z_]+ is not set .*\\n){7}To build`,
      ),
    );
    expect(buildConfigError({ ...GOOD, GATSBY_API_URL: 'http://127.0.0.1:4010' }, build)).toContain(
      'Fix this setting (docs/configuration.md):\n  - GATSBY_API_URL must use https, must not point at this machine',
    );
  });

  it('lets a complete production build through', () => {
    expect(buildConfigError(GOOD, build)).toBeNull();
  });

  it.each([{ ...build, SITE_ENV: 'local' }, { gatsby_executing_command: 'develop' }, { gatsby_executing_command: 'serve' }, {}])(
    'refuses only malformed values in local mode (%p)',
    (processEnv) => {
      expect(buildConfigError({ GATSBY_API_URL: 'http://127.0.0.1:4010', GATSBY_CONTACT_EMAIL: 'hello@stockpay.example' }, processEnv)).toBeNull();
      expect(buildConfigError({ GATSBY_API_URL: 'api', GATSBY_CONTACT_EMAIL: 'hello' }, processEnv)).toBe(
        'The site configuration is invalid:\n' +
          '  - GATSBY_API_URL must be an absolute http(s) URL, got "api"\n' +
          '  - GATSBY_CONTACT_EMAIL must be an e-mail address, got "hello"',
      );
    },
  );
});

describe('productionConfigMessage', () => {
  it('counts the settings, lists them and says how to build locally instead', () => {
    expect(productionConfigMessage(['A is not set', 'B must use https'])).toBe(
      'This production build would send visitors to the local sandbox or nowhere.\n' +
        'Fix these 2 settings (docs/configuration.md):\n' +
        '  - A is not set\n' +
        '  - B must use https\n' +
        'To build for this machine against the sandbox instead, set SITE_ENV=local.',
    );
    expect(productionConfigMessage(['A is not set'])).toContain('Fix this setting (docs/configuration.md):\n  - A is not set\n');
  });
});

describe('isLoopbackHost', () => {
  it.each(['localhost', 'a.b.localhost', '127.0.0.1', '127.8.9.10', '0.0.0.0', '0.1.2.3', '[::1]', '[::]', '[::ffff:7f00:1]', '[::7f00:1]', '[::ffff:0:0]'])(
    '%p is this machine',
    (host) => {
      expect(isLoopbackHost(host)).toBe(true);
    },
  );

  it.each(['stockpay.eu', 'localhost.stockpay.eu', 'mylocalhost', '126.255.255.255', '128.0.0.1', '10.0.0.1', '[2001:db8::1]', '[::ffff:a00:1]', '[fe80::1]', '[1::1]'])(
    '%p is not',
    (host) => {
      expect(isLoopbackHost(host)).toBe(false);
    },
  );
});

describe('siteConfig', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
    jest.resetModules();
  });

  const load = () => jest.requireActual<typeof import('../../features/site/settings')>('../../features/site/settings');

  it('reads the environment, GATSBY_CONTACT_EMAIL included', () => {
    process.env = { PATH: saved.PATH, GATSBY_CONTACT_EMAIL: 'sales@acme.bg', GATSBY_API_URL: 'https://api.acme.bg/' };
    jest.resetModules();
    expect(load().siteConfig).toMatchObject({ contactEmail: 'sales@acme.bg', apiUrl: 'https://api.acme.bg' });
    expect(load().CONFIG_ENV).toMatchObject({ GATSBY_CONTACT_EMAIL: 'sales@acme.bg', GATSBY_API_URL: 'https://api.acme.bg/' });
  });

  it('never throws while loading in Node, even in a production build with malformed values: the build stops in onPreBootstrap', () => {
    process.env = { PATH: saved.PATH, gatsby_executing_command: 'build', GATSBY_SITE_URL: 'nope', GATSBY_CONTACT_EMAIL: 'x' };
    jest.resetModules();
    const config = load();
    expect(config.siteConfig).toMatchObject({ siteUrl: 'http://127.0.0.1:9000', contactEmail: 'hello@stockpay.example' });
    const message = buildConfigError(config.CONFIG_ENV, process.env) ?? '';
    for (const name of REQUIRED.filter((n) => n !== 'GATSBY_SITE_URL' && n !== 'GATSBY_CONTACT_EMAIL')) expect(message).toContain(`  - ${name} is not set`);
    expect(message).toContain('  - GATSBY_SITE_URL must be an absolute http(s) URL, got "nope"');
    expect(message).toContain('  - GATSBY_CONTACT_EMAIL must be an e-mail address, got "x"');
  });

  it("reads strictly in Gatsby's bundles (BUILD_STAGE set)", () => {
    process.env = { PATH: saved.PATH, BUILD_STAGE: 'build-html', GATSBY_SITE_URL: 'nope' };
    jest.resetModules();
    expect(() => load()).toThrow('GATSBY_SITE_URL must be an absolute http(s) URL, got "nope"');
  });
});
