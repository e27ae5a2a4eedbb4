/**
 * The document renders this process has in progress (the product renders PDFs with pdfkit, in the API and
 * in the workers): what chrome-sessions reports, through each process's heartbeat.
 */
export interface ActiveRender {
  id: number;
  kind: string;
  label: string;
  startedAt: string;
}

const active = new Map<number, ActiveRender>();
let next = 1;

/** Records a render as started; call the returned function when it ends (however it ends). */
export function trackRender(kind: string, label: string): () => void {
  const id = next++;
  active.set(id, { id, kind, label, startedAt: new Date().toISOString() });
  return () => void active.delete(id);
}

export const activeRenders = (): ActiveRender[] => [...active.values()];
