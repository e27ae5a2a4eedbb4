import type { ReportKind } from './reason-codes';

/** A report file handed back by the bureau. */
export interface BureauReport {
  kind: ReportKind;
  /** Unique per report: applying the same report twice changes nothing, but it is also not fetched twice. */
  name: string;
  xml: string;
}

/**
 * A Bacs bureau (the service user's way into Bacs): takes submission files and hands back report files.
 * The product uses the sandbox (api/src/sandboxes/bacs) when no real bureau is configured.
 */
export interface BacsBureau {
  readonly name: string;
  /** Sends a file; sending the same `fileName` again is a no-op. Returns the bureau's reference. */
  submit(fileName: string, file: string, submissionDate: string): Promise<string>;
  /** The reports available on `day` (a working day's reports: those produced on or before it). */
  reportsOn(day: string): Promise<BureauReport[]>;
}
