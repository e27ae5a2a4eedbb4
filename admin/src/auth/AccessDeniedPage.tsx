import LockIcon from '@mui/icons-material/Lock';
import { Box, Typography } from '@mui/material';
import { Link } from 'react-router-dom';
import { useBasename } from 'react-admin';
import { ACCESS_DENIED_MESSAGE } from '../providers/dataProvider';

/** Where react-admin sends a user whose role cannot open a page: says so, and offers the dashboard; the session stays. */
export function AccessDeniedPage() {
  const basename = useBasename();
  return (
    <Box sx={{ p: 4, textAlign: 'center' }}>
      <LockIcon color="disabled" sx={{ fontSize: 48 }} />
      <Typography variant="h5" component="h1" sx={{ mt: 1 }}>
        {ACCESS_DENIED_MESSAGE}
      </Typography>
      <Typography sx={{ mt: 1 }}>Your role does not include this page. Ask an administrator if you need it.</Typography>
      <Typography sx={{ mt: 2 }}>
        <Link to={`${basename}/`}>Back to the dashboard</Link>
      </Typography>
    </Box>
  );
}
