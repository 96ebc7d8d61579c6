/**
 * The keyword search's text (no SQL): which keywords the SQLite index can answer, the FTS5 query
 * that does, and the LIKE patterns of the ranking and of the scan. How the index is built and why:
 * README.md, *Search*, and migration 20261204T1000_ticket_search.
 */

/** The trigram index answers keywords of at least this many characters (code points). */
export const INDEXED_MIN_CHARS = 3;

const isControl = (c: string) => c.codePointAt(0)! < 0x20 || c === '\u007f';

/**
 * Whether the SQLite index should answer `keyword`: three characters or more (a trigram index has
 * no shorter token), none of them a control character, and at least one beyond ASCII. The index
 * holds titles alone (migration 20261211T1000_ticket_search_titles): an order number is ASCII only
 * (`orderNoSchema`), so a keyword with a character beyond ASCII is never part of one, and every
 * other keyword is answered by the scans, which read order numbers and titles. An ASCII keyword is
 * also most often part of an order number, and its trigrams (`BN0`, `000`, a date's `202`) would be
 * in nearly every title too: FTS5 walked doclists of the whole table (4–9 ms for `BN0001234` at
 * 200,000 tickets, against ~0.2 ms for the scan of a designer's order numbers and titles).
 */
export function indexable(keyword: string): boolean {
  const chars = Array.from(keyword);
  return chars.length >= INDEXED_MIN_CHARS && !chars.some(isControl) && !isAsciiOnly(keyword);
}

/** Whether every character of `text` is ASCII (an order number's are: `orderNoSchema`). */
export function isAsciiOnly(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** An FTS5 string: the text in double quotes, a double quote doubled. */
function phrase(text: string): string {
  return `"${text.replace(/"/g, '""')}"`;
}

/** Markers of the owner tokens (the migration writes the same). */
const TEAM_MARK = 0xf8f1;
const POOL_MARK = 0xf8f2;

function ownerToken(marker: number, id: number): string {
  return String.fromCodePoint(marker, 0xe000 + Math.floor(id / 4096), 0xe000 + (id % 4096));
}

/** The owners a search is limited to inside the index: a team, or the pool (unassigned tickets of no team). */
export interface SearchOwners {
  teamId?: number;
  pool?: boolean;
}

/**
 * The FTS5 query of a keyword: the keyword as a phrase in `body` (the order number or the title
 * contain it: for a trigram index, a phrase is a substring), ANDed with the owners' tokens in
 * `scope`.
 */
export function matchQuery(keyword: string, owners: SearchOwners): string {
  const parts = [`body : ${phrase(keyword)}`];
  if (owners.teamId !== undefined) parts.push(`scope : ${phrase(ownerToken(TEAM_MARK, owners.teamId))}`);
  if (owners.pool) parts.push(`scope : ${phrase(String.fromCodePoint(POOL_MARK, POOL_MARK, POOL_MARK))}`);
  return parts.join(' AND ');
}

const escapeLike = (value: string) => value.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `%`, `_` and `\` taken literally in a LIKE pattern (ESCAPE '\'): the keyword anywhere. */
export function containsPattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}

/** The keyword at the start (ESCAPE '\'). */
export function prefixPattern(keyword: string): string {
  return `${escapeLike(keyword)}%`;
}
