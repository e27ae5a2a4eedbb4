import BookmarkIcon from '@mui/icons-material/BookmarkBorder';
import { Box, Card, CardContent, List, Typography } from '@mui/material';
import { AddSavedQueryIconButton, extractValidSavedQueries, RemoveSavedQueryIconButton, SavedQueryFilterListItem, useListContext, useSavedQueries, useTranslate } from 'react-admin';

/** Deep equality of plain JSON values, whatever the order of their keys (as react-admin compares saved queries). */
function isEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null || Array.isArray(a) !== Array.isArray(b)) return false;
  const keys = (value: object) => Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  const [left, right] = [keys(a), keys(b)];
  return left.length === right.length && left.every((key) => isEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/**
 * The list's saved filters beside it, kept per list on the member of staff's account (preferences/account-store): the current filter saved under a
 * name, picked again with one click. react-admin's <SavedQueriesList> pieces (its save and remove buttons and
 * dialogs, its list items), laid out so its list holds only list items (its own puts the save button inside
 * the <ul>, which screen readers and axe refuse). From a tablet up; on a phone the same saved filters are in the
 * "Add filter" menu, which also saves the current one.
 */
export function SavedFiltersAside() {
  const translate = useTranslate();
  const { resource, filterValues, displayedFilters, sort, perPage } = useListContext();
  const [savedQueries] = useSavedQueries(resource);
  const saved = extractValidSavedQueries(savedQueries);
  const current = { filter: filterValues, sort, perPage, displayedFilters };
  const currentIsSaved = saved.some((query) => isEqual(query.value, current));
  const filtered = !isEqual(filterValues, {});
  const label = translate('ra.saved_queries.label');
  return (
    <Card component="section" aria-label={label} sx={{ display: { xs: 'none', md: 'block' }, order: -1, flex: '0 0 14em', mr: 2, mt: 8, alignSelf: 'flex-start' }}>
      <CardContent sx={{ pt: 1, '&:last-child': { pb: 1 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minHeight: 34 }}>
          <BookmarkIcon fontSize="small" aria-hidden />
          <Typography variant="overline" component="h2" sx={{ flex: 1 }}>
            {label}
          </Typography>
          {currentIsSaved ? <RemoveSavedQueryIconButton /> : filtered ? <AddSavedQueryIconButton /> : null}
        </Box>
        {saved.length ? (
          <List dense disablePadding>
            {saved.map((query, index) => (
              <SavedQueryFilterListItem key={index} label={query.label} value={query.value} />
            ))}
          </List>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ pb: 1 }}>
            {translate('ra.saved_queries.help')}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
