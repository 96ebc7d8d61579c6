/**
 * The list cards of templates, kept per process (issue #17: a search's page is 24 cards, and
 * reading their rows, tags, products, covers and file types cost ~0.8 ms of the ~1 ms a search
 * took once its matches came from memory). A card is what every viewer is shown of a template —
 * not whether it is theirs or starred, which each answer adds. Everything kept is dropped when
 * `template_versions.cards` moves (triggers on the templates, their tags, products and files, a
 * product's or designer's name: migration 20261208T1000_template_versions), whichever connection
 * or process committed, and a card is never served older than MAX_AGE_MS, so its signed
 * thumbnail URL (valid 15 minutes) always has at least 14 minutes left. Whose stars a list marks
 * is kept the same way (`StarCache`).
 */
import type { TemplateItem } from './template.schemas.js';

/**
 * A card: the item's fields but the viewer's own, its owner, and its JSON text in two pieces around
 * the viewer's fields (`head` is `{"template_id":…` up to `file_types`, `tail` from `,"created_at"`
 * to the closing brace), so a page is written by joining text, not by stringifying 24 objects.
 */
export type Card = Omit<TemplateItem, 'favourite' | 'mine'> & { owner_id: number; head: string; tail: string };

/** The longest a card is served (its signed URLs were made when it was kept). */
export const MAX_AGE_MS = 60_000;
/** Cards per process (the least recently used go first). */
const MAX_CARDS = 5_000;

export class CardCache {
  #version = '';
  readonly #kept = new Map<number, { card: Card; atMs: number }>();

  /** The kept cards of the ids at `version` (dropping everything if it moved), and the ids missing. */
  get(ids: readonly number[], version: string, nowMs: number): { found: Map<number, Card>; missing: number[] } {
    if (version !== this.#version) {
      this.#kept.clear();
      this.#version = version;
    }
    const found = new Map<number, Card>();
    const missing: number[] = [];
    for (const id of ids) {
      const hit = this.#kept.get(id);
      if (hit && nowMs - hit.atMs < MAX_AGE_MS) {
        this.#kept.delete(id);
        this.#kept.set(id, hit);
        found.set(id, hit.card);
      } else missing.push(id);
    }
    return { found, missing };
  }

  /** Keeps cards read at `version` (read before their rows), unless the version has moved on since. */
  put(cards: readonly Card[], version: string, nowMs: number): void {
    if (version !== this.#version) return;
    for (const card of cards) {
      this.#kept.delete(card.template_id);
      this.#kept.set(card.template_id, { card, atMs: nowMs });
    }
    while (this.#kept.size > MAX_CARDS) this.#kept.delete(this.#kept.keys().next().value!);
  }
}

/**
 * Each designer's stars, kept per process until `template_versions.stars` moves (any favourite
 * added or removed, by any connection). A list then marks its cards without a statement.
 */
export class StarCache {
  #version = '';
  readonly #kept = new Map<number, ReadonlySet<number>>();

  get(designerId: number, version: string): ReadonlySet<number> | undefined {
    if (version !== this.#version) {
      this.#kept.clear();
      this.#version = version;
    }
    return this.#kept.get(designerId);
  }

  /** Keeps a designer's stars read at `version` (read before them), unless it has moved on since. */
  put(designerId: number, stars: ReadonlySet<number>, version: string): void {
    if (version !== this.#version) return;
    this.#kept.set(designerId, stars);
    if (this.#kept.size > MAX_CARDS) this.#kept.delete(this.#kept.keys().next().value!);
  }
}
