/**
 * Crash test (issue #23, "Proof the project keeps"): the real server process (server/src/server.ts)
 * under concurrent writes on every path that sends messages is killed with SIGKILL mid-load and
 * restarted on the same data, three times; then every write it acknowledged must be in the
 * database exactly once, nothing it refused may be there, every committed event must have its
 * message row for every recipient (the outbox: the change and its messages in one transaction), and
 * the relay must have published what the killed processes left unpublished.
 *
 * SQLite always; PostgreSQL (a throwaway database of its own) when TEST_DATABASE_URL is set —
 * global-setup says when it is not. The load, the cycles and the check live in
 * support/crash-load.ts and crash-check.ts, shared with the soak (`npm run bench:soak`, 100 cycles per database).
 */
import { describe, expect, it } from 'vitest';
import { MESSAGE_TYPE } from '../src/modules/messages/message-types.js';
import { checkRun, describeReport, loadSnapshot, type Snapshot } from './support/crash-check.js';
import { createCrashDatabase, runCrashCycles, waitForRelay, WRITE_KINDS, type Write } from './support/crash-load.js';
import { dialects, PG_URL } from './support/harness.js';
import { exited } from './support/server-process.js';

/** A tiny world by hand: one ticket, system-assigned to designer 10, urged, with a fee appeal to leads 20 and 21. */
function handMadeSnapshot(): { snapshot: Snapshot; writes: Write[] } {
  const at = '2026-11-26T08:00:00.000Z';
  const snapshot: Snapshot = {
    tickets: [{ id: 1, order_no: 'O-1', product_id: 5 }],
    events: [
      { id: 1, ticket_id: 1, type: 'created', detail: { order_no: 'O-1' }, created_at: at },
      { id: 2, ticket_id: 1, type: 'system_assigned', detail: { allocation_id: 100, designer_id: 'D000010' }, created_at: at },
      { id: 3, ticket_id: 1, type: 'urged', detail: { designer_id: 'D000010', note: 'UR-1' }, created_at: at },
      { id: 4, ticket_id: 1, type: 'appeal_filed', detail: { appeal_id: 7, reason: 'AP-1' }, created_at: at },
      { id: 5, ticket_id: 1, type: 'draft_submitted', detail: { draft_id: 9, note: 'DR-1' }, created_at: at },
    ],
    allocations: [{ id: 100, ticket_id: 1, designer_id: 10, assigned_at: at }],
    messages: [
      { id: 1, designer_id: 10, message_type: MESSAGE_TYPE.SYSTEM_ASSIGNED, title: '派单', info: { ticket_id: 1, allocation_id: 100 }, published_at: at },
      { id: 2, designer_id: 10, message_type: MESSAGE_TYPE.DRAFT_URGED, title: '催稿：UR-1', info: { ticket_id: 1, allocation_id: 100 }, published_at: at },
      { id: 3, designer_id: 20, message_type: MESSAGE_TYPE.FEE_APPEAL_FILED, title: '申诉', info: { ticket_id: 1, allocation_id: 100, appeal_id: 7 }, published_at: at },
      { id: 4, designer_id: 21, message_type: MESSAGE_TYPE.FEE_APPEAL_FILED, title: '申诉', info: { ticket_id: 1, allocation_id: 100, appeal_id: 7 }, published_at: at },
    ],
    appeals: [{ id: 7, ticket_id: 1, reason: 'AP-1' }],
    drafts: [{ id: 9, ticket_id: 1, note: 'DR-1' }],
    leadIds: [20, 21],
  };
  const writes: Write[] = [
    { kind: 'order', token: 'O-1', ticketId: 1, outcome: 'acked' },
    { kind: 'urge', token: 'UR-1', ticketId: 1, outcome: 'acked' },
    { kind: 'appeal', token: 'AP-1', ticketId: 1, id: 7, outcome: 'acked' },
    { kind: 'draft', token: 'DR-1', ticketId: 1, id: 9, outcome: 'acked' },
    { kind: 'urge', token: 'UR-2', ticketId: 1, outcome: 'refused' },
    { kind: 'transfer', token: 'TR-1', ticketId: 1, outcome: 'unknown' },
  ];
  return { snapshot, writes };
}

describe('the crash check finds what it looks for', () => {
  it('passes a consistent snapshot', () => {
    const { snapshot, writes } = handMadeSnapshot();
    const r = checkRun(snapshot, writes);
    expect({ lost: r.lost, doubled: r.doubled, refused: r.refusedPresent, missing: r.eventsWithoutMessages, twice: r.doubledMessages }).toEqual({
      lost: [],
      doubled: [],
      refused: [],
      missing: [],
      twice: [],
    });
    expect(r.expectedMessages).toBe(4);
    expect(r.unknown).toBe(1);
    expect(r.orphanMessages).toBe(0);
  });

  it('reports a planted missing message: an appeal’s message to one of the two leads', () => {
    const { snapshot, writes } = handMadeSnapshot();
    snapshot.messages = snapshot.messages.filter((m) => m.id !== 4);
    const r = checkRun(snapshot, writes);
    expect(r.eventsWithoutMessages.map((f) => f.detail)).toEqual([`event 4 (ticket 1) → message ${MESSAGE_TYPE.FEE_APPEAL_FILED} to 21, appeal 7`]);
  });

  it('reports a lost order, a doubled event, a doubled message, a refused write present, an orphan and an unpublished row', () => {
    const { snapshot, writes } = handMadeSnapshot();
    const lostOrder = checkRun({ ...snapshot, tickets: [] }, writes);
    expect(lostOrder.lost.map((f) => f.what)).toEqual(['order']);

    const doubledUrge = checkRun({ ...snapshot, events: [...snapshot.events, { ...snapshot.events[2]!, id: 6 }] }, writes);
    expect(doubledUrge.doubled.map((f) => f.detail)).toEqual(['urge UR-1 (ticket 1): 2 times']);
    // Its second event expects a message of its own, which is not there.
    expect(doubledUrge.eventsWithoutMessages.map((f) => f.detail)).toEqual([`event 6 (ticket 1) → message ${MESSAGE_TYPE.DRAFT_URGED} to 10, “UR-1”`]);

    const twice = checkRun({ ...snapshot, messages: [...snapshot.messages, { ...snapshot.messages[0]!, id: 5 }] }, writes);
    expect(twice.doubledMessages.map((f) => f.what)).toEqual([String(MESSAGE_TYPE.SYSTEM_ASSIGNED)]);

    const refused = checkRun({ ...snapshot, events: [...snapshot.events, { id: 6, ticket_id: 1, type: 'urged', detail: { designer_id: 'D000010', note: 'UR-2' }, created_at: snapshot.events[0]!.created_at }] }, writes);
    expect(refused.refusedPresent.map((f) => f.detail)).toEqual(['urge UR-2 (ticket 1): refused, yet in the database']);

    const orphan = checkRun({ ...snapshot, messages: [...snapshot.messages, { ...snapshot.messages[1]!, id: 5, title: '催稿：别的' }] }, writes);
    expect(orphan.orphanMessages).toBe(1);

    const lostDraft = checkRun({ ...snapshot, drafts: [] }, writes);
    expect(lostDraft.lost.map((f) => f.what)).toEqual(['draft', 'draft']);

    const unpublished = checkRun({ ...snapshot, messages: snapshot.messages.map((m) => (m.id === 2 ? { ...m, published_at: null } : m)) }, writes);
    expect(unpublished.unpublished).toBe(1);
  });
});

const CYCLES = 3;

describe.each(dialects)('kill -9 under write load (%s, real server process)', (dialect) => {
  it(`keeps every acknowledged write once and every event’s messages over ${CYCLES} kills, and relays what the kills left`, { timeout: 240_000 }, async () => {
    const started = Date.now();
    const database = await createCrashDatabase(dialect, PG_URL);
    let run: Awaited<ReturnType<typeof runCrashCycles>> | undefined;
    try {
      run = await runCrashCycles(database, { cycles: CYCLES, acksPerCycle: [40, 80], seed: 2311, log: (line) => console.log(`${dialect} ${line}`) });
      const { db, world, ledger, server } = run;

      // The relay runs at start and every RELAY_EVERY_MS, on rows older than RELAY_AFTER_MS: what
      // the last kill left goes out within ~25 s of it.
      const relay = await waitForRelay(db.db, world, 60_000);
      const snapshot = await loadSnapshot(db.db, world);
      const report = checkRun(snapshot, ledger.writes);
      const left = [...run.leftUnpublished];
      console.log(
        [
          `${dialect}: ${CYCLES} kills in ${Math.round((Date.now() - started) / 1000)} s`,
          ...describeReport(report),
          `answers: ${JSON.stringify(Object.fromEntries(ledger.statuses))}`,
          `message rows left unpublished by the kills: ${left.length}; all published or marked ${relay.waitedMs} ms after the checks began`,
        ].join('\n  '),
      );

      expect(report.lost).toEqual([]);
      expect(report.doubled).toEqual([]);
      expect(report.refusedPresent).toEqual([]);
      expect(report.eventsWithoutMessages).toEqual([]);
      expect(report.doubledMessages).toEqual([]);
      expect(report.orphanMessages).toBe(0);
      // Marks are written in batches once a second, so a kill under load nearly always leaves rows
      // for the relay (printed above); not asserted, as a kill just after a batch leaves none.
      expect(relay.left).toEqual([]);
      expect(report.unpublished).toBe(0);
      // The load reached every path, and orders whose answer was lost were all answered on resending.
      for (const kind of WRITE_KINDS) expect(report.acked[kind], `acknowledged ${kind} writes`).toBeGreaterThan(0);
      expect(run.state.retryOrders).toEqual([]);
      expect(ledger.status((s) => s === 500)).toBe(0);

      // The check is live on this very data: take away one acknowledged urge's message and it says so.
      const urge = ledger.writes.find((w) => w.kind === 'urge' && w.outcome === 'acked')!;
      const planted = { ...snapshot, messages: snapshot.messages.filter((m) => !(m.message_type === MESSAGE_TYPE.DRAFT_URGED && m.title.includes(urge.token))) };
      expect(checkRun(planted, ledger.writes).eventsWithoutMessages.map((f) => f.detail)).toEqual([expect.stringContaining(urge.token)]);

      server.child.kill('SIGTERM');
      expect((await exited(server.child)).code, server.output()).toBe(0);
    } finally {
      if (run && run.server.child.exitCode === null && run.server.child.signalCode === null) {
        run.server.child.kill('SIGKILL');
        await exited(run.server.child);
      }
      await run?.db.close();
      await database.drop();
    }
  });
});
