import { Alert } from '@mui/material';
import { Pagination, useListContext, useTranslate } from 'react-admin';

/**
 * Pagination of lists whose count stops at `limit` (the catalogue's countLimit): when the count reaches it,
 * say so and ask for narrower filters. The pages offered never go beyond the limit, which the API refuses.
 */
export function LimitedPagination({ limit }: { limit?: number }) {
  const { total } = useListContext();
  const translate = useTranslate();
  const capped = limit !== undefined && total !== undefined && total >= limit;
  return (
    <>
      {capped && (
        <Alert severity="info" sx={{ mx: 2, mt: 1 }} role="status">
          {translate('shb.catalogue.count_limit', { count: limit.toLocaleString('en-GB') })}
        </Alert>
      )}
      <Pagination rowsPerPageOptions={[10, 25, 50, 100]} />
    </>
  );
}
