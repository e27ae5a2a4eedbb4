/*
 * Browser tests drive a real Chromium against a real product on a shared 2-core machine, where a page can lose a
 * race that no user would (an animation still closing, a list still drawing). Each such test runs once more after
 * a failure, and the first failure is printed in full, so a flaky step shows in the log to be fixed, while a real
 * defect, which fails both times, still fails the run. The node tests are never retried.
 */
jest.retryTimes(1, { logErrorsBeforeRetry: true });
