import React from 'react';
import { COVER_SIZES, THUMBNAIL_SIZES, pictureParts, type Loading, type PictureImage } from './picture';
import { LocalizedLink } from '../site/LocalizedLink';
import * as styles from './CoverImage.module.css';

interface PictureProps {
  image: PictureImage;
  /** What it shows; empty when the text beside it says it all. */
  alt: string;
  /** How wide the layout draws it, for the browser to pick a width before the stylesheet is in. */
  sizes: string;
  loading: Loading;
  className?: string;
}

/**
 * An editor's image as React renders it: the same <picture> the image
 * plugin writes into bodies,
 * its width and height from the largest file so the page keeps its room
 * before it arrives, drawn in its own colour until then.
 */
export function Picture({ image, alt, sizes, loading, className }: PictureProps): React.JSX.Element {
  const { sources, img } = pictureParts(image, { sizes, loading });
  // React 18 knows no fetchPriority: it warns and writes the attribute as typed; lower case it writes as it is.
  const priority: Record<string, string> = img.fetchPriority ? { fetchpriority: img.fetchPriority } : {};
  return (
    <picture className={className}>
      {sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={img.src}
        srcSet={img.srcSet}
        sizes={img.sizes}
        width={img.width}
        height={img.height}
        alt={alt}
        loading={img.loading}
        decoding={img.decoding}
        {...priority}
        style={{ backgroundColor: img.color }}
      />
    </picture>
  );
}

/**
 * A post's cover at the top of its text: the page's largest image, so it
 * is fetched first of all (no lazy loading), as wide as the text.
 */
export function CoverImage({ image, alt }: { image: PictureImage; alt: string }): React.JSX.Element {
  return <Picture image={image} alt={alt} sizes={COVER_SIZES} loading="lcp" className={styles.cover} />;
}

/**
 * A post's cover as its thumbnail in the blog's list, a link to the post
 * (`to`) for a pointer or a finger. Keyboards and screen readers have the
 * post's linked title beside it, so this link is out of the tab order and
 * hidden from them, and the picture's alt text is empty: a description of
 * the photo before every title would only lengthen the list. The first of
 * a page is fetched at once (on a phone it is the largest thing in the
 * first screen); the rest lazily.
 */
export function CoverThumbnail({ image, to, first }: { image: PictureImage; to: string; first: boolean }): React.JSX.Element {
  return (
    <LocalizedLink to={to} tabIndex={-1} aria-hidden="true" className={styles.thumbnailLink}>
      <Picture image={image} alt="" sizes={THUMBNAIL_SIZES} loading={first ? 'first' : 'lazy'} className={styles.thumbnail} />
    </LocalizedLink>
  );
}
