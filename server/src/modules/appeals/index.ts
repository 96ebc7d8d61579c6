/** The public face of the appeals module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { deductionSchema, integrationDeductionInput } from './appeal.schemas.js';
export { seedDemoMoney } from './demo-seed.js';
export { readableAppeal } from './appeal.service.js';
export { appealAnswerSchema, appealListQuery, deductionListQuery } from './appeal.schemas.js';
