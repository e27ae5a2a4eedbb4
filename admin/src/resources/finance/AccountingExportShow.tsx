import { Show, TopToolbar } from 'react-admin';
import { SpecTabs } from '../catalogue/SpecTabs';
import { ExportSageCsvButton, MarkExportedToSageButton } from './AccountingExportActions';
import { UploadRejectionsButton } from './UploadRejectionsButton';

/** An accounting export: the catalogue's fields and rows, with the Sage steps in order (export, confirm, rejections). */
export function AccountingExportShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <ExportSageCsvButton />
          <MarkExportedToSageButton />
          <UploadRejectionsButton />
        </TopToolbar>
      }
    >
      <SpecTabs />
    </Show>
  );
}
