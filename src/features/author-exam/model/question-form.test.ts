import { describe, expect, it } from 'vitest';
import { draftOfQuestion, emptyQuestionDraft, questionFieldOf, questionInputOf, removeOption } from './question-form';

describe('questionInputOf', () => {
  it('builds a single-choice question with its key', () => {
    const d = { ...emptyQuestionDraft('single'), stem: ' 出血位一般留多少？ ', options: ['1mm', '3mm', '5mm'], single: 'B', points: '10' };
    expect(questionInputOf(d)).toEqual({ input: { kind: 'single', stem: '出血位一般留多少？', options: ['1mm', '3mm', '5mm'], answer: 'B', points: 10, explanation: '' } });
  });

  it('sorts and de-duplicates the keys of a multiple-choice answer', () => {
    const d = { ...emptyQuestionDraft('multiple'), stem: '哪些是专色？', options: ['潘通', 'CMYK', '金色', '银色'], multiple: ['D', 'A', 'D'] };
    const r = questionInputOf(d);
    expect(r).toMatchObject({ input: { kind: 'multiple', answer: ['A', 'D'] } });
  });

  it('names every missing part of a question', () => {
    const r = questionInputOf({ ...emptyQuestionDraft('single'), points: '0' });
    expect(r).toEqual({ errors: { stem: '请填写题目', options: '选项内容不能为空', answer: '请选择正确答案', points: '分值必须是1-100的整数' } });
  });

  it('refuses an answer key beyond the options', () => {
    const r = questionInputOf({ ...emptyQuestionDraft('single'), stem: '题', options: ['甲', '乙'], single: 'D' });
    expect(r).toEqual({ errors: { answer: '请选择正确答案' } });
  });

  it('reads true/false and fill-in answers', () => {
    expect(questionInputOf({ ...emptyQuestionDraft('true_false'), stem: '题', truth: 'false' })).toMatchObject({ input: { kind: 'true_false', answer: false } });
    expect(questionInputOf({ ...emptyQuestionDraft('fill'), stem: '题', fills: '出血\n\n 出血位 \n' })).toMatchObject({ input: { kind: 'fill', answer: ['出血', '出血位'] } });
    expect(questionInputOf({ ...emptyQuestionDraft('fill'), stem: '题', fills: '  ' })).toEqual({ errors: { answer: '请填写参考答案' } });
  });
});

describe('removeOption', () => {
  it('moves the later keys up and drops the removed key from the answer', () => {
    const d = { ...emptyQuestionDraft('multiple'), options: ['甲', '乙', '丙', '丁'], multiple: ['B', 'D'], single: 'C' };
    const next = removeOption(d, 1);
    expect(next.options).toEqual(['甲', '丙', '丁']);
    expect(next.multiple).toEqual(['C']);
    expect(next.single).toBe('B');
  });

  it('keeps at least two options', () => {
    const d = { ...emptyQuestionDraft('single'), options: ['甲', '乙'] };
    expect(removeOption(d, 0)).toBe(d);
  });
});

describe('draftOfQuestion', () => {
  it('round-trips a question through the form', () => {
    const q = { question_id: 1, kind: 'fill' as const, stem: '题', options: [], answer: ['甲', '乙'], explanation: '因为', points: 4, position: 1 };
    expect(questionInputOf(draftOfQuestion(q))).toEqual({ input: { kind: 'fill', stem: '题', answer: ['甲', '乙'], points: 4, explanation: '因为' } });
  });
});

describe('questionFieldOf', () => {
  it('maps the server’s field names to the form’s', () => {
    expect(questionFieldOf('questions.0.answer')).toBe('answer');
    expect(questionFieldOf('options.2')).toBe('options');
    expect(questionFieldOf('stem')).toBe('stem');
    expect(questionFieldOf('questions')).toBeUndefined();
  });
});
