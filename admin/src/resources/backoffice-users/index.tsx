import { ChipField, Create, Datagrid, Edit, EmailField, List, ReferenceField, ReferenceInput, required, SelectInput, SimpleForm, TextField, TextInput, email } from 'react-admin';
import { BACK_USER_STATUSES } from '@app/api/rules';
import { SaveOnlyToolbar } from '../SaveOnlyToolbar';

const STATUS_CHOICES = BACK_USER_STATUSES.map((status) => ({ id: status, name: status }));

function StaffInputs() {
  return (
    <>
      <TextInput source="email" validate={[required(), email()]} />
      <TextInput source="firstName" validate={required()} />
      <TextInput source="lastName" validate={required()} />
      <ReferenceInput source="backofficeRoleId" reference="BackofficeRole">
        <SelectInput optionText="name" validate={required()} />
      </ReferenceInput>
      <SelectInput source="status" choices={STATUS_CHOICES} defaultValue="ACTIVE" />
    </>
  );
}

export function StaffList() {
  return (
    <List filters={[<TextInput key="q" source="q" label="Search" alwaysOn />]} sort={{ field: 'lastName', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="firstName" />
        <TextField source="lastName" />
        <EmailField source="email" />
        <ReferenceField source="backofficeRoleId" reference="BackofficeRole" link={false} />
        <ChipField source="status" />
      </Datagrid>
    </List>
  );
}

export const StaffCreate = () => (
  <Create redirect="list">
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <StaffInputs />
    </SimpleForm>
  </Create>
);

export const StaffEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <StaffInputs />
    </SimpleForm>
  </Edit>
);
