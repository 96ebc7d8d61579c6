/**
 * The public face of the onboarding module: nothing in it is used by other modules (eslint
 * enforces that they import nothing else). Its finish line, REGISTRATION_COMPLETE_STEP, lives in
 * domain/designers.ts, where every module compares with it.
 */
export {};
