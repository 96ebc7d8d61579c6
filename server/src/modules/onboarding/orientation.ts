/**
 * The platform orientation of onboarding step 5: a short read and three questions. The correct
 * answers stay on the server; the client receives the questions and options only.
 */
export const ORIENTATION_TEXT = [
  '工单由系统根据你的接单状态、擅长产品和每日产能自动分配，也可能由团队负责人手动指派。',
  '每张工单都有设计时限：请在时限内提交初稿和终稿，超时会被标记为逾期并可能产生扣款。',
  '对费用、驳回、扣款有异议时，可在事件发生后7天内发起申诉，由团队负责人审核。',
  '客户资料和设计文件仅限用于当前工单，禁止外传或用于其他用途。',
];

export const ORIENTATION_QUESTIONS = [
  {
    id: 'q1',
    question: '收到工单后，应该在什么时候之前提交设计稿？',
    options: [
      { id: 'a', label: '工单显示的设计时限内' },
      { id: 'b', label: '任何时候都可以' },
      { id: 'c', label: '客户催促之后' },
    ],
    answer: 'a',
  },
  {
    id: 'q2',
    question: '对扣款有异议时，应该怎么做？',
    options: [
      { id: 'a', label: '直接忽略' },
      { id: 'b', label: '在7天内通过申诉工单发起申诉' },
      { id: 'c', label: '私下联系客户' },
    ],
    answer: 'b',
  },
  {
    id: 'q3',
    question: '客户提供的设计资料可以用于哪些用途？',
    options: [
      { id: 'a', label: '个人作品集公开展示' },
      { id: 'b', label: '转给其他设计师参考' },
      { id: 'c', label: '仅用于当前工单的设计' },
    ],
    answer: 'c',
  },
] as const;

export function publicQuestions() {
  return ORIENTATION_QUESTIONS.map(({ id, question, options }) => ({ id, question, options: [...options] }));
}

/** Ids of the questions answered wrongly or not at all. */
export function wrongAnswers(answers: Record<string, string>): string[] {
  return ORIENTATION_QUESTIONS.filter((q) => answers[q.id] !== q.answer).map((q) => q.id);
}
