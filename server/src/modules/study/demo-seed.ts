/**
 * Demo courses and exams (issue #16: demo data as real as production data). A data script: it
 * writes its rows with its own SQL, and its messages as history already delivered.
 *
 * - Two courses: 印前检查入门 (required, public: a 30-second video, Markdown lessons and a PDF) and
 *   包装设计规范 (optional: Markdown lessons and a PDF). The video is server/assets/demo/
 *   print-check-intro.webm (made by scripts/make-demo-video.mjs), stored like an upload of the lead.
 * - Three exams: 印前基础考试 (requires the first course; already passed by the demo designer
 *   13800000001, failed once by 13800000002), 礼盒包装资格考试 (linked to a product the demo
 *   designer is not qualified for: passing it qualifies them), 设计师招聘笔试 (public).
 * - Assignments with due dates (one overdue) and their messages 40/41; the demo designer has done
 *   the first course; the lead was told of each submitted attempt (42).
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { designerCode, displayName } from '../../domain/designers.js';
import type { SampleFile } from '../../lib/sample-files.js';
import { MESSAGE_TYPE } from '../messages/index.js';

const HOUR = 3_600_000;
/** The demo video lesson: a committed WebM (scripts/make-demo-video.mjs) and its real length. */
export const DEMO_VIDEO_FILE = 'print-check-intro.webm';
export const DEMO_VIDEO_SECONDS = 30;
const DAY = 24 * HOUR;

type Q = { kind: 'single' | 'multiple' | 'true_false' | 'fill'; stem: string; options?: string[]; answer: unknown; explanation: string; points: number };

const BASICS: Q[] = [
  { kind: 'single', stem: '印刷品文件应使用哪种色彩模式？', options: ['RGB', 'CMYK', 'LAB', '索引颜色'], answer: 'B', explanation: '印刷使用青、品红、黄、黑四色油墨，文件应为 CMYK。', points: 20 },
  { kind: 'single', stem: '常规印刷品每边出血一般留多少？', options: ['1mm', '3mm', '5mm', '10mm'], answer: 'B', explanation: '常规为 3mm，特殊工艺按工厂要求。', points: 20 },
  { kind: 'multiple', stem: '交付印刷前需要检查哪些项目？', options: ['图片分辨率', '字体转曲或嵌入', '出血与安全区', '文件名是否好看'], answer: ['A', 'B', 'C'], explanation: '文件名不影响印刷，其余三项都必须检查。', points: 20 },
  { kind: 'true_false', stem: '印刷用位图分辨率一般不低于 300dpi。', answer: true, explanation: '低于 300dpi 容易出现模糊和锯齿。', points: 20 },
  { kind: 'fill', stem: '专色印刷最常用的色卡品牌是？（英文）', answer: ['Pantone', '潘通'], explanation: 'Pantone（潘通）色卡是行业通用的专色标准。', points: 20 },
];

const PACKAGING: Q[] = [
  { kind: 'single', stem: '天地盖礼盒的灰板厚度常用多少？', options: ['0.5mm', '1mm', '2mm', '5mm'], answer: 'C', explanation: '常用 2mm 灰板，兼顾挺度与成本。', points: 25 },
  { kind: 'multiple', stem: '礼盒常见的表面工艺有哪些？', options: ['烫金', '击凸', 'UV', '水洗'], answer: ['A', 'B', 'C'], explanation: '水洗不是纸品表面工艺。', points: 25 },
  { kind: 'true_false', stem: '包装刀版线应单独放在一个图层并使用专色。', answer: true, explanation: '刀版线单独图层、专色标注，方便工厂识别且不会被印出。', points: 25 },
  { kind: 'fill', stem: '裱纸礼盒外层常用的纸张是？（两个字）', answer: ['特种纸', '铜版纸'], explanation: '外层多用特种纸或铜版纸裱糊。', points: 25 },
];

const RECRUITING: Q[] = [
  { kind: 'single', stem: '下列哪个软件最适合制作矢量 Logo？', options: ['Photoshop', 'Illustrator', 'Lightroom', 'Premiere'], answer: 'B', explanation: 'Illustrator 是矢量绘图软件。', points: 50 },
  { kind: 'true_false', stem: 'PNG 格式支持透明背景。', answer: true, explanation: 'PNG 支持 Alpha 通道。', points: 50 },
];

const option = (texts: string[] | undefined) => JSON.stringify((texts ?? []).map((text, i) => ({ key: 'ABCDEFGH'[i]!, text })));

export async function seedDemoStudy(
  trx: Db,
  { teamId, leadId, designerIds, productIds, files }: { teamId: number; leadId: number; designerIds: number[]; productIds: number[]; files: SampleFile[] },
): Promise<void> {
  const now = Date.now();
  const at = (ms: number) => new Date(now + ms).toISOString();
  const day = new Date(now - 10 * DAY).toISOString().slice(0, 10).replaceAll('-', '');
  const pdfKey = (name: string) => `default/${designerCode(leadId)}/${day}/${randomBytes(6).toString('hex')}/${name}`;
  const [designer, partTimer, partTimer2] = designerIds as [number, number, number];

  // ---- courses ----
  async function course(c: { title: string; description: string; required: number; is_public: number }, lessons: { kind: string; title: string; body?: string; key?: string; seconds?: number }[]) {
    const row = await trx
      .insertInto('courses')
      .values({ ...c, team_id: teamId, status: 'published', created_by: leadId, created_at: at(-12 * DAY), updated_at: at(-12 * DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const [i, l] of lessons.entries()) {
      const lesson = await trx
        .insertInto('course_lessons')
        .values({ course_id: row.id, position: i + 1, kind: l.kind, title: l.title, body: l.body ?? '', object_key: l.key ?? null, duration_seconds: l.seconds ?? 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(lesson.id);
    }
    return { id: row.id, lessons: ids };
  }
  const checklist = pdfKey('print-checklist.pdf');
  files.push({ key: checklist, kind: 'pdf', label: 'PRINT CHECKLIST', lines: ['CMYK colour mode', 'Bleed 3 mm each side', 'Images 300 dpi or more', 'Fonts outlined or embedded'] });
  const video = pdfKey(DEMO_VIDEO_FILE);
  files.push({ key: video, kind: 'asset', label: DEMO_VIDEO_FILE });
  const basics = await course({ title: '印前检查入门', description: '交付印刷前必须检查的色彩、出血、分辨率和字体。', required: 1, is_public: 1 }, [
    { kind: 'video', title: '印前检查四步走（视频）', key: video, seconds: DEMO_VIDEO_SECONDS },
    { kind: 'text', title: '色彩模式与专色', body: '# 色彩模式\n\n印刷文件一律使用 **CMYK**。需要专色时，在色板中新建 Pantone 专色并单独标注。\n\n- 黑色文字使用单色黑（K100）\n- 大面积黑底使用四色黑' },
    { kind: 'text', title: '出血与安全区', body: '# 出血与安全区\n\n每边留 **3mm** 出血，重要文字距裁切线至少 **3mm**。\n\n> 异形刀版以工厂给出的刀版图为准。' },
    { kind: 'document', title: '印前检查清单（PDF）', key: checklist },
  ]);
  const spec = pdfKey('packaging-spec.pdf');
  files.push({ key: spec, kind: 'pdf', label: 'PACKAGING SPEC', lines: ['Die line on its own layer', 'Spot colour for the die line', 'Grey board 2 mm'] });
  const packaging = await course({ title: '包装设计规范', description: '礼盒与纸盒的刀版、材质和工艺。', required: 0, is_public: 0 }, [
    { kind: 'text', title: '刀版与结构', body: '# 刀版\n\n刀版线单独放一个图层，使用专色并命名为“刀版”。' },
    { kind: 'document', title: '包装规范（PDF）', key: spec },
  ]);

  // ---- exams ----
  async function exam(
    e: { title: string; description: string; pass_mark: number; time_limit_minutes: number; attempts_allowed: number; product_id: number | null; required_course_id: number | null; is_public: number },
    questions: Q[],
  ) {
    const row = await trx
      .insertInto('exams')
      .values({ ...e, team_id: teamId, shuffle_questions: 0, shuffle_options: 0, review_enabled: 1, status: 'published', created_by: leadId, created_at: at(-11 * DAY), updated_at: at(-11 * DAY) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const ids: number[] = [];
    for (const [i, q] of questions.entries()) {
      const r = await trx
        .insertInto('exam_questions')
        .values({ exam_id: row.id, kind: q.kind, stem: q.stem, options: option(q.options), answer: JSON.stringify(q.answer), explanation: q.explanation, points: q.points, position: i + 1 })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(r.id);
    }
    return { id: row.id, questions: ids };
  }
  const basicsExam = await exam(
    { title: '印前基础考试', description: '完成《印前检查入门》后参加，60 分及格。', pass_mark: 60, time_limit_minutes: 20, attempts_allowed: 3, product_id: null, required_course_id: basics.id, is_public: 0 },
    BASICS,
  );
  // A product the demo designer is not qualified for (the seed gives them a rotating subset).
  const mine = new Set((await trx.selectFrom('designer_products').select('product_id').where('designer_id', '=', designer).execute()).map((r) => r.product_id));
  const gated = productIds.find((p) => !mine.has(p)) ?? null;
  const packagingExam = await exam(
    { title: '礼盒包装资格考试', description: '通过后可承接该产品的工单。', pass_mark: 75, time_limit_minutes: 30, attempts_allowed: 2, product_id: gated, required_course_id: null, is_public: 0 },
    PACKAGING,
  );
  await exam({ title: '设计师招聘笔试', description: '公开考试：验证手机号后即可作答。', pass_mark: 60, time_limit_minutes: 15, attempts_allowed: 1, product_id: null, required_course_id: null, is_public: 1 }, RECRUITING);

  // ---- progress, attempts ----
  // The video watched to its end; other lessons have no position.
  const watched = (isVideo: boolean) => ({ position_seconds: isVideo ? DEMO_VIDEO_SECONDS : 0, furthest_seconds: isVideo ? DEMO_VIDEO_SECONDS : 0 });
  for (const lessonId of basics.lessons) {
    await trx
      .insertInto('lesson_progress')
      .values({ designer_id: designer, lesson_id: lessonId, course_id: basics.id, ...watched(lessonId === basics.lessons[0]), done_at: at(-6 * DAY), updated_at: at(-6 * DAY) })
      .execute();
  }
  await trx
    .insertInto('lesson_progress')
    .values({ designer_id: partTimer, lesson_id: packaging.lessons[0]!, course_id: packaging.id, position_seconds: 0, furthest_seconds: 0, done_at: at(-2 * DAY), updated_at: at(-2 * DAY) })
    .execute();

  async function attempt(designerId: number, e: { id: number; questions: number[] }, qs: Q[], startedAgo: number, answers: unknown[], score: number, total: number, passed: boolean) {
    const started = at(-startedAgo);
    const row = await trx
      .insertInto('exam_attempts')
      .values({
        exam_id: e.id,
        designer_id: designerId,
        started_at: started,
        deadline: at(-startedAgo + 20 * 60_000),
        submitted_at: at(-startedAgo + 12 * 60_000),
        submitted_by: 'designer',
        score,
        total_points: total,
        passed: passed ? 1 : 0,
        question_order: JSON.stringify(e.questions),
        // The exam does not shuffle: every choice question's options in order.
        option_order: JSON.stringify(Object.fromEntries(e.questions.flatMap((id, i): [number, string[]][] => (qs[i]!.options ? [[id, qs[i]!.options!.map((_, k) => 'ABCDEFGH'[k]!)]] : [])))),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, answer] of answers.entries()) {
      await trx
        .insertInto('exam_answers')
        .values({ attempt_id: row.id, question_id: e.questions[i]!, answer: JSON.stringify(answer), saved_at: at(-startedAgo + (i + 1) * 60_000) })
        .execute();
    }
    // The submit told the lead (42), read since.
    const taker = await trx.selectFrom('designers').select(['id', 'real_name', 'nickname']).where('id', '=', designerId).executeTakeFirstOrThrow();
    const examTitle = (await trx.selectFrom('exams').select('title').where('id', '=', e.id).executeTakeFirstOrThrow()).title;
    const title = `${displayName(taker)} 已交卷：《${examTitle}》${score}分，${passed ? '通过' : '未通过'}`;
    const submitted = at(-startedAgo + 12 * 60_000);
    await trx
      .insertInto('messages')
      .values({
        designer_id: leadId,
        message_type: MESSAGE_TYPE.EXAM_SUBMITTED,
        title,
        ext_json: JSON.stringify({ title, info: { exam_id: e.id, attempt_id: row.id } }),
        is_read: 1,
        created_time: submitted,
        read_time: at(-startedAgo + 14 * 60_000),
        published_at: submitted,
      })
      .execute();
  }
  // The demo designer passed (80: the fill-in was wrong); a part-timer failed (40).
  await attempt(designer, basicsExam, BASICS, 5 * DAY, ['B', 'B', ['A', 'B', 'C'], true, 'Pantone色卡'], 80, 100, true);
  await attempt(partTimer, basicsExam, BASICS, 3 * DAY, ['A', 'B', ['A', 'C'], true, ''], 40, 100, false);

  // ---- assignments and their messages ----
  const lead = await trx.selectFrom('designers').select(['id', 'real_name', 'nickname']).where('id', '=', leadId).executeTakeFirstOrThrow();
  const assignments: { type: 'course' | 'exam'; id: number; title: string; to: number; due: number; ago: number }[] = [
    { type: 'course', id: basics.id, title: '印前检查入门', to: designer, due: -4 * DAY, ago: 8 * DAY },
    { type: 'course', id: basics.id, title: '印前检查入门', to: partTimer, due: 2 * DAY, ago: 4 * DAY },
    { type: 'course', id: packaging.id, title: '包装设计规范', to: partTimer2, due: -1 * DAY, ago: 6 * DAY },
    { type: 'exam', id: basicsExam.id, title: '印前基础考试', to: designer, due: -3 * DAY, ago: 8 * DAY },
    { type: 'exam', id: basicsExam.id, title: '印前基础考试', to: partTimer, due: 3 * DAY, ago: 4 * DAY },
    { type: 'exam', id: packagingExam.id, title: '礼盒包装资格考试', to: designer, due: 5 * DAY, ago: 1 * DAY },
  ];
  for (const a of assignments) {
    const due = at(a.due);
    await trx
      .insertInto('study_assignments')
      .values({ team_id: teamId, item_type: a.type, item_id: a.id, designer_id: a.to, due_at: due, assigned_by: leadId, assigned_at: at(-a.ago) })
      .execute();
    const shanghai = new Date(Date.parse(due) + 8 * HOUR).toISOString().slice(5, 16).replace('T', ' ');
    const title = `${displayName(lead)} 给你指派了${a.type === 'course' ? '课程' : '考试'}《${a.title}》，请在 ${shanghai} 前完成`;
    await trx
      .insertInto('messages')
      .values({
        designer_id: a.to,
        message_type: a.type === 'course' ? MESSAGE_TYPE.COURSE_ASSIGNED : MESSAGE_TYPE.EXAM_ASSIGNED,
        title,
        ext_json: JSON.stringify({ title, info: { [a.type === 'course' ? 'course_id' : 'exam_id']: a.id, due_at: due } }),
        is_read: a.ago > 2 * DAY ? 1 : 0,
        created_time: at(-a.ago),
        read_time: a.ago > 2 * DAY ? at(-a.ago + HOUR) : null,
        published_at: at(-a.ago),
      })
      .execute();
  }
}
