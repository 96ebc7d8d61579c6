/** The public face of the order-plans module: what app.ts and other modules may use of it (eslint enforces that they import nothing else). */
export { seedDemoPlans } from './demo-seed.js';
export { capacityOn, effectiveCapacitySql, planCellOf } from './plan.repository.js';
