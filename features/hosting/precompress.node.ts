/**
 * The brotli and gzip copies nginx serves beside each text file
 * (brotli_static, gzip_static). They are not part of the build: a CDN gets
 * the originals and compresses itself, so the copies are made where nginx
 * serves a folder: into each release by `npm run publish`, and into
 * public/ when `npm run serve:nginx` or the site checks start nginx
 * (features/hosting/nginxServer.node.ts).
 *
 * Brotli's best quality costs about 2 s a megabyte (60-90 ms for a blog
 * page), so every copy is kept in a cache by the bytes it was made from
 * (node_modules/.cache/stockpay-precompressed/, a kept cache that `gatsby
 * clean` leaves alone) and hard-linked from there: a
 * file is compressed once, whatever build, release or folder it turns up
 * in, and releases share the copies of their unchanged files as they share
 * the files.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, statSync, unlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import { isCompressedCopy } from './publicFiles.node';
import { filesUnder } from '../../system/folderTree';
import { PRECOMPRESSED, keptCacheDir, recordUse, writeWhole } from '../../system/keptCache.js';
import { forEachAtOnce } from '../../system/pool';
import { PROJECT_DIR } from '../../system/paths.js';

export const PRECOMPRESS_CACHE = keptCacheDir(PROJECT_DIR, PRECOMPRESSED);

/** Text files nginx serves precompressed; others (images, fonts, Pagefind's gzipped index) are compressed already. */
const COMPRESSIBLE = /\.(html|js|css|json|svg|xml|txt|webmanifest)$/;
const MIN_BYTES = 1024;
/** Bumped when what a key stands for changes (the compressors' settings), so old entries are never taken for new ones. */
const KEY_VERSION = 'v1';

/**
 * Brotli's best quality for every file. It costs about 2 s a megabyte, paid
 * once per file's bytes thanks to the cache: the CMS's 6 MB of scripts
 * (the same every build until Decap is updated) take 9.9 s once, and reach
 * editors in 1.35 MB instead of quality 5's 1.55 MB.
 */
const BROTLI_QUALITY = constants.BROTLI_MAX_QUALITY;

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCompress);

export interface Precompressed {
  /** Files that got a .br and a .gz copy. */
  files: number;
  /** Of those, the files compressed in this run: the others' copies came from the cache, or with their file from a release before. */
  compressed: number;
}

/** One line for a log: how many files got copies, and how many were compressed rather than reused. */
export const describePrecompressed = ({ files, compressed }: Precompressed, ms: number): string =>
  `Compressed copies (brotli, gzip) of ${files} files: ${compressed} made, ${files - compressed} reused, in ${(ms / 1000).toFixed(1)} s.`;

export interface PrecompressOptions {
  /** The cache of copies (PRECOMPRESS_CACHE by default). */
  cache?: string;
  /** Now, in ms since the epoch: when entries were last used, and which are old enough to go. */
  now?: number;
  /**
   * Files (relative, '/'-separated) whose copies in the folder are known to
   * be theirs: linked with the file from a release that had them
   * (features/hosting/releases.node.ts). Kept as they are, neither read nor replaced.
   */
  kept?: ReadonlySet<string>;
}

/** A hard link to `from` at `to`, or a copy where the two are on different file systems. */
function place(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(from, to);
  }
}

/**
 * Gives every text file of `dir` over 1 KB its `name.br` (brotli, quality 11)
 * and `name.gz` (gzip, level 9), taken from the cache or
 * made there (as many at once as the machine has cores: zlib's async calls
 * use libuv's thread pool), and removes every other copy in `dir`: one
 * whose file is gone, or made from other bytes. The copies of `kept` files
 * stay as they are. Then forgets the cache's entries no run has used for
 * 30 days.
 */
export async function precompress(dir: string, options: PrecompressOptions = {}): Promise<Precompressed> {
  const cache = options.cache ?? PRECOMPRESS_CACHE;
  mkdirSync(cache, { recursive: true });
  const kept = options.kept ?? new Set<string>();
  const files = filesUnder(dir);
  const targets = files.filter((file) => !isCompressedCopy(file) && COMPRESSIBLE.test(file) && statSync(path.join(dir, file)).size > MIN_BYTES);
  // Every other copy goes, then each file's comes back from the cache: a copy in `dir` is not trusted to match its file.
  const keptCopies = new Set(targets.filter((file) => kept.has(file)).flatMap((file) => [`${file}.br`, `${file}.gz`]));
  for (const copy of files.filter((file) => isCompressedCopy(file) && !keptCopies.has(file))) unlinkSync(path.join(dir, copy));

  // Not the bytes: read again when compressed, so a large site's pending files are not all held in memory at once.
  const entry = (file: string) => {
    const key = createHash('sha256')
      .update(`${KEY_VERSION} brotli ${BROTLI_QUALITY} gzip 9\n`)
      .update(readFileSync(path.join(dir, file)))
      .digest('hex');
    return { file, key, stem: path.join(cache, key.slice(0, 2), key) };
  };
  const cached = (stem: string) => existsSync(`${stem}.br`) && existsSync(`${stem}.gz`);
  const used: string[] = [];
  const pending: ReturnType<typeof entry>[] = [];
  for (const file of targets.filter((target) => !keptCopies.has(`${target}.br`))) {
    const found = entry(file);
    used.push(found.key);
    if (cached(found.stem)) {
      place(`${found.stem}.br`, path.join(dir, `${file}.br`));
      place(`${found.stem}.gz`, path.join(dir, `${file}.gz`));
    } else pending.push(found);
  }

  const compress = async ({ file, stem }: ReturnType<typeof entry>) => {
    const bytes = readFileSync(path.join(dir, file));
    const params = { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    const [br, gz] = await Promise.all([brotli(bytes, { params }), gzip(bytes, { level: constants.Z_BEST_COMPRESSION })]);
    mkdirSync(path.dirname(stem), { recursive: true });
    writeWhole(`${stem}.br`, br);
    writeWhole(`${stem}.gz`, gz);
    place(`${stem}.br`, path.join(dir, `${file}.br`));
    place(`${stem}.gz`, path.join(dir, `${file}.gz`));
  };
  await forEachAtOnce(pending, os.availableParallelism(), compress);

  recordUse(
    {
      folder: cache,
      filesOf: (key) => [`${key.slice(0, 2)}/${key}.br`, `${key.slice(0, 2)}/${key}.gz`],
      keyOf: (file) => /^[0-9a-f]{2}\/([0-9a-f]{64})\.(br|gz)$/.exec(file)?.[1],
    },
    used,
    options.now,
  );
  return { files: targets.length, compressed: pending.length };
}
