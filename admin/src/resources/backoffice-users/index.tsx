import {
  BooleanInput,
  ChipField,
  Create,
  Datagrid,
  Edit,
  EmailField,
  FormDataConsumer,
  FunctionField,
  List,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  required,
  SelectArrayInput,
  SelectInput,
  SimpleForm,
  SingleFieldList,
  TextField,
  TextInput,
  email,
  useRecordContext,
} from 'react-admin';
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
      <GroupInputs />
    </>
  );
}

/** Which groups (brands) the account works for: every one, or those chosen (X-Group-ID may name only these). */
function GroupInputs() {
  return (
    <>
      <BooleanInput source="allGroups" label="Works for every group" helperText="Head office: every brand, those added later included" />
      <FormDataConsumer<{ allGroups?: boolean }>>
        {({ formData }) =>
          !formData.allGroups && (
            <ReferenceArrayInput source="groupIds" reference="Group">
              <SelectArrayInput optionText="name" label="Groups" validate={required('Choose at least one group')} />
            </ReferenceArrayInput>
          )
        }
      </FormDataConsumer>
    </>
  );
}

/** "All groups", or the names of the account's groups. */
function GroupsField() {
  const staff = useRecordContext<{ allGroups?: boolean }>();
  if (staff?.allGroups) return <>All groups</>;
  return (
    <ReferenceArrayField source="groupIds" reference="Group">
      <SingleFieldList linkType={false}>
        <ChipField source="name" size="small" />
      </SingleFieldList>
    </ReferenceArrayField>
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
        <FunctionField label="Groups" render={() => <GroupsField />} />
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
