/** @jest-environment node */
import { uniqueCopies } from '../../scripts/growthBench';

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
});
