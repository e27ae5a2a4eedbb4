import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import { Button, Show, TopToolbar, useRecordContext } from 'react-admin';
import { billPdfUrl } from './billing-api';
import { SpecTabs } from '../catalogue/SpecTabs';
import { ReissueStatementButton, VoidStatementButton } from './StatementActions';

/** Opens the statement's PDF in a new tab (a plain link: the token goes as ?jwt=, read when clicked). */
function PdfButton() {
  const bill = useRecordContext<{ id: string | number }>();
  if (!bill) return null;
  return (
    <Button
      label="PDF"
      component="a"
      href={billPdfUrl(bill.id)}
      target="_blank"
      rel="noopener noreferrer"
      data-testid="bill-pdf-link"
      onClick={(event) => {
        // The token may have been renewed since the page rendered.
        event.currentTarget.setAttribute('href', billPdfUrl(bill.id));
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
