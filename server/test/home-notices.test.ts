/**
 * What a workbench home depends on: the tables its statements read are all in `HOME_TABLES`, whose
 * changes drop every kept home (db/change-notices.ts; on PostgreSQL through their triggers, checked
 * in change-notices.test.ts). A home read on a database that traces every statement, for each role,
 * with a plan of this week so the plan's cells are read too.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { HOME_TABLES } from '../src/db/change-notices.js';
import { migrateToLatest, type OpenedDb, openDatabase } from '../src/db/database.js';
import type { Designer } from '../src/db/schema.js';
import { shanghaiDay, weekStartOf } from '../src/domain/calendar.js';
import { nowIso, nowMs } from '../src/lib/time.js';
import { createHomeService } from '../src/modules/workbench/home.service.js';
import { createPreferenceService } from '../src/modules/workbench/preferences.service.js';
import { testConfig, createTestDatabase, type TestDatabase } from './support/harness.js';

let database: TestDatabase;
let opened: OpenedDb;
const read = new Set<string>();

beforeAll(async () => {
  database = await createTestDatabase('sqlite');
  opened = openDatabase({
    url: database.databaseUrl,
    traceSql: (text) => {
      for (const m of text.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)) read.add(m[1]!);
    },
  });
  await migrateToLatest(opened.db);
});
afterAll(async () => {
  await opened?.close();
  await database?.drop();
});

it('a home reads no table outside HOME_TABLES, for a lead, a designer and a part-timer', async () => {
  const { db } = opened;
  const at = nowIso();
  const team = await db.insertInto('teams').values({ name: '追踪组', lead_id: null, created_at: at }).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('order_plans')
    .values({ team_id: team.id, week_start: weekStartOf(shanghaiDay(nowMs())), created_by: null, created_at: at, updated_at: at })
    .execute();
  const preferences = createPreferenceService({ db, unitOfWork: undefined as never, released: new Set() });
  const homes = createHomeService({ db, oss: testConfig(database).oss, preferences });
  read.clear();
  for (const designer_type of [0, 1, 2]) await homes.home({ id: 1_000 + designer_type, team_id: team.id, designer_type } as Designer);
  expect(read.has('order_plan_cells')).toBe(true);
  expect(read.has('tickets')).toBe(true);
  expect([...read].filter((table) => !(HOME_TABLES as readonly string[]).includes(table))).toEqual([]);
});
