import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, Stack, Typography } from '@mui/material';
import { Link, useLocation } from 'react-router-dom';
import { Title, useBasename, useNotify } from 'react-admin';
import { useGroupId } from '../../bootstrap/GroupIdContext';
import { BATCH_LIMIT, changeOf, loadBatch, saveBatch, withNewDates, type BatchContract, type ContractResult } from './batch-api';
import { ContractEditor } from './ContractEditor';
import { DateInput } from './DateInput';

/** Where the list sends its selection (at most 1000 ids) in the navigation's state. */
export const BATCH_PATH = '/house-contracts/batch';

/** "Change every selected contract": new dates for all, optionally carrying what started and ended with each. */
function ChangeAll({ onApply, count }: { onApply: (dates: { start: string; end: string; carry: boolean }) => void; count: number }) {
  const [start, setStart] = useState<string | null>(null);
  const [end, setEnd] = useState<string | null>(null);
  const [carry, setCarry] = useState(true);
  return (
    <Card variant="outlined" component="section" aria-labelledby="batch-all-heading">
      <CardContent>
        <Typography variant="h6" component="h2" id="batch-all-heading">
          Change every selected contract
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, alignItems: 'center', mt: 1 }}>
          <DateInput label="New start date" value={start} onChange={setStart} />
          <DateInput label="New end date" value={end} onChange={setEnd} />
          <FormControlLabel control={<Checkbox checked={carry} onChange={(event) => setCarry(event.target.checked)} />} label="Move services, tariff periods and tenant contracts that start or end with the contract" />
        </Stack>
        <Button variant="outlined" sx={{ mt: 1 }} disabled={!start && !end} onClick={() => onApply({ start: start ?? '', end: end ?? '', carry })}>
          {`Apply to the ${count} contract${count === 1 ? '' : 's'} below`}
        </Button>
      </CardContent>
    </Card>
  );
}

/**
 * The batch update of house contracts (§5): the contracts selected on the House contracts list (at most 1000),
 * changed all at once (new dates carrying their services, tariff periods and tenant contracts along) or one by
 * one (any date, tariff period or tenant contract), then saved together. The server checks each contract by
 * every batch rule and saves it in a transaction of its own; the result of each is shown on its row.
 */
export function BatchUpdatePage() {
  const location = useLocation();
  const basename = useBasename();
  const groupId = useGroupId();
  const notify = useNotify();
  const ids = useMemo(() => ((location.state as { ids?: string[] } | null)?.ids ?? []).map(String), [location.state]);
  const [originals, setOriginals] = useState<BatchContract[] | null>(null);
  const [drafts, setDrafts] = useState<BatchContract[]>([]);
  const [results, setResults] = useState<Map<string, ContractResult>>(new Map());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!ids.length || ids.length > BATCH_LIMIT) return;
    loadBatch(ids, groupId).then(
      (loaded) => (setOriginals(loaded), setDrafts(loaded)),
      (failure: unknown) => setError(failure instanceof Error ? failure.message : String(failure)),
    );
  }, [ids, groupId]);

  const changes = useMemo(() => (originals ? drafts.map((draft, index) => changeOf(originals[index]!, draft)) : []), [originals, drafts]);
  const changed = changes.filter((change) => change !== null);

  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await saveBatch(changed, groupId);
      setResults(new Map(saved.map((result) => [result.houseContractId, result])));
      const ok = saved.filter((result) => result.ok).length;
      notify(`${ok} saved, ${saved.length - ok} refused`, { type: ok === saved.length ? 'success' : 'warning' });
      // What was saved is the new starting point; refused contracts keep their edits for another try.
      const savedIds = new Set(saved.filter((result) => result.ok).map((result) => result.houseContractId));
      setOriginals((before) => before!.map((original, index) => (savedIds.has(original.id) ? drafts[index]! : original)));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  const back = <Link to={`${basename}/HouseContract`}>House contracts</Link>;
  return (
    <Box sx={{ mt: 2, maxWidth: 1100 }}>
      <Title title="Batch update of house contracts" />
      {!ids.length && <Alert severity="info">Select the contracts to change on the {back} list, then choose Batch update.</Alert>}
      {ids.length > BATCH_LIMIT && <Alert severity="error">A batch changes at most {BATCH_LIMIT.toLocaleString('en-GB')} contracts: select fewer on the {back} list.</Alert>}
      {error && <Alert severity="error">{error}</Alert>}
      {ids.length > 0 && ids.length <= BATCH_LIMIT && !originals && !error && <Typography role="status">Loading</Typography>}
      {originals && (
        <Stack spacing={2}>
          <ChangeAll count={drafts.length} onApply={(dates) => setDrafts(originals.map((original) => withNewDates(original, dates)))} />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <Button variant="contained" onClick={() => void save()} disabled={busy || changed.length === 0} data-testid="batch-save">
              {`Save ${changed.length} changed contract${changed.length === 1 ? '' : 's'}`}
            </Button>
            <Button onClick={() => (setDrafts(originals), setResults(new Map()))} disabled={busy}>
              Undo changes
            </Button>
            <Typography variant="body2" color="text.secondary">
              {drafts.length} selected · back to {back}
            </Typography>
          </Stack>
          <div>
            {drafts.map((draft, index) => (
              <ContractEditor key={draft.id} original={originals[index]!} draft={draft} changed={changes[index] !== null} result={results.get(draft.id)} onChange={(next) => setDrafts(drafts.map((old, i) => (i === index ? next : old)))} />
            ))}
          </div>
        </Stack>
      )}
    </Box>
  );
}
