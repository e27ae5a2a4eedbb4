import { Alert, AlertTitle, Box, Typography } from '@mui/material';

/** Shown instead of the back office to an account that works for no group yet (outside react-admin's contexts). */
export function NoGroupPage() {
  return (
    <Box component="main" sx={{ maxWidth: 640, mx: 'auto', mt: 8, px: 2 }}>
      <Alert severity="warning">
        <AlertTitle>You do not have access to this</AlertTitle>
        <Typography>Your account does not work for any group yet. Ask an administrator to add you to one.</Typography>
      </Alert>
    </Box>
  );
}
