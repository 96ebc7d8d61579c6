/** The onboarding steps in order; 6 is the completion step (REGISTRATION_COMPLETE_STEP). */
export const ONBOARDING_STEPS = [
  { step: 1, label: '基本信息', description: '请填写真实信息，它们用于实名结算和团队联系。' },
  { step: 2, label: '工作情况', description: '告诉我们你的工作情况，便于合理安排派单。' },
  { step: 3, label: '技能标签', description: '系统会按擅长领域和常用软件为你匹配工单。' },
  { step: 4, label: '收款信息', description: '设计费用按结算周期打款到这里。' },
  { step: 5, label: '平台须知', description: '阅读平台规则并完成答题。' },
  { step: 6, label: '完成', description: '一切就绪，进入工作台开始接单吧。' },
] as const;

export type OnboardingStep = (typeof ONBOARDING_STEPS)[number]['step'];

/** Body of PUT /onboarding/registration-step: the step number plus that step's fields. */
export type OnboardingStepBody =
  | ({ step: 1 | 2 | 3 | 4 } & Record<string, unknown>)
  | { step: 5; answers: Record<string, string> }
  | { step: 6 };
