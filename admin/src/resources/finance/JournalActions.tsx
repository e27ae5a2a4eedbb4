import UndoIcon from '@mui/icons-material/Undo';
import DownloadIcon from '@mui/icons-material/Download';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { ConfirmAction } from '../ConfirmAction';
import { canManageJournals, exportSalesJournal, reverseSalesJournal, type JournalFormat } from './finance-api';
import { useExportJob } from '../exports/useExportJob';
import { useRefreshWhen } from './useRefreshWhen';

interface JournalRecord {
  id: string | number;
  status: string;
  exportStatus: string;
  reversesJournalId: string | number | null;
}

/** "Reverse": a new journal of negated lines; this one turns REVERSED and stays listed. Not on reversals themselves. */
export function ReverseJournalButton() {
  const journal = useRecordContext<JournalRecord>();
  const groupId = useGroupId();
  const notify = useNotify();
  const refresh = useRefresh();
  if (!journal || journal.status !== 'GENERATED' || journal.reversesJournalId || !canManageJournals()) return null;
  return (
    <ConfirmAction
      label="Reverse"
      title="Reverse sales journal"
      explanation="A new journal with every line negated is posted, and this journal is marked reversed (it is kept). The period can then be generated again."
      confirm="Reverse"
      icon={<UndoIcon />}
      testId="reverse-journal"
      act={async () => {
        const { reversalId } = await reverseSalesJournal(groupId, journal.id);
        notify(`Sales journal #${journal.id} reversed by journal #${reversalId}`, { type: 'success' });
        refresh();
      }}
    />
  );
}

const FORMATS: JournalFormat[] = ['CSV', 'XLSX'];

/** "Export CSV" / "Export XLSX": the job writes the journal's lines, the file downloads, the journal shows EXPORTED. */
export function ExportJournalButtons() {
  const journal = useRecordContext<JournalRecord>();
  const groupId = useGroupId();
  const { running, follow, progress } = useExportJob();
  const refreshWhen = useRefreshWhen<JournalRecord>('SalesJournal');
  if (!journal || !canManageJournals()) return null;
  return (
    <>
      {FORMATS.map((format) => (
        <Button
          key={format}
          label={`Export ${format}`}
          disabled={running}
          onClick={() =>
            void follow(
              () => exportSalesJournal(groupId, journal.id, format),
              () => refreshWhen(journal.id, (record) => record.exportStatus === 'EXPORTED'),
            )
          }
        >
          <DownloadIcon />
        </Button>
      ))}
      {progress}
    </>
  );
}
