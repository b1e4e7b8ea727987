import type { Reporter, TestCase } from 'vitest/node';

/** The first failure of a test that passed on a later try (Vitest keeps it on the runner's task). */
function firstError(test: TestCase): string {
  const task = (test as unknown as { task?: { result?: { errors?: { message?: string }[] } } })
    .task;
  const message = task?.result?.errors?.[0]?.message ?? '';
  return message.split('\n')[0]?.slice(0, 300) ?? '';
}

/**
 * Names every test that failed and then passed on its retry (`retry` in CI, decision 039), after
 * the run's summary: a flaky test stays visible in the log's tail instead of passing unseen.
 */
export default class FlakyReporter implements Reporter {
  private readonly flaky: string[] = [];

  onTestCaseResult(test: TestCase) {
    const { flaky, retryCount } = test.diagnostic() ?? { flaky: false, retryCount: 0 };
    if (!flaky) return;
    const error = firstError(test);
    this.flaky.push(
      `FLAKY  ${test.module.relativeModuleId} > ${test.fullName} (passed on try ${retryCount + 1})${error ? `\n    first try: ${error}` : ''}`,
    );
  }

  onTestRunEnd() {
    if (this.flaky.length === 0) return;
    process.stdout.write(
      `\n${this.flaky.length} test(s) failed once and passed on the retry:\n${this.flaky.join('\n')}\n`,
    );
  }
}
