import socialData from '../../content/social.json';
import { parseSocialLinks } from '../../features/site/social';

describe('parseSocialLinks', () => {
  it("accepts the editors' file with a microblog, a chat group and a source repository", () => {
    expect(parseSocialLinks(socialData).map((link) => link.network)).toEqual(['microblog', 'chat', 'source']);
  });

  it.each([
    [{}, 'content/social.json: expected "links", a list of links'],
    [[], 'content/social.json: expected "links", a list of links'],
    [{ links: {} }, 'content/social.json: expected "links", a list of links'],
    [{ links: [null] }, 'content/social.json: entry 1 must be an object'],
    [{ links: [{ network: 'fax', name: 'Fax', url: 'https://x' }] }, 'content/social.json: entry 1: field "network" must be one of microblog, chat, source'],
    [{ links: [{ network: 'chat', name: '', url: 'https://x' }] }, 'content/social.json: entry 1: field "name" is required'],
    [{ links: [{ network: 'chat', name: 'Chat', url: 'http://insecure.example' }] }, 'content/social.json: entry 1: field "url" must be an https:// address'],
    [{ links: [{ network: 'chat', name: 'Chat', url: 'javascript:alert(1)' }] }, 'content/social.json: entry 1: field "url" must be an https:// address'],
  ])('names the field that is wrong (%#)', (data, message) => {
    expect(() => parseSocialLinks(data)).toThrow(message);
  });
});
