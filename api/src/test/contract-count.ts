import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where each test file appends what its contract check saw (test/contract.ts). */
    contractCountFile: string;
  }
}

/**
 * Sums what the contract check (test/contract.ts) saw over the run, each test file's line of
 * counts appended to one file in the OS temp folder, and prints it at the end of the run.
 */
export default function setup(project: TestProject) {
  const file = path.join(os.tmpdir(), `studio-contract-${process.pid}-${Date.now()}.jsonl`);
  writeFileSync(file, '');
  project.provide('contractCountFile', file);
  return () => {
    const sum = { files: 0, json2xx: 0, jsonErrors: 0, otherBodies: 0 };
    for (const line of readFileSync(file, 'utf8').split('\n').filter(Boolean)) {
      const counts = JSON.parse(line) as Omit<typeof sum, 'files'>;
      sum.files += 1;
      sum.json2xx += counts.json2xx;
      sum.jsonErrors += counts.jsonErrors;
      sum.otherBodies += counts.otherBodies;
    }
    rmSync(file, { force: true });
    console.log(
      `Contract check: ${sum.json2xx + sum.jsonErrors} JSON answers checked against the API's document in ${sum.files} test files (${sum.json2xx} successful, ${sum.jsonErrors} refusals), ${sum.otherBodies} other answers checked for their media type.`,
    );
  };
}
