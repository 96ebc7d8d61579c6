/**
 * The harness's copies of the demo data (support/harness.ts, `createDemoDatabase`): every app that
 * wants the demo starts on one, so a copy must be the seed's data and nobody else's. Two copies of
 * one template: what one app writes (rows, new rows past the template's ids, a demo file written
 * over or deleted) the other does not see, and a later copy starts from the seed again.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { putObject } from '../src/modules/files/index.js';
import { createDemoDatabase, DEMO, dialects, startApp, type TestApp } from './support/harness.js';

describe.each(dialects)('copies of the demo data (%s)', (dialect) => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await startApp(await createDemoDatabase(dialect));
    b = await startApp(await createDemoDatabase(dialect));
  });
  afterAll(async () => {
    for (const t of [a, b]) {
      await t?.close();
      await t?.database.drop();
    }
  });

  /** A demo file's key (a ticket's reference image, written by the seed). */
  async function demoFileKey(t: TestApp): Promise<string> {
    const row = await t.db.selectFrom('upload_records').select('object_key').orderBy('id').limit(1).executeTakeFirst();
    if (row) return row.object_key;
    const files = fs.readdirSync(t.app.config.oss.root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    return path.relative(t.app.config.oss.root, path.join(files[0]!.parentPath, files[0]!.name));
  }

  it('start with the same demo data, and a row one app changes stays changed in that app only', async () => {
    const nickname = (t: TestApp) => t.db.selectFrom('designers').select('nickname').where('phone', '=', DEMO.designer).executeTakeFirstOrThrow();
    expect(await nickname(a)).toEqual(await nickname(b));
    const before = await nickname(b);
    await a.db.updateTable('designers').set({ nickname: '只在这一份' }).where('phone', '=', DEMO.designer).execute();
    expect(await nickname(a)).toEqual({ nickname: '只在这一份' });
    expect(await nickname(b)).toEqual(before);
  });

  it('take new ids past the demo’s own (the sequences come with the copy)', async () => {
    const max = await a.db.selectFrom('teams').select((eb) => eb.fn.max('id').as('id')).executeTakeFirstOrThrow();
    const row = await a.db.insertInto('teams').values({ name: '复制后新建的团队', lead_id: null, created_at: new Date().toISOString() }).returning('id').executeTakeFirstOrThrow();
    expect(row.id).toBeGreaterThan(Number(max.id));
  });

  it('share no demo file: one written over or deleted in one app is unchanged in the other and in a later copy', async () => {
    const key = await demoFileKey(a);
    const fileOf = (t: TestApp) => path.join(t.app.config.oss.root, key);
    const original = fs.readFileSync(fileOf(b));
    expect(fs.readFileSync(fileOf(a))).toEqual(original);

    await putObject(a.app.config.oss, key, Buffer.from('written over in app a'));
    expect(fs.readFileSync(fileOf(a), 'utf8')).toBe('written over in app a');
    expect(fs.readFileSync(fileOf(b))).toEqual(original);

    fs.rmSync(fileOf(b));
    expect(fs.existsSync(fileOf(b))).toBe(false);
    const later = await createDemoDatabase(dialect);
    try {
      expect(fs.readFileSync(path.join(later.dataDir, 'oss', key))).toEqual(original);
    } finally {
      await later.drop();
    }
  });
});
