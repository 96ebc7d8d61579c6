/**
 * The template list's matches, found in memory (issue #17: search as you type, p99 < 30 ms at 50
 * concurrent). Each process keeps, per template, what the list filters on — owner, team, status,
 * featured flag, category and the normalized search text — and the postings of every 1- and
 * 2-character gram, newest template first, and each team's and owner's templates. A search walks
 * the shorter of what the viewer may see and the postings of its rarest gram, checks visibility
 * and filters on typed arrays and verifies the words with `includes` on the text: the total is
 * exact and nothing is sorted, the walk being in the list's order. The page's rows are then read by id (template.repository.ts).
 *
 * Fresh as the database: every search is given `template_versions.search` as read just before it,
 * which triggers move in the transaction of every change to those columns (any connection or
 * process, migration 20261208T1000_template_versions); a different number rebuilds the index first
 * (~20,000 templates: 0.1–0.4 s), so a search never answers from an older library than a plain
 * read at the same moment would.
 *
 * What it answers: `newest` first, scopes all / mine / team, status and category. Most used,
 * favourites and the product, tag and file type filters stay with the SQL plan
 * (`listTemplateRows`), whose definition this follows exactly (server/test/templates.test.ts
 * checks both against one reimplementation).
 */
import type { Db } from '../../db/database.js';
import { queryGrams } from './search-text.js';
import { type ListFilter, type SearchEntry, searchEntries } from './template.repository.js';

/** A list's query as the index takes it: the SQL plan's filter without its gram statistics. */
export type IndexQuery = Omit<ListFilter, 'gramCounts'>;

export interface SearchIndex {
  /** Whether the index answers this query (else the SQL plan does). */
  answers(q: IndexQuery): boolean;
  /** The page's template ids in list order, and how many match, over the library at `version` (`libraryVersions().search`, read just before). */
  search(q: IndexQuery, version: string): Promise<{ ids: number[]; total: number }>;
}

/** Team number of a template without a team (team ids are positive). */
const NO_TEAM = 0;

interface Snapshot {
  version: string;
  ids: Int32Array;
  owner: Int32Array;
  team: Int32Array;
  published: Uint8Array;
  featured: Uint8Array;
  category: Int32Array;
  categories: Map<string, number>;
  text: string[];
  /** Entry positions (newest first) holding each gram, ascending. */
  postings: Map<string, Int32Array>;
  /** Entry positions of each team's templates, and of each owner's, ascending. */
  byTeam: Map<number, Int32Array>;
  byOwner: Map<number, Int32Array>;
}

function positionsBy(keys: Int32Array): Map<number, Int32Array> {
  const lists = new Map<number, number[]>();
  keys.forEach((key, i) => {
    const l = lists.get(key);
    if (l) l.push(i);
    else lists.set(key, [i]);
  });
  return new Map([...lists].map(([key, l]) => [key, Int32Array.from(l)]));
}

const EMPTY = new Int32Array(0);

/** The snapshot of the entries (newest first) at `version`. */
export function buildSnapshot(version: string, entries: readonly SearchEntry[]): Snapshot {
  const n = entries.length;
  const s: Snapshot = {
    version,
    ids: new Int32Array(n),
    owner: new Int32Array(n),
    team: new Int32Array(n),
    published: new Uint8Array(n),
    featured: new Uint8Array(n),
    category: new Int32Array(n),
    categories: new Map(),
    text: new Array<string>(n),
    postings: new Map(),
    byTeam: new Map(),
    byOwner: new Map(),
  };
  const lists = new Map<string, { last: number; at: number[] }>();
  const add = (gram: string, i: number) => {
    let l = lists.get(gram);
    if (!l) lists.set(gram, (l = { last: -1, at: [] }));
    if (l.last === i) return;
    l.last = i;
    l.at.push(i);
  };
  entries.forEach((e, i) => {
    s.ids[i] = e.id;
    s.owner[i] = e.owner_id;
    s.team[i] = e.team_id ?? NO_TEAM;
    s.published[i] = e.status === 'published' ? 1 : 0;
    s.featured[i] = e.featured ? 1 : 0;
    let code = s.categories.get(e.category);
    if (code === undefined) s.categories.set(e.category, (code = s.categories.size));
    s.category[i] = code;
    s.text[i] = e.search_text;
    // The same grams as indexGrams: each line of search_text is a normalized title or tag.
    for (const piece of e.search_text.split('\n')) {
      const chars = Array.from(piece);
      for (let k = 0; k < chars.length; k++) {
        add(chars[k]!, i);
        if (k + 1 < chars.length) add(chars[k]! + chars[k + 1]!, i);
      }
    }
  });
  for (const [gram, l] of lists) s.postings.set(gram, Int32Array.from(l.at));
  s.byTeam = positionsBy(s.team);
  s.byOwner = positionsBy(s.owner);
  return s;
}

/** The page and total of `q` over the snapshot (the list's definition; newest first, featured on top). */
export function searchSnapshot(s: Snapshot, q: IndexQuery): { ids: number[]; total: number } {
  const v = q.viewer;
  const none = { ids: [], total: 0 };
  const team = v.teamId ?? -1;
  if (q.scope === 'team' && v.teamId === null) return none;
  let category = -1;
  if (q.category !== undefined) {
    const code = s.categories.get(q.category);
    if (code === undefined) return none;
    category = code;
  }
  const status = q.status === undefined ? -1 : q.status === 'published' ? 1 : 0;
  // What is walked: the templates the viewer may see at all (their team's and their own), or the
  // postings of the rarest gram of the words, whichever is shorter. Every word is then verified on
  // the text, but a word of one or two characters whose gram is walked (its postings are exactly
  // its matches).
  const own = s.byOwner.get(v.id) ?? EMPTY;
  const teams = v.teamId === null ? EMPTY : (s.byTeam.get(v.teamId) ?? EMPTY);
  let walk: Int32Array | undefined;
  let length = q.scope === 'mine' ? own.length : q.scope === 'team' ? teams.length : teams.length + own.length;
  let covered: string | undefined;
  for (const term of q.terms) {
    for (const gram of queryGrams(term)) {
      const p = s.postings.get(gram);
      if (!p) return none;
      if (p.length < length) {
        walk = p;
        length = p.length;
        covered = gram === term ? term : undefined;
      }
    }
  }
  // Walked as one ascending list: the postings, or the team's and own positions merged (a template
  // of one's own team is in both).
  const a = walk ?? (q.scope === 'mine' ? own : teams);
  const b = walk || q.scope !== 'all' ? EMPTY : own;
  const terms = q.terms.filter((t) => t !== covered);
  const want = q.offset + q.limit;
  const featured: number[] = [];
  const others: number[] = [];
  let total = 0;
  let ia = 0;
  let ib = 0;
  while (ia < a.length || ib < b.length) {
    const x = ia < a.length ? a[ia]! : Infinity;
    const y = ib < b.length ? b[ib]! : Infinity;
    const i = Math.min(x, y);
    if (x <= y) ia++;
    if (y <= x) ib++;
    const mine = s.owner[i] === v.id;
    const sameTeam = s.team[i] === team;
    if (!(mine || (sameTeam && (v.lead || s.published[i] === 1)))) continue;
    if (q.scope === 'mine' && !mine) continue;
    if (q.scope === 'team' && !(sameTeam && s.published[i] === 1)) continue;
    if (status !== -1 && s.published[i] !== status) continue;
    if (category !== -1 && s.category[i] !== category) continue;
    if (terms.length && !terms.every((t) => s.text[i]!.includes(t))) continue;
    total++;
    if (s.featured[i] === 1) featured.push(i);
    else if (others.length < want) others.push(i);
  }
  const page = featured.length ? [...featured, ...others] : others;
  return { ids: page.slice(q.offset, want).map((i) => s.ids[i]!), total };
}

export function createSearchIndex(db: Db): SearchIndex {
  let snapshot: Snapshot | undefined;
  let loading: { version: string; done: Promise<Snapshot> } | undefined;

  async function current(version: string): Promise<Snapshot> {
    // The version was read first, then the rows: a change committed in between is in the rows and
    // moves the version past the one they are labelled with, so the next search rebuilds again.
    if (snapshot?.version === version) return snapshot;
    if (loading?.version === version) return loading.done;
    const load = {
      version,
      done: searchEntries(db).then((entries) => {
        const built = buildSnapshot(version, entries);
        if (!snapshot || BigInt(version) > BigInt(snapshot.version)) snapshot = built;
        return built;
      }),
    };
    loading = load;
    void load.done.finally(() => {
      if (loading === load) loading = undefined;
    }).catch(() => undefined);
    return load.done;
  }

  return {
    answers: (q) => q.sort === 'newest' && q.scope !== 'favourites' && q.productId === undefined && q.tags.length === 0 && q.fileType === undefined,
    search: async (q, version) => searchSnapshot(await current(version), q),
  };
}
