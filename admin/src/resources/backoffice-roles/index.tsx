import { ChipField, Create, Datagrid, DateField, Edit, List, SimpleForm, TextField, TextInput } from 'react-admin';
import { RoleInputs } from './RoleInputs';
import { SaveOnlyToolbar } from '../SaveOnlyToolbar';

export function RoleList() {
  return (
    <List filters={[<TextInput key="q" source="q" label="Search" alwaysOn />]} sort={{ field: 'name', order: 'ASC' }}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="name" />
        <ChipField source="accountType" />
        <DateField source="updatedAt" showTime />
      </Datagrid>
    </List>
  );
}

export const RoleCreate = () => (
  <Create redirect="list">
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <RoleInputs />
    </SimpleForm>
  </Create>
);

export const RoleEdit = () => (
  <Edit mutationMode="pessimistic">
    <SimpleForm toolbar={<SaveOnlyToolbar />}>
      <RoleInputs />
    </SimpleForm>
  </Edit>
);
