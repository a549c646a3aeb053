/** @jest-environment node */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx, hiddenFromOthers, nginxMissing } from '../../scripts/nginxServer';

const INSTALL = 'apt-get install -y nginx libnginx-mod-http-brotli-static';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'nginx-server-'));
  chmodSync(dir, 0o755);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('findNginx', () => {
  it('finds an executable nginx on PATH before /usr/sbin, and skips a file that cannot run', () => {
    const bin = path.join(dir, 'bin');
    mkdirSync(bin);
    writeFileSync(path.join(bin, 'nginx'), '#!/bin/sh\n', { mode: 0o755 });
    expect(findNginx(`/nonexistent${path.delimiter}${bin}`)).toBe(path.join(bin, 'nginx'));
    chmodSync(path.join(bin, 'nginx'), 0o644);
    expect(findNginx(bin)).not.toBe(path.join(bin, 'nginx'));
  });
});

describe('hiddenFromOthers', () => {
  it("names the first file or folder nginx's workers (another user) could not read", () => {
    const site = path.join(dir, 'public');
    mkdirSync(path.join(site, 'docs'), { recursive: true });
    writeFileSync(path.join(site, 'index.html'), 'x', { mode: 0o644 });
    writeFileSync(path.join(site, 'docs', 'index.html'), 'x', { mode: 0o644 });
    chmodSync(site, 0o755);
    chmodSync(path.join(site, 'docs'), 0o755);
    expect(hiddenFromOthers(site)).toBeNull();
    chmodSync(path.join(site, 'docs', 'index.html'), 0o600);
    expect(hiddenFromOthers(site)).toBe(path.join(site, 'docs', 'index.html'));
    chmodSync(path.join(site, 'docs'), 0o750);
    expect(hiddenFromOthers(site)).toBe(path.join(site, 'docs'));
    chmodSync(dir, 0o700);
    expect(hiddenFromOthers(site)).toBe(dir);
  });
});

describe('nginxMissing', () => {
  it('says what is missing and the line that installs both packages', () => {
    expect(nginxMissing({ nginx: true, module: true })).toBeNull();
    expect(nginxMissing({ nginx: false, module: true })).toBe(`nginx is not installed. On Debian or Ubuntu, as root:\n  ${INSTALL}`);
    expect(nginxMissing({ nginx: true, module: false })).toMatch(/^the brotli static module \(.+\.so\) is not installed\./);
    expect(nginxMissing({ nginx: false, module: false })).toMatch(new RegExp(`^nginx and the brotli static module .* are not installed\\..*\n  ${INSTALL}$`));
  });
});
