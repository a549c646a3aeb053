/**
 * The footer's social links come from content/social.json, which editors
 * own. This checks that file so a typo fails the build with the field named.
 */
export const SOCIAL_NETWORKS = ['microblog', 'chat', 'source'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export interface SocialLink {
  network: SocialNetwork;
  /** The service's own name, e.g. "GitHub"; shown to screen readers. */
  name: string;
  url: string;
}

const FILE = 'content/social.json';

export function parseSocialLinks(data: unknown): SocialLink[] {
  if (!Array.isArray(data)) throw new Error(`${FILE}: expected a list of links`);
  return data.map((entry: unknown, index): SocialLink => {
    const where = `${FILE}: entry ${index + 1}`;
    if (typeof entry !== 'object' || entry === null) throw new Error(`${where} must be an object`);
    const { network, name, url } = entry as Record<string, unknown>;
    if (typeof network !== 'string' || !(SOCIAL_NETWORKS as readonly string[]).includes(network)) {
      throw new Error(`${where}: field "network" must be one of ${SOCIAL_NETWORKS.join(', ')}`);
    }
    if (typeof name !== 'string' || name.trim() === '') throw new Error(`${where}: field "name" is required`);
    if (typeof url !== 'string' || !/^https:\/\/[^\s]+$/.test(url)) {
      throw new Error(`${where}: field "url" must be an https:// address`);
    }
    return { network: network as SocialNetwork, name: name.trim(), url };
  });
}
