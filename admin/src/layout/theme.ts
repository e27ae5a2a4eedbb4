import { defaultTheme, type RaThemeOptions } from 'react-admin';

/**
 * react-admin's theme with colours dark enough for text: its default blues and MUI's orange warning give white
 * or blue text under 4.5:1 contrast (the top bar's title, text buttons, links, "Leaving" chips).
 */
export const backOfficeTheme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    ...defaultTheme.palette,
    primary: { main: '#1565c0' },
    secondary: { main: '#0d47a1' },
    warning: { main: '#b45309' },
    success: { main: '#2e7d32' },
  },
  components: {
    ...defaultTheme.components,
    // A table wider than a phone scrolls inside its card instead of widening the page.
    RaDatagrid: { styleOverrides: { root: { '& .RaDatagrid-tableWrapper': { overflowX: 'auto' } } } },
    // ...for which the list's column must be free to be narrower than the table (a flex item's min-width: auto).
    RaList: { styleOverrides: { root: { '& .RaList-main': { minWidth: 0 } } } },
    // An empty list's message is half-transparent "disabled" grey by default: too faint to read.
    RaEmpty: { styleOverrides: { root: { '& .RaEmpty-message': { opacity: 1, color: 'rgba(0, 0, 0, 0.6)' } } } },
    // A list row's "Select this row" checkbox gets its name on its wrapper, where it names nothing (and ARIA does
    // not allow it): a screen reader hears an unnamed checkbox. Move a checkbox's aria-label onto its input.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: { 'aria-label': undefined },
          input: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
        },
      },
    },
    // A chosen saved filter gets an "×" button with no name (a screen reader hears only "button"); clicking the
    // chosen filter itself already clears it, so the unnamed button is left out.
    RaSavedQueryFilterListItem: { styleOverrides: { root: { '& .MuiListItemSecondaryAction-root': { display: 'none' } } } },
    // react-admin's spinners (the app bar's refresh, a list loading) are progress bars with no name: a screen
    // reader hears "progress bar" and nothing more. Each says what it is doing unless the caller names it.
    MuiCircularProgress: { defaultProps: { 'aria-label': 'Loading' } },
  },
};
