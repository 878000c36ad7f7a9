// The numbers of `npm test`'s last line, read from Vitest's JSON report so that they match what
// Vitest itself prints under "Tests". Its numFailedTestSuites also counts every describe block
// and file around a failed test (one failed test made "3 failed"), so it is not added.

/**
 * @param {{ numPassedTests?: number, numFailedTests?: number,
 *   testResults?: Array<{ status: string, assertionResults?: Array<{ status: string }> }> }} report
 * @returns {{ passed: number, failed: number }}
 */
export const countTests = (report) => {
  // A file that failed without a failed test (it did not load, or a hook threw before its tests
  // ran) has nothing in numFailedTests: it counts as one failure, or the line would read 0 failed.
  const filesFailedWithoutTest = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
  ).length;
  return { passed: report.numPassedTests ?? 0, failed: (report.numFailedTests ?? 0) + filesFailedWithoutTest };
};
