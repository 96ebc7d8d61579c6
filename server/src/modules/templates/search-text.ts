/**
 * The search index's text (no SQL): how titles, tags and queries are normalized, and the 1- and
 * 2-character pieces ("grams") stored in `template_search_grams`. Why grams and not FTS5 trigram or
 * pg_trgm: README.md, *Search*.
 */

/** NFKC (full-width → half-width), lowercase, no whitespace: what is indexed and what is searched. */
export function normalize(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, '');
}

/** The lines of `templates.search_text`: the title and each tag, normalized. */
export function searchText(title: string, tags: readonly string[]): string {
  return [title, ...tags].map(normalize).join('\n');
}

/** Every distinct character and pair of neighbouring characters (by code point) of each piece. */
export function indexGrams(title: string, tags: readonly string[]): string[] {
  const out = new Set<string>();
  for (const piece of [title, ...tags]) {
    const chars = Array.from(normalize(piece));
    chars.forEach((c, i) => {
      out.add(c);
      if (i + 1 < chars.length) out.add(c + chars[i + 1]);
    });
  }
  return [...out];
}

/** At most 5 search words, each normalized (empty ones dropped). */
export function queryTerms(q: string | undefined): string[] {
  if (!q) return [];
  return [...new Set(q.normalize('NFKC').split(/\s+/u).map(normalize).filter(Boolean))].slice(0, 5);
}

/**
 * The grams a word's matches must all hold: the word itself when it is one character, else its
 * distinct pairs (a match of the pairs is then verified by LIKE on the text).
 */
export function queryGrams(term: string): string[] {
  const chars = Array.from(term);
  if (chars.length === 1) return [term];
  const out = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i++) out.add(chars[i]! + chars[i + 1]!);
  return [...out];
}

/** A LIKE pattern that matches `term` anywhere, its wildcards escaped (ESCAPE '\'). */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
