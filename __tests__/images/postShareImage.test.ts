/** Which share image a post names: its cover's crop, else its card, else the site-wide one. */
import { SHARE_IMAGE, postShareImage } from '../../features/images/shareImage';
import { SHARE_CROP } from '../../features/images/picture';

const CARD = '/static/share/0123456789abcdef0123.png';
const CROP = { path: '/static/images/fedcba9876543210fedc-share.jpg', type: 'image/jpeg' };

describe('postShareImage', () => {
  it('shares a post with a cover by the cover’s crop, as the type the image step made it', () => {
    expect(postShareImage(null, { share: CROP })).toEqual({ ...CROP, shows: 'cover' });
    // A card left from before the cover (none is drawn for such a post) never wins over it.
    expect(postShareImage(CARD, { share: CROP })).toEqual({ ...CROP, shows: 'cover' });
  });

  it('shares a post without a cover by its drawn card, a PNG', () => {
    expect(postShareImage(CARD, undefined)).toEqual({ path: CARD, type: 'image/png', shows: 'card' });
    // A cover the image step made no crop of falls back to the card.
    expect(postShareImage(CARD, { share: null })).toEqual({ path: CARD, type: 'image/png', shows: 'card' });
  });

  it('names none without either: the page then names the language’s site-wide image', () => {
    expect(postShareImage(null, undefined)).toBeNull();
    expect(postShareImage(null, { share: null })).toBeNull();
  });

  it('the crop has the size every share image has, which the head states', () => {
    expect({ width: SHARE_CROP.width, height: SHARE_CROP.height }).toEqual({ width: SHARE_IMAGE.width, height: SHARE_IMAGE.height });
  });
});
