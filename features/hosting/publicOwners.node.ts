/**
 * The build's side of features/hosting/publicOwners.ts: each writer of public/
 * claims its files here as it writes them (the build's own hooks) or from
 * Gatsby's state (pages, page data, bundles, Partytown); at the end of the
 * build public/ is held to the claims, an earlier build's files that this
 * one did not write are removed, and the record of owners is written.
 * Claims live in this module for one build: every Node API hook of a
 * `gatsby build` runs in the one main process.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { generateHtmlPath, generatePageDataPath } from 'gatsby-core-utils';
import { filesUnder, folderTree } from '../../system/folderTree';
import { FILES_RECORD_PATH, filesRecord, ownership, ownershipProblems, parseFilesRecord, PRODUCERS, type FilesRecord, type Producer } from './publicOwners';

const claims = new Map<Producer, Set<string>>();
/** Files claimed with the SHA-256 of the bytes their writer wrote: checked again at the end. */
const exact = new Map<string, string>();
let previousRecord: FilesRecord | undefined;

/**
 * Starts a build's claims afresh (gatsby/onPreBootstrap.ts), first reading
 * what the build before wrote into `publicDir`, if it left its record.
 */
export function startClaims(publicDir: string): void {
  claims.clear();
  exact.clear();
  previousRecord = readFilesRecord(publicDir);
}

/** `producer` writes `files` (paths under public/, with or without a leading slash). */
export function claim(producer: Producer, files: Iterable<string>): void {
  const set = claims.get(producer) ?? new Set<string>();
  for (const file of files) set.add(file.replace(/^\/+/, ''));
  claims.set(producer, set);
}

/**
 * `producer` wrote `files` (paths under public/) with these SHA-256 hashes:
 * for a writer whose files no later writer may change, even to the same
 * path (the CMS's scripts and configuration).
 */
export function claimExact(producer: Producer, files: ReadonlyMap<string, string>): void {
  claim(producer, files.keys());
  for (const [file, hash] of files) exact.set(file.replace(/^\/+/, ''), hash);
}

/** The record public/ holds from the build before, if any: read before anything writes. A broken one counts as none. */
export function readFilesRecord(publicDir: string): FilesRecord | undefined {
  const file = path.join(publicDir, FILES_RECORD_PATH);
  if (!existsSync(file)) return undefined;
  try {
    return parseFilesRecord(readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** The parts of Gatsby's state that say what it wrote into public/. */
export interface GatsbyOutputState {
  pages: ReadonlyMap<string, { path: string; mode?: string }>;
  staticQueryComponents: ReadonlyMap<string, { hash: string }>;
  slices: ReadonlyMap<string, { name: string }>;
  html: { slicesProps: { bySliceId: ReadonlyMap<string, { hasChildren: boolean }> } };
}

/**
 * What Gatsby itself wrote, from its state, as its adapters list it: each
 * page's HTML and page data, the static queries' results, the app data and
 * the slices' fragments. Every page of this site is rendered at build
 * time (SSG).
 */
export function claimGatsbyPages(state: GatsbyOutputState): void {
  const files: string[] = ['page-data/app-data.json', '_gatsby/slices/_gatsby-scripts-1.html'];
  for (const page of state.pages.values()) {
    if (page.mode && page.mode !== 'SSG') throw new Error(`The page ${page.path} is rendered at request time (${page.mode}); this site serves static files only`);
    files.push(generateHtmlPath('', page.path), generatePageDataPath('', page.path));
  }
  for (const { hash } of state.staticQueryComponents.values()) files.push(`page-data/sq/d/${hash}.json`);
  for (const { name } of state.slices.values()) files.push(`slice-data/${name}.json`);
  for (const [name, { hasChildren }] of state.html.slicesProps.bySliceId) {
    files.push(`_gatsby/slices/${name}-1.html`, ...(hasChildren ? [`_gatsby/slices/${name}-2.html`] : []));
  }
  claim(
    'pages',
    files.map((file) => file.split(path.sep).join('/')),
  );
}

/** Partytown's library, which Gatsby copies into public/~partytown/ on every build, from the copy Gatsby itself resolves. */
export function claimPartytown(projectDir: string): void {
  const fromGatsby = createRequire(createRequire(path.join(projectDir, 'package.json')).resolve('gatsby'));
  const { libDirPath } = fromGatsby('@builder.io/partytown/utils') as { libDirPath: () => string };
  claim(
    'partytown',
    filesUnder(libDirPath()).map((file) => `~partytown/${file}`),
  );
}

/** The little of webpack's compiler that the recorder needs. */
interface AssetStats {
  toJson(options: object): { assets?: { name: string; info?: { related?: Record<string, string | string[]> } }[] };
}
interface StatsCompiler {
  hooks: { done: { tap(name: string, callback: (stats: AssetStats) => void): void } };
}

/**
 * A webpack plugin for the browser bundles' compilation: records every
 * asset it emits (bundles, stylesheets, their source maps and licence
 * files), as Gatsby's own stats extractor lists them, plus the two files
 * that extractor writes beside them.
 */
export class BundleClaims {
  apply(compiler: StatsCompiler): void {
    compiler.hooks.done.tap('stockpay-bundle-claims', (stats) => {
      const files = new Set(['webpack.stats.json', 'chunk-map.json']);
      for (const asset of stats.toJson({ all: false, assets: true, cachedAssets: true }).assets ?? []) {
        files.add(asset.name);
        for (const related of Object.values(asset.info?.related ?? {})) for (const name of [related].flat()) files.add(name);
      }
      claims.delete('bundles');
      claim('bundles', files);
    });
  }
}

export interface Settled {
  record: FilesRecord;
  /** Files of an earlier build that this one did not write, now removed. */
  removed: string[];
}

/**
 * Holds public/ to the claims: throws, naming every file, when two writers
 * claimed one path, a claimed file is missing, or a file has no writer in
 * this build or the one before (`previous`, read by startClaims). Removes the earlier build's
 * files that this build did not write, and the compressed copies whoever
 * served public/ last left (features/hosting/precompress.node.ts makes them again).
 * `pending` are the hosting files still to be written after this check;
 * they are in the record it returns.
 */
export function settleOwnership(publicDir: string, pending: readonly string[], previous: FilesRecord | undefined = previousRecord): Settled {
  const tree = folderTree(publicDir);
  if (tree.others.length > 0) throw new Error(tree.others.map((file) => `public/${file} is not a regular file; public/ holds files only`).join('\n'));
  const all = new Set(tree.files);
  const copies = new Set(tree.files.filter((file) => /\.(br|gz)$/.test(file) && all.has(file.replace(/\.(br|gz)$/, ''))));
  const files = tree.files.filter((file) => !copies.has(file));
  const relativePending = pending.map((file) => file.replace(/^\/+/, ''));
  claim('hosting', relativePending);
  const result = ownership(files, claims, previous);
  result.missing = result.missing.filter(({ file }) => !relativePending.includes(file));
  const changed = [...exact]
    .filter(([file]) => result.owners.has(file))
    .filter(
      ([file, hash]) =>
        createHash('sha256')
          .update(readFileSync(path.join(publicDir, file)))
          .digest('hex') !== hash,
    )
    .map(([file]) => `public/${file} is not the file ${PRODUCERS[result.owners.get(file) ?? 'hosting']} wrote: something wrote over it later in the build`);
  const problems = [...ownershipProblems(result), ...changed];
  if (problems.length > 0)
    throw new Error([`public/ is not what this build's writers made (features/hosting/publicOwners.ts):`, ...problems.map((line) => `  - ${line}`)].join('\n'));
  for (const file of [...result.stale, ...copies]) rmSync(path.join(publicDir, file));
  for (const file of relativePending) result.owners.set(file, 'hosting');
  return { record: filesRecord(result.owners), removed: result.stale };
}

/** Writes the record of owners, public/_files.json: the last file a build writes. */
export function writeFilesRecord(publicDir: string, record: FilesRecord): void {
  writeFileSync(path.join(publicDir, FILES_RECORD_PATH), `${JSON.stringify(record, null, 1)}\n`);
}
