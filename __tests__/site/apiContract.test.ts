/** @jest-environment node */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_KEY_HEADER, AVAILABLE_PLANS_PATH, CONTACT_SUBMISSION_PATH, SANDBOX_APP_PATH } from '../../features/site/apiContract';
import { sandboxBuildEnv, startBuildEnv } from '../../features/sandbox/buildEnv';
import { ROOT, codeFiles } from '../support/imports';
import { CODE_FOLDERS } from '../support/layout';

describe('the API contract', () => {
  it('is the calls SPEC section 7 names: GET /available-plans/ and POST /api/Users/ContactUs, each with the apiKey header', () => {
    expect(AVAILABLE_PLANS_PATH).toBe('/available-plans/');
    expect(CONTACT_SUBMISSION_PATH).toBe('/api/Users/ContactUs');
    expect(API_KEY_HEADER).toBe('apiKey');
  });

  it("points a local build's application links at the sandbox's stand-in", () => {
    const targets = { siteUrl: 'http://127.0.0.1:9000', sandboxUrl: 'http://127.0.0.1:4010' };
    expect(sandboxBuildEnv({}, { ...targets, chromePath: '/usr/bin/chromium' }).GATSBY_APP_URL).toBe(`http://127.0.0.1:4010${SANDBOX_APP_PATH}`);
    expect(startBuildEnv({}, targets).GATSBY_APP_URL).toBe(`http://127.0.0.1:4010${SANDBOX_APP_PATH}`);
  });
});

describe('where the contract is written', () => {
  /** The code of the project (not its tests, which may check the contract from outside). */
  const SOURCES = CODE_FOLDERS;
  const HOME = 'features/site/apiContract.ts';
  const code = SOURCES.flatMap((source) => codeFiles(path.join(ROOT, source))).map((file) => path.relative(ROOT, file).split(path.sep).join('/'));

  it.each([
    ['the plans path', /available-plans/i],
    ['the contact path', /Users\/ContactUs/i],
    ['the header name, as text', /["'`]apiKey\b/],
    // Not a module path ('../lib/app'): a path of its own, in a string or after a ${…}.
    ["the sandbox's stand-in for the application", /(?<![.\w])\/app(?=[`'"])/],
  ])('holds %s in features/site/apiContract.ts alone', (_what, literal) => {
    expect(code.length).toBeGreaterThan(200);
    expect(code.filter((file) => file !== HOME && literal.test(readFileSync(path.join(ROOT, file), 'utf8')))).toEqual([]);
  });
});
