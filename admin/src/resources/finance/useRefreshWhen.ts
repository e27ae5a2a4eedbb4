import { useDataProvider, useRefresh } from 'react-admin';

/** How long the page waits for the job to mark the record, after its file is finished. */
const WAIT_MS = 15_000;
const STEP_MS = 500;

const sleep = (ms: number) => new Promise((resolve) => window.setTimeout(resolve, ms));

/**
 * The job finishes the file, then marks its record EXPORTED in a second step: re-reads the record until it
 * shows the change (or a little while has passed), then refreshes the page so the new status is on screen.
 */
export function useRefreshWhen<T extends { id: string | number }>(resource: string) {
  const dataProvider = useDataProvider();
  const refresh = useRefresh();
  return async (id: T['id'], done: (record: T) => boolean) => {
    const until = Date.now() + WAIT_MS;
    while (Date.now() < until) {
      const { data } = await dataProvider.getOne<T>(resource, { id });
      if (done(data)) break;
      await sleep(STEP_MS);
    }
    refresh();
  };
}
