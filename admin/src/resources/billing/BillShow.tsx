import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, Show, TopToolbar, useRecordContext } from 'react-admin';
import { billPdfUrl } from './billing-api';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { SpecTabs } from '../catalogue/SpecTabs';
import { ReissueStatementButton, VoidStatementButton } from './StatementActions';

/**
 * Opens the statement's PDF in a new tab: the tab opens at the click (so no pop-up blocker stops it), then goes
 * to the PDF with a 5-minute download token for this one file (never the session token).
 */
function PdfButton() {
  const bill = useRecordContext<{ id: string | number }>();
  const groupId = useGroupId();
  if (!bill) return null;
  return (
    <Button
      label="PDF"
      data-testid="bill-pdf-link"
      onClick={() => {
        const tab = window.open('about:blank', '_blank');
        void billPdfUrl(bill.id, groupId).then(
          (url) => {
            if (tab) tab.location.href = url;
            else window.location.assign(url);
          },
          () => tab?.close(),
        );
      }}
    >
      <PictureAsPdfIcon />
    </Button>
  );
}

/** A bill: the catalogue's fields and related lists, with a PDF button and, on issued statements, Void and Re-issue. */
export function BillShow() {
  return (
    <Show
      actions={
        <TopToolbar>
          <PdfButton />
          <VoidStatementButton />
          <ReissueStatementButton />
        </TopToolbar>
      }
    >
      <SpecTabs />
    </Show>
  );
}
