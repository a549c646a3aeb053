/**
 * The brotli and gzip copies nginx serves beside each text file
 * (brotli_static, gzip_static). They are not part of the build: a CDN gets
 * the originals and compresses itself, so the copies are made where nginx
 * serves a folder: into each release by `npm run publish`, and into
 * public/ when `npm run serve:nginx` or the site checks start nginx
 * (hosting/nginxServer.ts).
 *
 * Brotli's best quality costs about 2 s a megabyte (60-90 ms for a blog
 * page), so every copy is kept in a cache by the bytes it was made from
 * (node_modules/.cache/stockpay-precompressed/, which `gatsby clean`
 * keeps) and hard-linked from there: a file is compressed once, whatever
 * build, release or folder it turns up in, and releases share the copies
 * of their unchanged files as they share the files.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, linkSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCompress } from 'node:zlib';
import { isCompressedCopy, publicFiles } from './publicFiles';

export const PRECOMPRESS_CACHE = path.join(__dirname, '..', 'node_modules', '.cache', 'stockpay-precompressed');

/** Text files nginx serves precompressed; others (images, fonts, Pagefind's gzipped index) are compressed already. */
const COMPRESSIBLE = /\.(html|js|css|json|svg|xml|txt|webmanifest)$/;
const MIN_BYTES = 1024;
/** Cache entries not used by any run for this long are removed. */
const KEEP_UNUSED_DAYS = 30;
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
  /** Of those, the files compressed in this run: the others' copies came from the cache. */
  compressed: number;
}

/** One line for a log: how many files got copies, and how many were compressed rather than found in the cache. */
export const describePrecompressed = ({ files, compressed }: Precompressed, ms: number): string =>
  `Compressed copies (brotli, gzip) of ${files} files: ${compressed} made, ${files - compressed} from the cache, in ${(ms / 1000).toFixed(1)} s.`;

export interface PrecompressOptions {
  /** The cache of copies (PRECOMPRESS_CACHE by default). */
  cache?: string;
  /** Now, in ms since the epoch: when entries were last used, and which are old enough to go. */
  now?: number;
  /**
   * Files (relative, '/'-separated) whose copies in the folder are known to
   * be theirs: linked with the file from a release that had them
   * (scripts/publish.ts). Kept as they are, neither read nor replaced.
   */
  kept?: ReadonlySet<string>;
}

/** Day numbers since the epoch, by which the cache records when it last used an entry. */
const dayOf = (ms: number) => Math.floor(ms / 86_400_000);

/** A hard link to `from` at `to`, or a copy where the two are on different file systems. */
function place(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyFileSync(from, to);
  }
}

/** Writes `bytes` to `file` in one step (a temporary name, renamed): a cache entry is whole or absent, even with two runs at once. */
function writeWhole(file: string, bytes: Buffer): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, bytes);
  renameSync(temporary, file);
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
  const today = dayOf(options.now ?? Date.now());
  mkdirSync(cache, { recursive: true });
  const kept = options.kept ?? new Set<string>();
  const files = publicFiles(dir);
  const targets = files.filter((file) => !isCompressedCopy(file) && COMPRESSIBLE.test(file) && statSync(path.join(dir, file)).size > MIN_BYTES);
  // Every other copy goes, then each file's comes back from the cache: a copy in `dir` is not trusted to match its file.
  const keptCopies = new Set([...targets].filter((file) => kept.has(file)).flatMap((file) => [`${file}.br`, `${file}.gz`]));
  for (const copy of files.filter((file) => isCompressedCopy(file) && !keptCopies.has(file))) unlinkSync(path.join(dir, copy));

  const entry = (file: string) => {
    const bytes = readFileSync(path.join(dir, file));
    const key = createHash('sha256').update(`${KEY_VERSION} brotli ${BROTLI_QUALITY} gzip 9\n`).update(bytes).digest('hex');
    return { file, bytes, key, stem: path.join(cache, key.slice(0, 2), key) };
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

  const compress = async ({ file, bytes, stem }: ReturnType<typeof entry>) => {
    const params = { [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length };
    const [br, gz] = await Promise.all([brotli(bytes, { params }), gzip(bytes, { level: constants.Z_BEST_COMPRESSION })]);
    mkdirSync(path.dirname(stem), { recursive: true });
    writeWhole(`${stem}.br`, br);
    writeWhole(`${stem}.gz`, gz);
    place(`${stem}.br`, path.join(dir, `${file}.br`));
    place(`${stem}.gz`, path.join(dir, `${file}.gz`));
  };
  const queue = [...pending];
  const workers = Array.from({ length: Math.max(1, os.availableParallelism()) }, async () => {
    for (let next = queue.shift(); next !== undefined; next = queue.shift()) await compress(next);
  });
  await Promise.all(workers);

  forgetUnused(cache, used, today);
  return { files: targets.length, compressed: pending.length };
}

/**
 * Records in the cache's `used.json` that `keys` were used `today`, and
 * removes the entries unused for 30 days. Their last use is kept there, not
 * in the entries' times: a copy in a live release is the same file, and its
 * time is what nginx sends as Last-Modified and in the ETag.
 */
function forgetUnused(cache: string, keys: readonly string[], today: number): void {
  const record = path.join(cache, 'used.json');
  let lastUsed: Record<string, number>;
  try {
    lastUsed = JSON.parse(readFileSync(record, 'utf8')) as Record<string, number>;
  } catch {
    // No record yet, or a broken one: every entry there is counts as used today.
    lastUsed = Object.fromEntries(cacheKeys(cache).map((key) => [key, today]));
  }
  for (const key of keys) lastUsed[key] = today;
  for (const [key, day] of Object.entries(lastUsed)) {
    if (today - day <= KEEP_UNUSED_DAYS) continue;
    for (const extension of ['br', 'gz']) rmSync(path.join(cache, key.slice(0, 2), `${key}.${extension}`), { force: true });
    delete lastUsed[key];
  }
  writeWhole(record, Buffer.from(JSON.stringify(lastUsed)));
}

/** The keys of the entries in the cache. */
function cacheKeys(cache: string): string[] {
  const names = readdirSync(cache, { recursive: true, encoding: 'utf8' });
  return [...new Set(names.map((name) => /([0-9a-f]{64})\.(br|gz)$/.exec(name)?.[1]).filter((key): key is string => key !== undefined))];
}
