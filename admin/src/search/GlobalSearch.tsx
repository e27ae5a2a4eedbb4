import { useEffect, useState } from 'react';
import SearchIcon from '@mui/icons-material/Search';
import { Autocomplete, Dialog, DialogContent, IconButton, TextField, Tooltip } from '@mui/material';
import { useBasename } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useGroupId } from '../bootstrap/GroupIdContext';
import { searchRecords, type SearchHit } from './search-api';

const DEBOUNCE_MS = 200;

/**
 * Search everywhere, from the top bar (or the "/" key): a house by address or postcode, a tenant by name or
 * e-mail, an agency by name, a contract, bill or payment by its reference; choosing one opens its page.
 */
export function GlobalSearch() {
  const groupId = useGroupId();
  const basename = useBasename();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const typing = event.target instanceof HTMLElement && event.target.closest('input, textarea, [contenteditable="true"]');
      if (event.key === '/' && !typing) {
        event.preventDefault();
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  useEffect(() => {
    if (text.trim().length < 2) return;
    let current = true;
    const timer = setTimeout(() => {
      setLoading(true);
      searchRecords(groupId, text).then(
        (found) => current && setHits(found),
        () => current && setHits([]),
      ).finally(() => current && setLoading(false));
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [text, groupId]);

  const close = () => {
    setOpen(false);
    setText('');
    setHits([]);
  };

  return (
    <>
      <Tooltip title="Search everywhere (/)">
        <IconButton color="inherit" aria-label="Search everywhere" onClick={() => setOpen(true)}>
          <SearchIcon />
        </IconButton>
      </Tooltip>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" slotProps={{ paper: { 'aria-label': 'Search everywhere' } }}>
        <DialogContent>
          <Autocomplete<SearchHit>
            open={text.trim().length >= 2}
            options={text.trim().length >= 2 ? hits : []}
            loading={loading}
            filterOptions={(options) => options}
            groupBy={(hit) => hit.kind}
            getOptionLabel={(hit) => hit.label}
            isOptionEqualToValue={(a, b) => a.resource === b.resource && a.id === b.id}
            noOptionsText="Nothing found"
            inputValue={text}
            onInputChange={(_event, value) => setText(value)}
            onChange={(_event, hit) => {
              if (!hit) return;
              close();
              navigate(`${basename}/${hit.resource}/${hit.id}/show`);
            }}
            renderInput={(params) => <TextField {...params} autoFocus label="Search everywhere" placeholder="Address, postcode, name, e-mail or reference (HC-12)" />}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
