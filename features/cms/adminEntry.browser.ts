/** The entry of /admin/admin.js (features/cms/admin.node.ts bundles it with the build's ADMIN_CONFIG): sets Decap up (./admin.ts). */
import { setUpCms, type AdminConfig, type AdminHost, type DecapCms } from './admin.browser';

declare const ADMIN_CONFIG: AdminConfig;
declare const CMS: DecapCms;

setUpCms(window as unknown as AdminHost, CMS, ADMIN_CONFIG);
