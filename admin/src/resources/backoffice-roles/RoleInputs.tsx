import { Box, Typography } from '@mui/material';
import { CheckboxGroupInput, RadioButtonGroupInput, required, SelectInput, TextInput } from 'react-admin';
import { BACKOFFICE_ACCOUNT_TYPES, BACKOFFICE_AREAS, PERMISSION_KEYS, PERMISSION_LEVELS, valueChoices } from '@app/api/rules';

/** Values in words ("Change to bill", "Read"), stored as the API's codes. */
const choices = valueChoices;

/** A role's name, kind and its permission matrix: NONE / READ / WRITE per area, plus the named keys. */
export function RoleInputs() {
  return (
    <>
      <TextInput source="name" validate={required()} />
      <SelectInput source="accountType" choices={choices(BACKOFFICE_ACCOUNT_TYPES)} defaultValue="STAFF" validate={required()} />
      <Typography variant="h6" component="h2" sx={{ mt: 2 }}>
        Permissions by area
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, columnGap: 4 }}>
        {BACKOFFICE_AREAS.map((area) => (
          <RadioButtonGroupInput key={area} source={`permissions.${area}`} label={`resources.BackofficeRole.areas.${area}`} choices={choices(PERMISSION_LEVELS)} defaultValue="NONE" row />
        ))}
      </Box>
      <CheckboxGroupInput source="permissionKeys" choices={choices(PERMISSION_KEYS)} />
    </>
  );
}
