import type { ReactElement } from 'react';
import { TemplatePreviewPanel } from '../credit-control/TemplatePreviewPanel';

/** What a record type's catalogue edit form shows below its inputs, by the catalogue's resource name. */
export const EXTRA_EDIT_PANELS: Readonly<Record<string, ReactElement>> = {
  MessageTemplate: <TemplatePreviewPanel />,
};
