/**
 * Who wrote each file of public/. A build has several writers (Gatsby's
 * pages and bundles, the site's own images from static/, the CMS, the search
 * index, the drawings, the feeds, the hosting files) and none of them knows
 * what the others wrote: the last one to write a path would win, so static/
 * could replace a page's data or the CMS's own script. Each writer claims
 * the paths it writes; the build then holds public/ to those claims
 * (features/hosting/publicOwners.node.ts): a path claimed twice, a claimed file that is
 * missing, and a file nobody claimed each fail the build, naming the file.
 * A file an earlier build wrote that this one did not is removed, so a file
 * deleted from static/ or content/ leaves public/ and every release made
 * from it. The record of the owners (public/_files.json) is what a release
 * copies (features/hosting/releases.node.ts). Pure: the callers read the disk.
 */

/** The writers of public/, and what each is, for messages. */
export const PRODUCERS = {
  pages: "Gatsby's pages and page data",
  bundles: "webpack's bundles (Gatsby's JavaScript and CSS)",
  partytown: "Gatsby's copy of Partytown",
  runtime: "the runtime file that starts Gatsby's scripts (features/runtime/runtimeFile.node.ts)",
  static: "the site's own images from static/ (features/images/staticImages.node.ts)",
  cms: 'the CMS at /admin/ (features/cms/admin.node.ts)',
  katex: "KaTeX's stylesheet and fonts (gatsby/onPreBootstrap.ts)",
  illustrations: "the home page's drawings (features/illustrations/drawings.node.tsx)",
  'brand-images': 'the share images and icons (features/share-cards/brandImages.node.tsx)',
  'share-cards': "the posts' share cards (features/share-cards/postShareImages.node.ts)",
  images: "editors' images, made fit to publish (features/images/contentImages.node.ts)",
  manifest: 'the web app manifests (gatsby-plugin-manifest)',
  feeds: 'the feeds (gatsby-plugin-feed, features/blog/feeds.node.ts)',
  sitemap: 'the sitemap (gatsby-plugin-sitemap)',
  search: 'the search index (features/search/searchIndex.node.ts)',
  hosting: 'the hosting files (gatsby/onPostBuild.ts)',
} as const;

export type Producer = keyof typeof PRODUCERS;

/** Where the record of owners is written: a hosting file, never served. */
export const FILES_RECORD_PATH = '/_files.json';

/** Every file of a build, by its producer: paths relative to public/, '/'-separated, sorted. */
export type FilesRecord = Partial<Record<Producer, string[]>>;

export interface Ownership {
  /** Each claimed file that exists, with its one owner. */
  owners: Map<string, Producer>;
  /** Paths two or more producers claimed, with them all. */
  collisions: { file: string; producers: Producer[] }[];
  /** Claimed files that public/ does not hold. */
  missing: { file: string; producer: Producer }[];
  /** Files public/ holds that no producer of this build claimed, but an earlier build's record lists: to remove. */
  stale: string[];
  /** Files public/ holds that neither this build nor the one before wrote. */
  unclaimed: string[];
}

/**
 * A claimed path as a file of public/: relative, '/'-separated, with no
 * empty, '.' or '..' segment. A producer that claims anything else has a
 * bug, so this throws naming the producer.
 */
export function normalClaim(producer: Producer, file: string): string {
  const relative = file.replace(/^\/+/, '');
  if (relative === '' || relative.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) {
    throw new Error(`${PRODUCERS[producer]} claimed ${JSON.stringify(file)}, which is not a file path under public/`);
  }
  return relative;
}

/**
 * Holds the files of public/ (`files`, relative and '/'-separated) to the
 * producers' `claims`, given the record of the build before (`previous`,
 * when public/ holds one).
 */
export function ownership(files: readonly string[], claims: ReadonlyMap<Producer, Iterable<string>>, previous: FilesRecord | undefined): Ownership {
  const claimants = new Map<string, Producer[]>();
  for (const [producer, paths] of claims) {
    for (const file of paths) {
      const relative = normalClaim(producer, file);
      const list = claimants.get(relative) ?? [];
      if (!list.includes(producer)) list.push(producer);
      claimants.set(relative, list);
    }
  }
  const present = new Set(files);
  const earlier = new Set(Object.values(previous ?? {}).flat());
  const result: Ownership = { owners: new Map(), collisions: [], missing: [], stale: [], unclaimed: [] };
  for (const [file, producers] of [...claimants].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (producers.length > 1) result.collisions.push({ file, producers });
    if (!present.has(file)) result.missing.push({ file, producer: producers[0] });
    else result.owners.set(file, producers[0]);
  }
  for (const file of [...files].sort()) {
    if (claimants.has(file)) continue;
    (earlier.has(file) ? result.stale : result.unclaimed).push(file);
  }
  return result;
}

/** What is wrong, one line a file, naming it in public/ and saying who claimed it; empty when public/ is exactly what the producers wrote. */
export function ownershipProblems(result: Ownership): string[] {
  return [
    ...result.collisions.map(
      ({ file, producers }) =>
        `public/${file} is written by ${producers.map((producer) => PRODUCERS[producer]).join(' and by ')}; one path has one writer: rename or remove the one that is content`,
    ),
    ...result.missing.map(({ file, producer }) => `public/${file} is missing, though ${PRODUCERS[producer]} claimed it`),
    ...result.unclaimed.map((file) => `public/${file} is in public/, but no writer of this build or the one before made it: remove it, or give it a writer`),
  ];
}

/** The record of `owners`: every file under its producer, producers and files sorted. */
export function filesRecord(owners: ReadonlyMap<string, Producer>): FilesRecord {
  const record: FilesRecord = {};
  for (const producer of Object.keys(PRODUCERS).sort() as Producer[]) {
    const files = [...owners].filter(([, owner]) => owner === producer).map(([file]) => file);
    if (files.length > 0) record[producer] = files.sort();
  }
  return record;
}

/** The record in `text`, or an error saying what is wrong with it. */
export function parseFilesRecord(text: string): FilesRecord {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`it is not JSON (${(error as Error).message})`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error('it is not an object');
  const record: FilesRecord = {};
  for (const [producer, files] of Object.entries(data)) {
    if (!Object.prototype.hasOwnProperty.call(PRODUCERS, producer)) throw new Error(`"${producer}" is not a writer of public/`);
    if (!Array.isArray(files) || !files.every((file) => typeof file === 'string')) throw new Error(`"${producer}" must list file paths`);
    record[producer as Producer] = files.map((file: string) => normalClaim(producer as Producer, file));
  }
  return record;
}

/** Every file the record lists, sorted. */
export const recordedFiles = (record: FilesRecord): string[] => Object.values(record).flat().sort();
