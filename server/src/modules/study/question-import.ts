/**
 * Questions imported from an Excel sheet (issue #16): the first sheet, row 1 the headers, one
 * question a row from row 2 (empty rows skipped). Columns:
 *
 * | column | header | what |
 * |---|---|---|
 * | A | 题型 | 单选 / 多选 / 判断 / 填空 (or single / multiple / true_false / fill) |
 * | B | 题目 | the question |
 * | C–H | 选项A–选项F | the options of a choice question, from A on without gaps |
 * | I | 正确答案 | 单选: `B`; 多选: `AC` or `A,C`; 判断: 对/错 (正确/错误, true/false); 填空: accepted texts separated by `|` |
 * | J | 分值 | 1–100 |
 * | K | 解析 | optional |
 *
 * Every row is checked as a question added by hand is (`questionInput`); any refusal is a 422
 * whose fields name the row and the column (`row.3.I`) and whose messages say them in Chinese, and
 * nothing is imported.
 */
import ExcelJS from 'exceljs';
import { AppError, type FieldError, invalid } from '../../lib/errors.js';
import type { Cell, Table } from '../../lib/tabular-export.js';
import { MAX_QUESTIONS, type QuestionInput, questionInput } from './exam.schemas.js';

export const IMPORT_COLUMNS = ['题型', '题目', '选项A', '选项B', '选项C', '选项D', '选项E', '选项F', '正确答案', '分值', '解析'] as const;
const LETTERS = 'ABCDEFGHIJK';
const OPTION_COLUMNS = 6;

const KINDS: Record<string, QuestionInput['kind']> = {
  单选: 'single',
  单选题: 'single',
  single: 'single',
  多选: 'multiple',
  多选题: 'multiple',
  multiple: 'multiple',
  判断: 'true_false',
  判断题: 'true_false',
  true_false: 'true_false',
  填空: 'fill',
  填空题: 'fill',
  fill: 'fill',
};
const TRUE_WORDS = new Set(['对', '正确', '是', 'true', 't', 'y', 'yes', '√']);
const FALSE_WORDS = new Set(['错', '错误', '否', 'false', 'f', 'n', 'no', '×']);

/** Which column a field of a question comes from. */
function columnOf(path: string): number {
  if (path.startsWith('kind')) return 0;
  if (path.startsWith('stem')) return 1;
  if (path.startsWith('options')) {
    const i = Number(path.split('.')[1]);
    return Number.isInteger(i) ? 2 + i : 2;
  }
  if (path.startsWith('answer')) return 8;
  if (path.startsWith('points')) return 9;
  if (path.startsWith('explanation')) return 10;
  return 0;
}

function fieldError(row: number, column: number, message: string): FieldError {
  const letter = LETTERS[column]!;
  return { field: `row.${row}.${letter}`, message: `第${row}行${letter}列（${IMPORT_COLUMNS[column]}）：${message}` };
}

/** The question a row describes, before it is checked; undefined for an empty row. */
function rowQuestion(cells: string[], row: number, errors: FieldError[]): unknown {
  if (cells.every((c) => c === '')) return undefined;
  const kindText = cells[0]!.toLowerCase();
  const kind = KINDS[kindText] ?? KINDS[cells[0]!];
  if (!kind) {
    errors.push(fieldError(row, 0, '题型只能是单选、多选、判断或填空'));
    return undefined;
  }
  const options = cells.slice(2, 2 + OPTION_COLUMNS);
  const lastFilled = options.reduce((last, o, i) => (o !== '' ? i : last), -1);
  const filled = options.slice(0, lastFilled + 1);
  const gap = filled.findIndex((o) => o === '');
  if (gap >= 0) {
    errors.push(fieldError(row, 2 + gap, '选项需从A列起连续填写'));
    return undefined;
  }
  const answerText = cells[8]!;
  const pointsText = cells[9]!;
  const points = /^\d{1,3}$/.test(pointsText) ? Number(pointsText) : Number.NaN;
  const base = { kind, stem: cells[1], explanation: cells[10], points: Number.isNaN(points) ? pointsText : points };
  switch (kind) {
    case 'single':
      return { ...base, options: filled, answer: answerText.toUpperCase() };
    case 'multiple':
      return { ...base, options: filled, answer: [...answerText.toUpperCase().replace(/[\s,，、]/g, '')] };
    case 'true_false': {
      const word = answerText.toLowerCase();
      if (!TRUE_WORDS.has(word) && !FALSE_WORDS.has(word)) {
        errors.push(fieldError(row, 8, '判断题答案只能是对或错'));
        return undefined;
      }
      return { ...base, answer: TRUE_WORDS.has(word) };
    }
    case 'fill':
      return {
        ...base,
        answer: answerText
          .split('|')
          .map((a) => a.trim())
          .filter((a) => a !== ''),
      };
  }
}

/** The questions of an uploaded workbook, or a 422 naming every bad row and column. */
export async function importQuestions(file: Buffer): Promise<QuestionInput[]> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw invalid('file', '无法读取该文件，请上传按模板填写的Excel（.xlsx）文件');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw invalid('file', 'Excel文件中没有工作表');
  const errors: FieldError[] = [];
  const questions: QuestionInput[] = [];
  let rows = 0;
  ws.eachRow({ includeEmpty: false }, (r, n) => {
    if (n === 1 || rows > MAX_QUESTIONS) return;
    const cells = Array.from({ length: IMPORT_COLUMNS.length }, (_, k) => r.getCell(k + 1).text.trim());
    const raw = rowQuestion(cells, n, errors);
    if (raw === undefined) return;
    rows += 1;
    const parsed = questionInput.safeParse(raw);
    if (parsed.success) {
      questions.push(parsed.data);
      return;
    }
    for (const issue of parsed.error.issues) errors.push(fieldError(n, columnOf(issue.path.join('.')), issue.message));
  });
  if (rows > MAX_QUESTIONS) throw invalid('file', `一次最多导入${MAX_QUESTIONS}道题`);
  if (errors.length) throw new AppError(422, errors[0]!.message, errors.slice(0, 50));
  if (!questions.length) throw invalid('file', '没有可导入的题目：请从第2行起填写');
  return questions;
}


/** The template a lead downloads: the headers and one example row of each kind. */
export function importTemplate(): Table {
  const rows: Cell[][] = [
    ['单选', '印刷品常用的色彩模式是？', 'RGB', 'CMYK', 'LAB', null, null, null, 'B', 10, 'CMYK 是印刷四色。'],
    ['多选', '下列哪些是矢量格式？', 'AI', 'JPG', 'SVG', 'PNG', null, null, 'AC', 10, null],
    ['判断', '印刷文件的出血一般留3毫米。', null, null, null, null, null, null, '对', 5, null],
    ['填空', '潘通色卡的英文名是？', null, null, null, null, null, null, 'Pantone|PANTONE', 5, null],
  ];
  return { sheetName: '题目', headers: [...IMPORT_COLUMNS], rows };
}
