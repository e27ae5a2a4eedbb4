import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import { Menu, MenuItem } from '@mui/material';
import { findResourceSpec, londonDate } from '@app/api/rules';
import { Button, useCanAccess, useListContext, useResourceContext, useTranslate } from 'react-admin';
import { exportFileName, type ExportFormat } from './export-api';
import { useExportJob } from './useExportJob';

const FORMATS: Array<{ format: ExportFormat; key: string; label: string }> = [
  { format: 'csv', key: 'shb.exports.csv', label: 'CSV' },
  { format: 'xlsx', key: 'shb.exports.xlsx', label: 'Excel (XLSX)' },
  { format: 'zip', key: 'shb.exports.zip', label: 'ZIP archive' },
];

/**
 * Export of the list as it is filtered and sorted now: CSV, XLSX or a ZIP of CSVs (with the records'
 * documents, e.g. bill PDFs), made by a job on the server, its progress shown while it runs, downloaded
 * through a temporary link when done. Disabled while an export runs; hidden without READ on the list.
 */
export function ExportMenuButton() {
  const { filterValues, sort, total } = useListContext();
  const resource = useResourceContext();
  const { canAccess } = useCanAccess({ resource, action: 'export' });
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const job = useExportJob();

  if (!resource || canAccess !== true) return null;

  const run = (format: ExportFormat) => {
    setAnchor(null);
    const label = findResourceSpec(resource)?.label ?? resource;
    const fileName = exportFileName(label, format, londonDate(new Date()));
    void job.run(format, { fileName, resource, filter: filterValues ?? {}, sortField: sort?.field || undefined, sortOrder: sort?.order || undefined });
  };

  return (
    <>
      {/* Named explicitly: on a phone react-admin shows only the icon, and drops the name when disabled. */}
      <Button
        label={translate('shb.exports.export', { _: 'Export' })}
        aria-label={translate('shb.exports.export', { _: 'Export' })}
        onClick={(event) => setAnchor(event.currentTarget)}
        disabled={job.running || total === 0}
        aria-haspopup="menu"
        aria-controls={anchor ? 'export-menu' : undefined}
      >
        <DownloadIcon />
      </Button>
      <Menu id="export-menu" anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {FORMATS.map(({ format, key, label }) => (
          <MenuItem key={format} onClick={() => run(format)}>
            {translate(key, { _: label })}
          </MenuItem>
        ))}
      </Menu>
      {job.progress}
    </>
  );
}
