/** @jest-environment node */
import { growthTable, uniqueCopies } from '../../bench/growthBench';

const POST = {
  language: 'en' as const,
  slug: 'stock-habits',
  text: '---\ntitle: "Stock habits"\ndate: 2026-01-02\n---\n\nBody.\n\n```mermaid\nflowchart LR\n  A --> B\n```\n\nEnd.\n\n```mermaid\nsequenceDiagram\n  A->>B: hi\n```\n',
};

describe('uniqueCopies', () => {
  it('makes each copy unique: its own slug, numbered title, closing sentence and a comment line in every diagram', () => {
    const copies = uniqueCopies([POST], 3);
    expect(copies.map((copy) => copy.slug)).toEqual(['stock-habits-copy-1', 'stock-habits-copy-2', 'stock-habits-copy-3']);
    expect(new Set(copies.map((copy) => copy.text)).size).toBe(3);
    const [first] = copies;
    expect(first.text).toContain('title: "Stock habits (1)"');
    expect(first.text.match(/```mermaid\n%% copy 1 of stock-habits\n/g)).toHaveLength(2);
    expect(first.text.trimEnd().endsWith('This is copy 1 of stock-habits, written for the growth bench.')).toBe(true);
    expect(first.language).toBe('en');
  });

  it("marks every diagram with the bench's run, so a second run draws its copies again rather than finding them in the diagram cache", () => {
    const [once, again] = [uniqueCopies([POST], 1, 'r1'), uniqueCopies([POST], 1, 'r2')];
    expect(once[0].text.match(/```mermaid\n%% copy 1 of stock-habits, bench run r1\n/g)).toHaveLength(2);
    expect(once[0].text).not.toBe(again[0].text);
  });
});

describe('growthTable', () => {
  const row = (factor: number, posts: number, siteMs: number, starterMs?: number) => ({
    factor,
    posts,
    site: { ms: siteMs, peakMb: 1200.4 },
    starter: starterMs === undefined ? undefined : { ms: starterMs, peakMb: 600 },
    publishMs: 21_400,
    publishBuildMs: 15_200,
    headersRules: 18,
    publicMb: 31.25,
  });

  it("gives the cost of an added post over today's posts in the site and the starter, and their ratio", () => {
    const [header, today, grown] = growthTable([row(0, 7, 129_000, 35_000), row(10, 77, 447_000, 49_000)]).split('\n');
    expect(header.split(/\s{2,}/)).toEqual([
      'posts',
      'site cold',
      'peak MB',
      'per added post',
      'starter cold',
      'peak MB',
      'per added post',
      'ratio',
      'one-post publish',
      '_headers rules',
      'public/ MB',
    ]);
    expect(today.split(/\s{2,}/)).toEqual(['7 (today)', '129.0 s', '1200', '35.0 s', '600', '21.4 s (build 15.2 s)', '18', '31.3']);
    expect(grown.split(/\s{2,}/)).toEqual(['77 (11x)', '447.0 s', '1200', '4543 ms', '49.0 s', '600', '200 ms', '22.7x', '21.4 s (build 15.2 s)', '18', '31.3']);
  });

  it("leaves the starter's columns empty when it was not measured, and states the goals", () => {
    const table = growthTable([row(0, 7, 100_000), row(1, 14, 107_000)]);
    expect(table.split('\n')[2].split(/\s{2,}/)).toEqual(['14 (2x)', '107.0 s', '1200', '1000 ms', '21.4 s (build 15.2 s)', '18', '31.3']);
    expect(table).toContain('Goals: an added post');
  });
});
