/** Integrity values of the CMS page's three scripts, as a build would record them, for records the tests write by hand. */
import type { AdminScriptIntegrity } from '../../features/cms/adminPage';

const sha384 = (fill: string) => `sha384-${fill.repeat(64)}`;

export const ADMIN_SCRIPTS_EXAMPLE: AdminScriptIntegrity = { 'decap-cms.js': sha384('A'), 'admin.js': sha384('B'), 'preview.js': sha384('C') };
