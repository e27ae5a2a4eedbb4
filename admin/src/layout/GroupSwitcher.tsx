import { useEffect, useState } from 'react';
import { MenuItem, TextField } from '@mui/material';
import { useGroupId } from '../bootstrap/GroupIdContext';
import { fetchMyGroups, type MyGroup } from '../bootstrap/my-groups';

/**
 * The brand being worked in, switchable when the account works for more than one (a new page per group). In
 * the top bar from a tablet up; on a phone, where the bar has no room beside the page's title, in the menu.
 */
export function GroupSwitcher({ place = 'bar' }: { place?: 'bar' | 'menu' }) {
  const groupId = useGroupId();
  const [groups, setGroups] = useState<MyGroup[]>([]);
  useEffect(() => {
    void fetchMyGroups().then((answer) => setGroups(answer ?? []));
  }, []);
  if (groups.length < 2) return null;
  return (
    <TextField
      select
      size="small"
      label="Group"
      value={groupId}
      onChange={(event) => window.location.assign(`/admin/${event.target.value}/`)}
      sx={
        place === 'bar'
          ? {
              display: { xs: 'none', sm: 'inline-flex' },
              mr: 1,
              minWidth: 120,
              maxWidth: 220,
              '& .MuiInputBase-root, & .MuiInputLabel-root, & .MuiSvgIcon-root': { color: 'inherit' },
              // The bar's text colour (white, or dark on a light brand colour), a little softer.
              '& .MuiOutlinedInput-notchedOutline': { borderColor: 'currentColor', opacity: 0.7 },
            }
          : { display: { xs: 'flex', sm: 'none' }, mx: 2, my: 1 }
      }
    >
      {groups.map((group) => (
        <MenuItem key={group.id} value={group.id}>
          {group.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
