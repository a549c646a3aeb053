/**
 * The frontmatter field that holds a translation's record
 * (./record.ts): never part of the fingerprints it records. A module of
 * its own, so the CMS's setup script names the field without bundling the
 * hash that makes the fingerprints.
 */
export const RECORD_FIELD = 'translation';
