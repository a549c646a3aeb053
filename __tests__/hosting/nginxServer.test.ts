/** @jest-environment node */
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { findNginx, nginxMissing } from '../../features/hosting/nginxServer.node';

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

describe('nginxMissing', () => {
  it('says what is missing and the line that installs both packages', () => {
    expect(nginxMissing({ nginx: true, module: true })).toBeNull();
    expect(nginxMissing({ nginx: false, module: true })).toBe(`nginx is not installed. On Debian or Ubuntu, as root:\n  ${INSTALL}`);
    expect(nginxMissing({ nginx: true, module: false })).toMatch(/^the brotli static module \(.+\.so\) is not installed\./);
    expect(nginxMissing({ nginx: false, module: false })).toMatch(new RegExp(`^nginx and the brotli static module .* are not installed\\..*\n  ${INSTALL}$`));
  });
});
