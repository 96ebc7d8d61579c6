/**
 * Where a run's demo templates live (harness.ts, `createDemoDatabase`): data directories in the
 * temp directory and PostgreSQL schemas whose names start with the run's id. global-setup.ts sets
 * the id (`DWP_TEST_RUN`) before the workers start and removes what starts with it after them.
 */
export function templateDirPrefix(run: string): string {
  return `dwp-tpl-${run}-`;
}

export function templateSchemaPrefix(run: string): string {
  return `dwp_tpl_${run}_`;
}
