/** The SQL of pg-boss 10's own statements (`pg-boss/src/plans.js`), which its package declares no types for. */
declare module 'pg-boss/src/plans' {
  /** The statement that records jobs of a queue as completed (`Manager.complete`), for the schema. */
  export function completeJobs(schema: string): string;
  /** The statement that records jobs of a queue as failed (`Manager.fail`), for the schema. */
  export function failJobsById(schema: string): string;
}
