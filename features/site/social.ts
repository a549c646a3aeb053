/**
 * The footer's social links come from content/social.json, which editors
 * own (by hand or at /admin/, whose form features/cms/decapConfig.ts derives from
 * the rules here). This checks that file so a typo fails the build with the
 * field named. The list sits under "links" because the CMS edits a JSON
 * file's object, never a bare list.
 */
export const SOCIAL_NETWORKS = ['microblog', 'chat', 'source'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface SocialLink {
  network: SocialNetwork;
  /** The service's own name, e.g. "GitHub"; shown to screen readers. */
  name: string;
  url: string;
}

/** Only https:// addresses, so no `javascript:` or plain-http link reaches the footer. */
export const SOCIAL_URL_PATTERN = /^https:\/\/[^\s]+$/;

export const SOCIAL_FILE = 'content/social.json';
const FILE = SOCIAL_FILE;

export function parseSocialLinks(data: unknown): SocialLink[] {
  const links = typeof data === 'object' && data !== null && !Array.isArray(data) ? (data as Record<string, unknown>).links : undefined;
  if (!Array.isArray(links)) throw new Error(`${FILE}: expected "links", a list of links`);
  return links.map((entry: unknown, index): SocialLink => {
    const where = `${FILE}: entry ${index + 1}`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${where} must be an object`);
    const { network, name, url } = entry as Record<string, unknown>;
    if (typeof network !== 'string' || !(SOCIAL_NETWORKS as readonly string[]).includes(network)) {
      throw new Error(`${where}: field "network" must be one of ${SOCIAL_NETWORKS.join(', ')}`);
    }
    if (typeof name !== 'string' || name.trim() === '') throw new Error(`${where}: field "name" is required`);
    if (typeof url !== 'string' || !SOCIAL_URL_PATTERN.test(url)) {
      throw new Error(`${where}: field "url" must be an https:// address`);
    }
    return { network: network as SocialNetwork, name: name.trim(), url };
  });
}
