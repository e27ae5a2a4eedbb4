import DownloadIcon from '@mui/icons-material/Download';
import { Button, useRecordContext } from 'react-admin';
import { secureDownloadUrl } from '@app/api/client';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { downloadThroughLink } from '../exports/export-api';

/** A Direct Debit file's page: the file itself, as it went to the bureau (a 5-minute link for this file only). */
export function DownloadBacsFileButton() {
  const record = useRecordContext<{ id: number | string; submissionDate: string; serviceUserNumber: string; kind: string }>();
  const groupId = useGroupId();
  if (!record) return null;
  const download = async () => {
    const url = await secureDownloadUrl(`/api/v2/direct-debit/submissions/${record.id}/file`, groupId);
    downloadThroughLink(url, `${record.submissionDate}_${record.serviceUserNumber}_${record.kind}.txt`);
  };
  return (
    <Button label="Download file" onClick={() => void download()} data-testid="download-bacs-file">
      <DownloadIcon />
    </Button>
  );
}
